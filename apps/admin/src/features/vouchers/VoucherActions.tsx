import { Alert, Button, Group, NumberInput, SegmentedControl, Stack, Text, TextInput, Textarea, Title } from "@mantine/core";
import { schemaResolver, useForm } from "@mantine/form";
import {
  addDays,
  formatLongDate,
  VoucherExpiryUpdateSchema,
  VoucherResendSchema,
  voucherUnit,
  type VoucherDetail,
  type VoucherExpiryUpdate,
  type VoucherRedemption,
  type VoucherResend,
} from "@tearoom/domain";
import { emptyRedeem, toRedemption, type RedeemValues } from "./voucher-forms";

interface ActionProps<T> {
  voucher: VoucherDetail;
  onSubmit: (values: T) => Promise<unknown>;
  pending: boolean;
}

/** Redeem part or all of a voucher: pounds or people, a note; an expired one only with a reason (R35). */
export function RedeemForm({ voucher, onSubmit, pending }: ActionProps<VoucherRedemption>) {
  const monetary = voucherUnit(voucher.voucherType) === "pence";
  const expired = voucher.status === "expired";
  // No max on the fields: a figure over what is left is refused with the server's reason, never
  // silently lowered to the balance.
  const form = useForm<RedeemValues>({
    initialValues: emptyRedeem,
    validate: (values) => {
      const result = toRedemption(voucher, values);
      return result.ok ? {} : result.errors;
    },
  });
  if (voucher.status === "redeemed") return <Text size="sm">Nothing is left on this voucher.</Text>;
  return (
    <form
      noValidate
      aria-labelledby="redeem-title"
      onSubmit={form.onSubmit(async (values) => {
        const result = toRedemption(voucher, values);
        if (!result.ok) return;
        await onSubmit(result.data).then(
          () => form.reset(),
          () => undefined,
        );
      })}
    >
      <Stack gap="xs">
        <Title order={3} size="h5" id="redeem-title">
          Redeem
        </Title>
        {expired ? (
          <Alert color="rose" variant="light" title="This voucher has expired">
            It can only be redeemed with a reason, which is kept in the ledger.
          </Alert>
        ) : null}
        <Group grow align="flex-start" wrap="wrap">
          {monetary ? (
            <NumberInput
              label="Amount (£)"
              min={0.01}
              clampBehavior="none"
              decimalScale={2}
              step={1}
              hideControls
              inputMode="decimal"
              required
              {...form.getInputProps("amount")}
            />
          ) : (
            <NumberInput label="People" min={1} clampBehavior="none" allowDecimal={false} required {...form.getInputProps("people")} />
          )}
          <TextInput label="Note" placeholder="e.g. Afternoon tea, table 4" maxLength={200} {...form.getInputProps("note")} />
        </Group>
        {expired ? (
          <Textarea label="Reason for redeeming an expired voucher" required rows={2} maxLength={200} {...form.getInputProps("overrideReason")} />
        ) : null}
        <Group justify="flex-end">
          <Button type="submit" loading={pending}>
            Redeem
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/** Send the voucher e-mail again, to the recipient or the buyer (R35). */
export function ResendForm({ voucher, onSubmit, pending }: ActionProps<VoucherResend>) {
  const form = useForm<VoucherResend>({ initialValues: { to: "recipient" }, validate: schemaResolver(VoucherResendSchema, { sync: true }) });
  // R50: a voucher staff issued without an address has nobody to send it to; it has no buyer either.
  if (voucher.status === "redeemed" || !voucher.recipientEmail) return null;
  return (
    <form noValidate aria-labelledby="resend-title" onSubmit={form.onSubmit((values) => void onSubmit(values).catch(() => undefined))}>
      <Stack gap="xs">
        <Title order={3} size="h5" id="resend-title">
          Resend the voucher e-mail
        </Title>
        <SegmentedControl
          aria-label="Send to"
          fullWidth
          data={[
            { value: "recipient", label: `Recipient (${voucher.recipientName || voucher.recipientEmail})` },
            ...(voucher.senderEmail ? [{ value: "buyer", label: `Buyer (${voucher.senderName})` }] : []),
          ]}
          {...form.getInputProps("to")}
        />
        <Text size="xs" c="dimmed">
          To {form.values.to === "recipient" ? voucher.recipientEmail : voucher.senderEmail}, with the link to the printable voucher.
        </Text>
        <Group justify="flex-end">
          <Button type="submit" variant="light" loading={pending}>
            Resend e-mail
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/** Move the expiry to a later date (R35). */
export function ExtendExpiryForm({ voucher, onSubmit, pending }: ActionProps<VoucherExpiryUpdate>) {
  const current = voucher.expiryDate.slice(0, 10);
  const form = useForm<VoucherExpiryUpdate>({
    initialValues: { expiryDate: "" },
    validate: (values) => {
      const errors = schemaResolver(VoucherExpiryUpdateSchema, { sync: true })(values);
      if (!errors.expiryDate && values.expiryDate <= current) errors.expiryDate = "Choose a date after the current expiry";
      return errors;
    },
  });
  return (
    <form
      noValidate
      aria-labelledby="extend-title"
      onSubmit={form.onSubmit(
        (values) =>
          void onSubmit(values).then(
            () => form.reset(),
            () => undefined,
          ),
      )}
    >
      <Stack gap="xs">
        <Title order={3} size="h5" id="extend-title">
          Extend the expiry
        </Title>
        <Group align="flex-end" wrap="wrap">
          <TextInput
            type="date"
            label="New expiry date"
            description={`Now ${formatLongDate(current)}`}
            min={addDays(current, 1)}
            style={{ flex: "1 1 12rem" }}
            {...form.getInputProps("expiryDate")}
          />
          <Button type="submit" variant="light" loading={pending}>
            Extend
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
