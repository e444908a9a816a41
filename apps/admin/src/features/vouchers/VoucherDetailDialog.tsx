import { Badge, Divider, Group, Loader, SimpleGrid, Stack, Text, Title } from "@mantine/core";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { VOUCHER_SOURCE_LABELS, VOUCHER_TYPE_LABELS, type VoucherDetail } from "@tearoom/domain";
import type { ReactNode } from "react";
import { errorMessage } from "../../lib/errors";
import { useTRPC } from "../../trpc";
import { Dialog } from "../common/Dialog";
import { useFeedback } from "../common/feedback";
import { formatInstantDate, formatShortDate } from "../common/format";
import { TestPaymentBadge } from "../common/TestPaymentBadge";
import { ExtendExpiryForm, RedeemForm, ResendForm } from "./VoucherActions";
import { VoucherLedger } from "./VoucherLedger";
import { remainingText, STATUS_COLORS, STATUS_LABELS } from "./voucher-labels";

function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div>
      <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
        {label}
      </Text>
      <Text size="sm">{children}</Text>
    </div>
  );
}

interface VoucherDetailDialogProps {
  /** The voucher's code; null: closed. */
  code: string | null;
  onClose: () => void;
}

/** One voucher (R35): what is left, its ledger, and redeem, resend and extend. */
export function VoucherDetailDialog({ code, onClose }: VoucherDetailDialogProps) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const { success, failure } = useFeedback();
  const detail = useQuery({ ...trpc.vouchers.get.queryOptions({ code: code ?? "" }), enabled: code !== null, retry: false });
  const settle = async (voucher: VoucherDetail) => {
    queryClient.setQueryData(trpc.vouchers.get.queryKey({ code: voucher.voucherCode }), voucher);
    await Promise.all([queryClient.invalidateQueries(trpc.vouchers.list.pathFilter()), queryClient.invalidateQueries(trpc.vouchers.stats.pathFilter())]);
  };
  const redeem = useMutation(
    trpc.vouchers.redeem.mutationOptions({
      onSuccess: async (v) => {
        await settle(v);
        success("Voucher redeemed", `Left on ${v.voucherCode}: ${remainingText(v)}.`);
      },
      onError: (error) => failure("Failed to redeem the voucher.", error),
    }),
  );
  const resend = useMutation(
    trpc.vouchers.resend.mutationOptions({
      onSuccess: async (v, input) => {
        await settle(v);
        success("Voucher e-mail sent", `Sent to the ${input.to} at ${input.to === "recipient" ? v.recipientEmail : v.senderEmail}.`);
      },
      onError: (error) => failure("Failed to resend the voucher e-mail.", error),
    }),
  );
  const extend = useMutation(
    trpc.vouchers.extend.mutationOptions({
      onSuccess: async (v) => {
        await settle(v);
        success("Expiry extended", `${v.voucherCode} is now valid until ${formatShortDate(v.expiryDate.slice(0, 10))}.`);
      },
      onError: (error) => failure("Failed to extend the expiry.", error),
    }),
  );
  const v = detail.data;

  return (
    <Dialog opened={code !== null} onClose={onClose} title={code ? `Voucher ${code}` : "Voucher"} size="xl">
      {detail.isPending ? (
        <Group justify="center" py="lg">
          <Loader size="sm" aria-label="Loading the voucher" />
        </Group>
      ) : detail.isError || !v ? (
        <Text role="alert">{errorMessage(detail.error, "The voucher could not be loaded. Please try again.")}</Text>
      ) : (
        <Stack gap="lg">
          <Group gap="xs">
            <Text ff="monospace" fw={700} size="lg">
              {v.voucherCode}
            </Text>
            <Badge color={STATUS_COLORS[v.status]} variant="light">
              {STATUS_LABELS[v.status]}
            </Badge>
            {v.testPayment ? <TestPaymentBadge /> : null}
          </Group>
          <SimpleGrid cols={{ base: 2, sm: 3 }} spacing="sm">
            <Fact label="Type">{VOUCHER_TYPE_LABELS[v.voucherType]}</Fact>
            <Fact label="Price">{v.price}</Fact>
            <Fact label="Left">{remainingText(v)}</Fact>
            <Fact label="Recipient">
              {v.recipientName}
              <br />
              <Text span size="xs" c="dimmed">
                {v.recipientEmail}
              </Text>
            </Fact>
            {v.source === "website" ? (
              <Fact label="Bought by">
                {v.senderName}
                <br />
                <Text span size="xs" c="dimmed">
                  {v.senderEmail}
                </Text>
              </Fact>
            ) : (
              <Fact label="Issued by staff">{VOUCHER_SOURCE_LABELS[v.source]}</Fact>
            )}
            <Fact label={v.source === "website" ? "Bought · Expires" : "Issued · Expires"}>
              {formatInstantDate(v.createdAt)} · {formatShortDate(v.expiryDate.slice(0, 10))}
            </Fact>
          </SimpleGrid>
          {v.message ? (
            <Text size="sm" fs="italic">
              “{v.message}”
            </Text>
          ) : null}
          <Stack gap="xs">
            <Title order={3} size="h5">
              Ledger
            </Title>
            <VoucherLedger ledger={v.ledger} />
          </Stack>
          <Divider />
          <RedeemForm
            key={`redeem-${v.status}`}
            voucher={v}
            pending={redeem.isPending}
            onSubmit={(values) => redeem.mutateAsync({ code: v.voucherCode, ...values })}
          />
          <ResendForm voucher={v} pending={resend.isPending} onSubmit={(values) => resend.mutateAsync({ code: v.voucherCode, ...values })} />
          <ExtendExpiryForm
            key={`extend-${v.expiryDate}`}
            voucher={v}
            pending={extend.isPending}
            onSubmit={(values) => extend.mutateAsync({ code: v.voucherCode, ...values })}
          />
        </Stack>
      )}
    </Dialog>
  );
}
