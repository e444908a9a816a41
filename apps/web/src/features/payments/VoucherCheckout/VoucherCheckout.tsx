import "@mantine/core/styles/Button.css";
import "@mantine/core/styles/Input.css";
import "@mantine/core/styles/Loader.css";
import "@mantine/core/styles/SegmentedControl.css";
import "@mantine/core/styles/SimpleGrid.css";
import "@mantine/core/styles/Stack.css";
import "@mantine/core/styles/Text.css";
import { Button, Loader, NativeSelect, SegmentedControl, SimpleGrid, Stack, Text, Textarea, TextInput } from "@mantine/core";
import {
  DEFAULT_MONETARY_VOUCHER_AMOUNT,
  formatPence,
  isMonetaryAmount,
  MONETARY_VOUCHER_AMOUNTS,
  VOUCHER_PEOPLE,
  VOUCHER_TYPE_LABELS,
  type VoucherIntentAnswer,
  type VoucherType,
} from "@tearoom/domain";
import { useToast } from "@tearoom/ui";
import { useEffect, useRef, useState, type FormEvent } from "react";
import { useNavigate } from "react-router";
import { HttpError } from "../../../lib/http";
import { checkForm, prefetchFormSchemas } from "../../forms/check-form";
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
export function VoucherCheckout({ type, amount, amountGiven }: { type: VoucherType; amount: number; /** The query carried a valid amount. */ amountGiven: boolean }) {
  const perPerson = type !== "monetary";
  const [pounds, setPounds] = useState<number>(isMonetaryAmount(amount) ? amount : DEFAULT_MONETARY_VOUCHER_AMOUNT);
  const [people, setPeople] = useState<number>(VOUCHER_PEOPLE.default);
  const [details, setDetails] = useState<Details>(EMPTY);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [intent, setIntent] = useState<VoucherIntentAnswer | null>(null);
  const [paying, setPaying] = useState(false);
  const [priceNotice, setPriceNotice] = useState<string | null>(null);
  const handleRef = useRef<PaymentHandle | null>(null);
  const started = useRef(false);
  const { toast } = useToast();
  const navigate = useNavigate();

  useEffect(() => {
    if (started.current) return;
    started.current = true;
    // The spec's request: voucherType and amount. Per-person vouchers start at one person, and
    // their amount is checked only when the link carried one (the price the visitor was shown, R3).
    const monetary = isMonetaryAmount(amount) ? amount : DEFAULT_MONETARY_VOUCHER_AMOUNT;
    const asked = perPerson ? { voucherType: type, ...(amountGiven ? { amount } : {}), people: VOUCHER_PEOPLE.default } : { voucherType: type, amount: monetary };
    createVoucherPaymentIntent(asked)
      .catch((err: unknown) => {
        // The link's amount no longer matches the price (R3: the server refuses it). Ask again
        // without it, so the server prices the voucher, and tell the visitor what it costs now.
        const linkAmountRefused = err instanceof HttpError && err.status === 400 && (perPerson ? amountGiven : monetary !== DEFAULT_MONETARY_VOUCHER_AMOUNT);
        if (!linkAmountRefused) throw err;
        return createVoucherPaymentIntent(perPerson ? { voucherType: type, people: VOUCHER_PEOPLE.default } : { voucherType: type, amount: DEFAULT_MONETARY_VOUCHER_AMOUNT }).then((answer) => {
          if (!perPerson) setPounds(DEFAULT_MONETARY_VOUCHER_AMOUNT);
          setPriceNotice(
            perPerson && answer.unitPence !== null
              ? `The price has changed since you chose this voucher: it is now ${formatPence(answer.unitPence)} per person.`
              : `A £${monetary} voucher is not offered at the moment; please choose a value below.`,
          );
          return answer;
        });
      })
      .then((answer) => {
        if (!answer?.clientSecret) throw new Error("Failed to create payment intent");
        setIntent(answer);
      })
      // Spec: a failure here is only logged and the spinner stays.
      .catch((err: unknown) => console.error("Failed to create payment intent", err));
  }, [type, amount, amountGiven, perPerson]);

  if (!intent) {
    return (
      <div className={classes.waiting}>
        <Loader color="sage" aria-label="Preparing secure payment" />
      </div>
    );
  }

  const totalPence = perPerson ? (intent.unitPence ?? 0) * people : pounds * 100;
  const set = (field: keyof Details) => (value: string) => {
    setDetails((d) => ({ ...d, [field]: value }));
    setErrors((e) => ({ ...e, [field]: "" }));
  };

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (paying) return;
    const purchase = { voucherType: type, amount: totalPence / 100, ...(perPerson ? { people } : {}), ...details };
    const checked = await checkForm("voucherPurchase", purchase).catch((error: unknown) => {
      toast({ variant: "destructive", title: "Payment Failed", description: reasonOf(error) ?? "Please try again." });
    });
    if (!checked) return;
    if (!checked.ok) {
      setErrors(checked.errors);
      return;
    }
    const handle = handleRef.current;
    if (!handle) {
      toast({ variant: "destructive", title: "Payment Failed", description: "The payment form is not ready yet. Please try again." });
      return;
    }
    setPaying(true);
    try {
      const problem = await handle.prepare();
      if (problem) {
        toast({ variant: "destructive", title: "Payment Failed", description: problem });
        return;
      }
      let refresh = false;
      try {
        const answer = await attachVoucherDetails(intent.clientSecret, { ...purchase, message: details.message });
        refresh = answer.amountPence !== intent.amountPence;
      } catch (err) {
        console.error(err);
        toast({ variant: "destructive", title: "Payment Failed", description: reasonOf(err) ?? "Please try again." });
        return;
      }
      const outcome = await handle.confirm({ clientSecret: intent.clientSecret, returnPath: "/confirmation", redirect: "if_required", refresh });
      if (outcome.kind === "failed") {
        toast({ variant: "destructive", title: "Payment Failed", description: outcome.message });
        return;
      }
      if (outcome.kind === "redirecting") {
        await new Promise<never>(() => undefined);
        return;
      }
      toast({ title: "Payment Successful", description: "Thank you for your purchase!" });
      // As the provider's own redirect does: the secret lets the confirmation page show the voucher's code.
      navigate(returnUrlWith("/confirmation", { paymentIntentId: outcome.paymentIntentId, clientSecret: intent.clientSecret, redirectStatus: "succeeded" }));
    } finally {
      setPaying(false);
    }
  };

  return (
    <form method="post" className={classes.form} onSubmit={onSubmit} onFocus={prefetchFormSchemas} noValidate aria-label="Gift voucher checkout">
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
              data={MONETARY_VOUCHER_AMOUNTS.map((a) => ({ value: String(a), label: `£${a}` }))}
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
          <TextInput label="Recipient's name" autoComplete="off" value={details.recipientName} onChange={(e) => set("recipientName")(e.currentTarget.value)} error={errors.recipientName} required disabled={paying} />
          <TextInput label="Recipient's email" type="email" autoComplete="off" value={details.recipientEmail} onChange={(e) => set("recipientEmail")(e.currentTarget.value)} error={errors.recipientEmail} required disabled={paying} />
          <TextInput label="Your name" autoComplete="name" value={details.senderName} onChange={(e) => set("senderName")(e.currentTarget.value)} error={errors.senderName} required disabled={paying} />
          <TextInput label="Your email" type="email" autoComplete="email" value={details.senderEmail} onChange={(e) => set("senderEmail")(e.currentTarget.value)} error={errors.senderEmail} required disabled={paying} />
        </SimpleGrid>
        <Textarea
          label="Personal message"
          description="Optional – printed on the voucher e-mail"
          rows={3}
          maxLength={500}
          value={details.message}
          onChange={(e) => set("message")(e.currentTarget.value)}
          error={errors.message}
          disabled={paying}
        />
      </Stack>

      <PaymentFields mode={{ kind: "intent", clientSecret: intent.clientSecret }} handleRef={handleRef} disabled={paying} />

      <Button type="submit" size="md" fullWidth loading={false} disabled={paying}>
        {paying ? "Processing..." : `Pay ${formatPence(totalPence)}`}
      </Button>
      <Text size="sm" c="dimmed" ta="center">
        The voucher is sent by e-mail to the recipient and is valid for 12 months from purchase.
      </Text>
    </form>
  );
}
