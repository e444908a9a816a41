import { Button, Group, NativeSelect, NumberInput, SimpleGrid, Stack, Text, TextInput } from "@mantine/core";
import { useForm } from "@mantine/form";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { VOUCHER_PEOPLE, VOUCHER_SOURCE_LABELS, VOUCHER_TYPE_LABELS, VOUCHER_TYPES, type VoucherDetail, type VoucherType } from "@tearoom/domain";
import { useTRPC } from "../../trpc";
import { Dialog } from "../common/Dialog";
import { useFeedback } from "../common/feedback";
import { emptyIssue, STAFF_SOURCES, toIssue, type IssueValues } from "./voucher-forms";

interface IssueVoucherDialogProps {
  opened: boolean;
  onClose: () => void;
  /** The new voucher, to open it with its code. */
  onIssued: (voucher: VoucherDetail) => void;
}

/** R50: staff issue a voucher sold at the till or by phone, or given as a gesture. */
export function IssueVoucherDialog({ opened, onClose, onIssued }: IssueVoucherDialogProps) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const { success, failure } = useFeedback();
  const form = useForm<IssueValues>({
    initialValues: emptyIssue,
    validate: (values) => {
      const result = toIssue(values);
      return result.ok ? {} : result.errors;
    },
  });
  const issue = useMutation(
    trpc.vouchers.issue.mutationOptions({
      onSuccess: async (v) => {
        await Promise.all([queryClient.invalidateQueries(trpc.vouchers.list.pathFilter()), queryClient.invalidateQueries(trpc.vouchers.stats.pathFilter())]);
        success("Voucher issued", v.recipientEmail ? `${v.voucherCode} was e-mailed to ${v.recipientEmail}.` : `The code is ${v.voucherCode}.`);
        form.reset();
        onIssued(v);
      },
      onError: (error) => failure("Failed to issue the voucher.", error),
    }),
  );
  const monetary = form.values.voucherType === "monetary";

  return (
    <Dialog opened={opened} onClose={onClose} title="Issue a voucher" size="lg">
      <form
        noValidate
        aria-label="Issue a voucher"
        onSubmit={form.onSubmit(async (values) => {
          const result = toIssue(values);
          if (result.ok) await issue.mutateAsync(result.data).catch(() => undefined);
        })}
      >
        <Stack gap="sm">
          <Text size="sm" c="dimmed">
            For a voucher sold at the till or by phone, or given as a gesture. With the recipient's e-mail address it is sent to them at once; without it, give
            them the code or print the voucher.
          </Text>
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
            <NativeSelect
              label="Type"
              data={VOUCHER_TYPES.map((t) => ({ value: t, label: VOUCHER_TYPE_LABELS[t] }))}
              {...form.getInputProps("voucherType")}
              onChange={(e) => form.setFieldValue("voucherType", e.currentTarget.value as VoucherType)}
            />
            {monetary ? (
              <NumberInput
                label="Amount (£)"
                min={1}
                clampBehavior="none"
                decimalScale={2}
                hideControls
                inputMode="decimal"
                required
                {...form.getInputProps("amount")}
              />
            ) : (
              <NumberInput
                label="People"
                description="Priced from today's pricing"
                min={VOUCHER_PEOPLE.min}
                max={VOUCHER_PEOPLE.max}
                clampBehavior="none"
                allowDecimal={false}
                required
                {...form.getInputProps("people")}
              />
            )}
            <TextInput label="Recipient's name" description="Optional" maxLength={100} {...form.getInputProps("recipientName")} />
            <TextInput
              label="Recipient's e-mail"
              description="Optional – the voucher is e-mailed here"
              type="email"
              maxLength={254}
              {...form.getInputProps("recipientEmail")}
            />
            <NativeSelect
              label="How it was sold"
              data={STAFF_SOURCES.map((s) => ({ value: s, label: VOUCHER_SOURCE_LABELS[s] }))}
              {...form.getInputProps("source")}
            />
            <TextInput label="Note" description="Optional – kept in the voucher's ledger" maxLength={200} {...form.getInputProps("note")} />
          </SimpleGrid>
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose} type="button">
              Cancel
            </Button>
            <Button type="submit" loading={issue.isPending}>
              Issue voucher
            </Button>
          </Group>
        </Stack>
      </form>
    </Dialog>
  );
}
