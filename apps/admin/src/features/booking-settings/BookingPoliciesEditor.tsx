import "@mantine/core/styles/Radio.css";
import "@mantine/core/styles/Alert.css";
import { Alert, Button, Card, Checkbox, Group, NumberInput, Radio, SimpleGrid, Stack, Text, Textarea, Title } from "@mantine/core";
import {
  BOOKING_TYPE_LABELS,
  POLICY_KIND_LABELS,
  POLICY_WEEKDAYS,
  poundsToPence,
  WEEK_DAY_LABELS,
  type BookingPolicy,
  type BookingPolicyInput,
  type PolicyBookingType,
  type PolicyKind,
} from "@tearoom/domain";
import { useState, type FormEvent } from "react";
import { errorMessage } from "../../lib/errors";

interface BookingPoliciesEditorProps {
  /** The four policies as GET /api/booking-policies answers them. */
  policies: BookingPolicy[];
  /** Saves one type's policy; rejects with the server's refusal, shown as it says. */
  onSave: (bookingType: PolicyBookingType, policy: BookingPolicyInput) => Promise<unknown>;
  savingType?: PolicyBookingType;
}

interface Draft {
  kind: PolicyKind;
  deposit: number | string;
  minGuests: number | string;
  weekdays: string[];
  noShow: number | string;
  lateCancel: number | string;
  text: string;
  /** The generated words the page was shown: sent back, they stay generated. */
  shown: string;
}

const pounds = (pence: number) => (pence / 100).toFixed(2);
const toDraft = (p: BookingPolicy): Draft => ({
  kind: p.kind,
  deposit: pounds(p.depositPencePerGuest),
  minGuests: p.minGuests,
  weekdays: [...p.weekdays],
  noShow: pounds(p.noShowFeePencePerGuest),
  lateCancel: pounds(p.lateCancelFeePencePerGuest),
  text: p.text,
  shown: p.text,
});
/** Pounds as typed to pence; an empty box is nothing. */
const pence = (value: number | string) => (value === "" ? 0 : poundsToPence(Number(value)));

/** One booking type's policy in words (R46, R47): what is asked, from how many guests, on which days, the fees, the text. */
function PolicyCard({ policy, onSave, saving }: { policy: BookingPolicy; onSave: BookingPoliciesEditorProps["onSave"]; saving: boolean }) {
  const [draft, setDraft] = useState<Draft>(() => toDraft(policy));
  const [problem, setProblem] = useState<string | null>(null);
  const set = <K extends keyof Draft>(key: K, value: Draft[K]) => setDraft((d) => ({ ...d, [key]: value }));
  const label = BOOKING_TYPE_LABELS[policy.bookingType];
  const tea = policy.bookingType === "afternoonTea";
  const kinds: PolicyKind[] = tea ? ["prepay"] : ["none", "card", "deposit"];

  async function submit(event: FormEvent) {
    event.preventDefault();
    setProblem(null);
    try {
      const saved = (await onSave(policy.bookingType, {
        kind: draft.kind,
        depositPencePerGuest: draft.kind === "deposit" ? pence(draft.deposit) : 0,
        minGuests: Number(draft.minGuests) || 0,
        weekdays: POLICY_WEEKDAYS.filter((d) => draft.weekdays.includes(d)),
        noShowFeePencePerGuest: pence(draft.noShow),
        lateCancelFeePencePerGuest: pence(draft.lateCancel),
        // Unchanged generated words are sent empty, so they follow the amounts.
        text: draft.text.trim() === draft.shown.trim() ? "" : draft.text,
      })) as BookingPolicy;
      setDraft(toDraft(saved));
    } catch (err) {
      setProblem(errorMessage(err, "The policy could not be saved."));
    }
  }

  return (
    <Card withBorder radius="md" padding="md" component="form" onSubmit={submit} aria-label={`${label} policy`}>
      <Stack gap="sm">
        <Title order={3} size="h5">
          {label}
        </Title>
        <Radio.Group label="When booking, the guest" value={draft.kind} onChange={(v) => set("kind", v as PolicyKind)}>
          <Stack gap={6} mt={6}>
            {kinds.map((k) => (
              <Radio key={k} value={k} label={POLICY_KIND_LABELS[k]} />
            ))}
          </Stack>
        </Radio.Group>
        {tea ? (
          <Text size="xs" c="dimmed">
            Afternoon tea is priced and paid online when booked; it cannot ask for less.
          </Text>
        ) : null}
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          {draft.kind === "deposit" ? (
            <NumberInput
              label="Deposit per guest (£)"
              min={0}
              decimalScale={2}
              fixedDecimalScale
              value={draft.deposit}
              onChange={(v) => set("deposit", v)}
              description="Taken when booking, counted towards the bill"
            />
          ) : null}
          <NumberInput
            label="From this many guests"
            min={1}
            max={100}
            allowDecimal={false}
            value={draft.minGuests}
            onChange={(v) => set("minGuests", v)}
            description="Smaller parties book without it"
          />
          <NumberInput
            label="No-show fee per guest (£)"
            min={0}
            decimalScale={2}
            fixedDecimalScale
            value={draft.noShow}
            onChange={(v) => set("noShow", v)}
            description="The most staff may charge to a saved card"
          />
          <NumberInput
            label="Late-cancel fee per guest (£)"
            min={0}
            decimalScale={2}
            fixedDecimalScale
            value={draft.lateCancel}
            onChange={(v) => set("lateCancel", v)}
            description="After the online cancellation cut-off"
          />
        </SimpleGrid>
        <Checkbox.Group label="On these days" description="None ticked: every day" value={draft.weekdays} onChange={(v) => set("weekdays", v)}>
          <Group gap="sm" mt={6}>
            {POLICY_WEEKDAYS.map((d) => (
              <Checkbox key={d} value={d} label={WEEK_DAY_LABELS[d]} />
            ))}
          </Group>
        </Checkbox.Group>
        <Textarea
          label="What guests read"
          description="Shown on the form, the confirmation and the e-mails. Leave it as written to keep it in step with the amounts."
          rows={4}
          value={draft.text}
          onChange={(e) => set("text", e.currentTarget.value)}
        />
        {problem ? (
          <Alert color="red" role="alert">
            {problem}
          </Alert>
        ) : null}
        <Group>
          <Button type="submit" loading={saving}>
            Save {label.toLowerCase()} policy
          </Button>
        </Group>
      </Stack>
    </Card>
  );
}

/** "Payments and policies": one card per booking type (R47). */
export default function BookingPoliciesEditor({ policies, onSave, savingType }: BookingPoliciesEditorProps) {
  return (
    <Stack gap="md" mb="md">
      <Text size="sm" c="dimmed">
        What each kind of booking asks of the guest: nothing, a card kept on file (nothing charged), or a deposit per guest. Fees are the most staff may charge
        later to a saved card.
      </Text>
      {policies.map((p) => (
        <PolicyCard key={`${p.bookingType}-${p.kind}-${p.text}`} policy={p} onSave={onSave} saving={savingType === p.bookingType} />
      ))}
    </Stack>
  );
}
