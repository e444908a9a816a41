import "@mantine/core/styles/Button.css";
import "@mantine/core/styles/Input.css";
import "@mantine/core/styles/Loader.css";
import "@mantine/core/styles/SegmentedControl.css";
import "@mantine/core/styles/SimpleGrid.css";
import "@mantine/core/styles/Stack.css";
import "@mantine/core/styles/Text.css";
import { Button, Loader, NativeSelect, SegmentedControl, SimpleGrid, Stack, Text, Textarea, TextInput } from "@mantine/core";
import {
  addMonths,
  defaultMonetaryAmount,
  formatPence,
  formatPenceShort,
  isMonetaryAmount,
  londonNow,
  VOUCHER_DELIVERY_MAX_MONTHS,
  poundsToPence,
  VOUCHER_PEOPLE,
  VOUCHER_TYPE_LABELS,
  voucherPrice,
  type VoucherIntentAnswer,
  type VoucherType,
} from "@tearoom/domain";
import { useToast } from "@tearoom/ui";
import { useEffect, useRef, useState } from "react";
import { useNavigate } from "react-router";
import { HttpError } from "../../../lib/http";
import { usePublicForm } from "../../forms/use-public-form";
import { attachVoucherDetails, createVoucherPaymentIntent, reasonOf } from "../api";
import { PaymentFields } from "../PaymentFields/PaymentFields";
import { returnUrlWith, type PaymentHandle } from "../types";
import classes from "./VoucherCheckout.module.css";

type Details = { recipientName: string; recipientEmail: string; senderName: string; senderEmail: string; message: string };
const EMPTY: Details = { recipientName: "", recipientEmail: "", senderName: "", senderEmail: "", message: "" };

const DESCRIPTIONS: Record<VoucherType, string> = {
  afternoonTea: "Afternoon tea at the tearoom for the number of people you choose.",
  picnicHamper: "A picnic hamper to enjoy in the gardens for the number of people you choose.",
  monetary: "A gift to spend at the tearoom, in the value you choose.",
};

/**
 * Gift-voucher checkout (spec "Checkout", R10): a spinner until the payment secret arrives, then
 * the voucher details and payment form; Processing... while paying; a toast and /confirmation on
 * success, a Payment Failed toast otherwise.
 */
