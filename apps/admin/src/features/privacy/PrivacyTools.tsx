import "@mantine/core/styles/Alert.css";
import { Alert, Button, Card, Group, Stack, Text, TextInput, Title } from "@mantine/core";
import { useForm } from "@mantine/form";
import { useMutation } from "@tanstack/react-query";
import { PrivacyRequestSchema, type Erasure } from "@tearoom/domain";
import { useState } from "react";
import { Dialog } from "../common/Dialog";
import { useFeedback } from "../common/feedback";
import { useTRPC } from "../../trpc";

/** The form's check, from the same schema the API uses. */
function emailError(value: string): string | null {
  const parsed = PrivacyRequestSchema.safeParse({ email: value.trim() });
  return parsed.success ? null : (parsed.error.issues[0]?.message ?? "Please enter a valid email.");
}

const counted = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;
const erasureSummary = (e: Erasure) =>
  [
    counted(e.bookings, "booking", "bookings"),
    counted(e.vouchers, "voucher", "vouchers"),
    counted(e.enquiries, "enquiry", "enquiries"),
    counted(e.subscriptions, "subscription", "subscriptions"),
    counted(e.waitlist, "waiting-list entry", "waiting-list entries"),
  ].join(", ");

/**
 * R39: export what is held about an address (a JSON file, downloaded from the REST export) and erase
 * a person, after typing the address again.
 */
export function PrivacyTools() {
  const trpc = useTRPC();
  const { success, failure } = useFeedback();
  const form = useForm({ mode: "controlled", initialValues: { email: "" }, validate: { email: emailError } });
  const [confirming, setConfirming] = useState<string | null>(null);
  const [typed, setTyped] = useState("");
  const [erased, setErased] = useState<{ email: string; result: Erasure } | null>(null);

  const erase = useMutation(
    trpc.privacy.erase.mutationOptions({
      onSuccess: (result, input) => {
        success("Personal data erased", erasureSummary(result));
        setErased({ email: input.email, result });
        setConfirming(null);
        form.reset();
      },
      onError: (error) => failure("Failed to erase personal data", error),
    }),
  );

  const exportData = form.onSubmit(({ email }) => {
    window.location.assign(`/api/privacy/export?email=${encodeURIComponent(email.trim())}`);
  });
  const askToErase = () => {
    if (form.validate().hasErrors) return;
    setTyped("");
    setConfirming(form.getValues().email.trim());
  };

  return (
    <Stack gap="lg" maw={640}>
      <Card withBorder padding="lg">
        <form onSubmit={exportData} noValidate>
          <Stack gap="md">
            <Title order={2} fz="h3">
              A person's data
            </Title>
            <Text c="dimmed" size="sm">
              Everything held about an e-mail address: bookings, gift vouchers bought or received, enquiries and the newsletter subscription.
            </Text>
            <TextInput label="E-mail address" type="email" autoComplete="off" {...form.getInputProps("email")} key={form.key("email")} />
            <Group gap="sm">
              <Button type="submit">Export as JSON</Button>
              <Button type="button" color="red" variant="outline" onClick={askToErase}>
                Erase this person…
              </Button>
            </Group>
          </Stack>
        </form>
      </Card>
      {erased ? (
        <Alert title={`Erased ${erased.email}`} color="sage">
          {erasureSummary(erased.result)}. Amounts, dates and references are kept for the accounts.
        </Alert>
      ) : null}
      <Text c="dimmed" size="sm">
        Personal details are also erased automatically, retention_months (a booking setting, 24 by default) after a visit or after an enquiry is resolved.
      </Text>
      <Dialog opened={confirming !== null} onClose={() => setConfirming(null)} title="Erase this person?">
        <Stack gap="md">
          <Text>
            The name, e-mail address, phone number and notes of <strong>{confirming}</strong> are replaced in every booking, voucher, enquiry and subscription,
            and e-mails to them are deleted. This cannot be undone.
          </Text>
          <TextInput label="Type the e-mail address again to confirm" value={typed} onChange={(e) => setTyped(e.currentTarget.value)} autoComplete="off" />
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={() => setConfirming(null)}>
              Cancel
            </Button>
            <Button
              color="red"
              loading={erase.isPending}
              disabled={typed.trim().toLowerCase() !== (confirming ?? "").toLowerCase()}
              onClick={() => confirming && erase.mutate({ email: confirming })}
            >
              Erase
            </Button>
          </Group>
        </Stack>
      </Dialog>
    </Stack>
  );
}