export function VoucherCheckout({
  type,
  amount,
  amountGiven,
  amounts,
}: {
  type: VoucherType;
  amount: number;
  /** The query carried a valid amount. */
  amountGiven: boolean;
  /** The monetary amounts on sale (pounds), undefined while they load. */
  amounts: readonly number[] | undefined;
}) {
  const perPerson = type !== "monetary";
  // A monetary voucher waits for the amounts on sale: asking for one that is not is refused (R3, R33).
  const waitForAmounts = !perPerson && amounts === undefined;
  const onSale = amounts ?? [];
  const startPounds = isMonetaryAmount(amount, onSale) ? amount : defaultMonetaryAmount(onSale);
  const [pounds, setPounds] = useState<number>(startPounds);
  const [people, setPeople] = useState<number>(VOUCHER_PEOPLE.default);
  const [intent, setIntent] = useState<VoucherIntentAnswer | null>(null);
  // R50: when the voucher e-mail goes (empty: now) and to whom.
  const [deliverOn, setDeliverOn] = useState("");
  const [sendTo, setSendTo] = useState<"recipient" | "buyer">("recipient");
  const today = londonNow(new Date()).date;
  const [priceNotice, setPriceNotice] = useState<string | null>(null);
  const handleRef = useRef<PaymentHandle | null>(null);
  const started = useRef(false);
  const { toast } = useToast();
  const navigate = useNavigate();
  const paymentFailed = (description: string) => toast({ variant: "destructive", title: "Payment Failed", description });
  // The domain's voucher formula, as the server quotes it, from the price per person the intent answered.
  const totalPence = !intent ? 0 : (voucherPrice(type, intent.unitPence, perPerson ? { people } : { amountPounds: pounds }) ?? 0);
  const purchaseOf = (details: Details) => ({ voucherType: type, amount: totalPence / 100, ...(perPerson ? { people } : {}), ...details });
  const form = usePublicForm({
    schema: "voucherPurchase",
    initialValues: EMPTY,
    toInput: purchaseOf,
    onValid: async (_checked, details) => {
      const handle = handleRef.current;
      if (!intent || !handle) {
        paymentFailed("The payment form is not ready yet. Please try again.");
        return;
      }
      const problem = await handle.prepare();
      if (problem) {
        paymentFailed(problem);
        return;
      }
      let refresh = false;
      try {
        const answer = await attachVoucherDetails(intent.clientSecret, { ...purchaseOf(details), sendTo, ...(deliverOn ? { deliverOn } : {}) });
        refresh = answer.amountPence !== intent.amountPence;
      } catch (err) {
        console.error(err);
        paymentFailed(reasonOf(err) ?? "Please try again.");
        return;
      }
      const outcome = await handle.confirm({ clientSecret: intent.clientSecret, returnPath: "/confirmation", redirect: "if_required", refresh });
      if (outcome.kind === "failed") {
        paymentFailed(outcome.message);
        return;
      }
      if (outcome.kind === "redirecting") {
        await new Promise<never>(() => undefined);
        return;
      }
      toast({ title: "Payment Successful", description: "Thank you for your purchase!" });
      // As the provider's own redirect does: the secret lets the confirmation page show the voucher's code.
      navigate(returnUrlWith("/confirmation", { paymentIntentId: outcome.paymentIntentId, clientSecret: intent.clientSecret, redirectStatus: "succeeded" }));
    },
    onFailure: (error) => paymentFailed(reasonOf(error) ?? "Please try again."),
  });
  const { values: details, errors, pending: paying } = form;

  useEffect(() => {
    if (started.current || waitForAmounts) return;
    started.current = true;
    // The spec's request: voucherType and amount. Per-person vouchers start at one person, and
    // their amount is checked only when the link carried one (the price the visitor was shown, R3).
    createVoucherPaymentIntent(
      perPerson ? { voucherType: type, ...(amountGiven ? { amount } : {}), people: VOUCHER_PEOPLE.default } : { voucherType: type, amount: startPounds },
    )
      .catch((err: unknown) => {
        // The link's amount no longer matches the price (R3: the server refuses it). Ask again
        // without it, so the server prices the voucher, and tell the visitor what it costs now.
        if (!(perPerson && amountGiven && err instanceof HttpError && err.status === 400)) throw err;
        return createVoucherPaymentIntent({ voucherType: type, people: VOUCHER_PEOPLE.default }).then((answer) => {
          if (answer.unitPence !== null)
            setPriceNotice(`The price has changed since you chose this voucher: it is now ${formatPence(answer.unitPence)} per person.`);
          return answer;
        });
      })
      .then((answer) => {
        if (!answer?.clientSecret) throw new Error("Failed to create payment intent");
        setIntent(answer);
      })
      // Spec: a failure here is only logged and the spinner stays.
      .catch((err: unknown) => console.error("Failed to create payment intent", err));
  }, [type, amount, amountGiven, perPerson, waitForAmounts, startPounds]);

  if (!intent) {
    return (
      <div className={classes.waiting}>
        <Loader color="sage" aria-label="Preparing secure payment" />
      </div>
    );
  }

  return (
    <form {...form.formProps} className={classes.form} aria-label="Gift voucher checkout">
      <section className={classes.summary} aria-labelledby="voucher-summary">
        <Text component="h2" id="voucher-summary" className={classes.summaryTitle}>
          {VOUCHER_TYPE_LABELS[type]}
        </Text>
        {priceNotice ? (
          <p className={classes.notice} role="status" data-testid="price-notice">
            {priceNotice}
          </p>
        ) : null}
        <Text size="sm" c="dimmed">
          {DESCRIPTIONS[type]}
          {perPerson && intent.unitPence !== null ? ` ${formatPence(intent.unitPence)} per person.` : ""}
        </Text>
        {perPerson ? (
          <NativeSelect
            label="Number of people"
            value={String(people)}
            onChange={(e) => setPeople(Number(e.currentTarget.value))}
            data={Array.from({ length: VOUCHER_PEOPLE.max - VOUCHER_PEOPLE.min + 1 }, (_, i) => String(VOUCHER_PEOPLE.min + i))}
            error={errors.people}
            disabled={paying}
            className={classes.people}
          />
        ) : (
          <div>
            <Text component="label" id="voucher-value-label" size="sm" fw={500} className={classes.valueLabel}>
              Voucher value
            </Text>
            <SegmentedControl
              aria-labelledby="voucher-value-label"
              fullWidth
              color="sage"
              value={String(pounds)}
              onChange={(v) => setPounds(Number(v))}
              data={onSale.map((a) => ({ value: String(a), label: formatPenceShort(poundsToPence(a)) }))}
              disabled={paying}
            />
          </div>
        )}
        <p className={classes.total}>
          <span>Total</span>
          <strong data-testid="checkout-total">{formatPence(totalPence)}</strong>
        </p>
      </section>

      <Stack gap="sm">
        <Text component="h2" className={classes.groupTitle}>
          Who is it for?
        </Text>
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
          <TextInput
            label="Recipient's name"
            autoComplete="off"
            value={details.recipientName}
            onChange={(e) => form.setField("recipientName", e.currentTarget.value)}
            error={errors.recipientName}
            required
            disabled={paying}
          />
          <TextInput
            label="Recipient's email"
            type="email"
            autoComplete="off"
            value={details.recipientEmail}
            onChange={(e) => form.setField("recipientEmail", e.currentTarget.value)}
            error={errors.recipientEmail}
            required
            disabled={paying}
          />
          <TextInput
            label="Your name"
            autoComplete="name"
            value={details.senderName}
            onChange={(e) => form.setField("senderName", e.currentTarget.value)}
            error={errors.senderName}
            required
            disabled={paying}
          />
          <TextInput
            label="Your email"
            type="email"
            autoComplete="email"
            value={details.senderEmail}
            onChange={(e) => form.setField("senderEmail", e.currentTarget.value)}
            error={errors.senderEmail}
            required
            disabled={paying}
          />
        </SimpleGrid>
        <Textarea
          label="Personal message"
          description="Optional – printed on the voucher e-mail"
          rows={3}
          maxLength={500}
          value={details.message}
          onChange={(e) => form.setField("message", e.currentTarget.value)}
          error={errors.message}
          disabled={paying}
        />
      </Stack>

      <Stack gap="sm">
        <Text component="h2" className={classes.groupTitle}>
          Sending the voucher
        </Text>
        <div>
          <Text component="label" id="voucher-send-to-label" size="sm" fw={500} className={classes.valueLabel}>
            Who should we e-mail the voucher to?
          </Text>
          <SegmentedControl
            aria-labelledby="voucher-send-to-label"
            fullWidth
            color="sage"
            value={sendTo}
            onChange={(v) => setSendTo(v === "buyer" ? "buyer" : "recipient")}
            data={[
              { value: "recipient", label: "The recipient" },
              { value: "buyer", label: "Me, to print" },
            ]}
            disabled={paying}
          />
        </div>
        <TextInput
          label="Delivery date"
          description={
            sendTo === "buyer"
              ? "Optional – leave empty to get it now, or choose the day it reaches you (at 8 am), up to a year ahead."
              : "Optional – leave empty to send it now, or choose the day it arrives (at 8 am), up to a year ahead."
          }
          type="date"
          min={today}
          max={addMonths(today, VOUCHER_DELIVERY_MAX_MONTHS)}
          value={deliverOn}
          onChange={(e) => setDeliverOn(e.currentTarget.value)}
          disabled={paying}
        />
      </Stack>

      <PaymentFields mode={{ kind: "intent", clientSecret: intent.clientSecret }} handleRef={handleRef} disabled={paying} />

      <Button type="submit" size="md" fullWidth loading={false} disabled={paying}>
        {paying ? "Processing..." : `Pay ${formatPence(totalPence)}`}
      </Button>
      <Text size="sm" c="dimmed" ta="center">
        The voucher is e-mailed {sendTo === "buyer" ? "to you to print" : "to the recipient"}
        {deliverOn ? " at 8 am on the day you chose" : " straight away"} and is valid for 12 months from purchase.
      </Text>
    </form>
  );
}
