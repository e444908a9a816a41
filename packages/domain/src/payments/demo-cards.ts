/**
 * The demo payment provider's test cards (R7), shared by the card form and the server so both
 * judge a card the same way. No real card is ever charged in demo mode.
 */

export const TEST_MODE_LABEL = "test mode – no real charge";

/** `declines_later`: saving the card succeeds, every charge to it afterwards is declined (R48's declined fee). */
export type DemoCardOutcome = "succeeded" | "declined" | "requires_action" | "declines_later" | "not_a_test_card";

export const DEMO_TEST_CARDS = [
  { number: "4242 4242 4242 4242", outcome: "succeeded", description: "Payment succeeds" },
  { number: "4000 0000 0000 0002", outcome: "declined", description: "Card is declined" },
  { number: "4000 0027 6000 3184", outcome: "requires_action", description: "Asks for authentication (3-D Secure) first" },
  { number: "4000 0000 0000 0341", outcome: "declines_later", description: "Is saved, but later charges to it are declined" },
] as const satisfies readonly { number: string; outcome: DemoCardOutcome; description: string }[];

export const DEMO_CARD_MESSAGES = {
  numberIncomplete: "Your card number is incomplete.",
  numberInvalid: "Your card number is invalid.",
  expiryIncomplete: "Your card's expiration date is incomplete.",
  expiryPast: "Your card's expiration date is in the past.",
  cvcIncomplete: "Your card's security code is incomplete.",
  declined: "Your card was declined.",
  notATestCard: "Your card was declined. This is test mode: please use one of the test cards shown.",
  authenticationFailed: "We are unable to authenticate your payment method. Please choose a different payment method and try again.",
} as const;

export interface DemoCard {
  number: string;
  /** "MM / YY", "MM/YY" or "MMYY". */
  expiry: string;
  cvc: string;
}

export function cardDigits(number: string): string {
  return number.replace(/[\s-]/g, "");
}

/** Groups digits in fours as typed: "4242424242424242" → "4242 4242 4242 4242". */
export function formatCardNumber(input: string): string {
  return cardDigits(input)
    .replace(/\D/g, "")
    .slice(0, 19)
    .replace(/(\d{4})(?=\d)/g, "$1 ");
}

/** Formats an expiry as typed: "1228" → "12 / 28". */
export function formatExpiry(input: string): string {
  const digits = input.replace(/\D/g, "").slice(0, 4);
  return digits.length > 2 ? `${digits.slice(0, 2)} / ${digits.slice(2)}` : digits;
}

function luhnValid(digits: string): boolean {
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let d = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return sum % 10 === 0;
}

/** Field → message for a card that cannot be submitted; empty when it is complete and well formed. */
export function checkDemoCard(card: DemoCard, now: Date = new Date()): Partial<Record<keyof DemoCard, string>> {
  const errors: Partial<Record<keyof DemoCard, string>> = {};
  const digits = cardDigits(card.number);
  if (!/^\d+$/.test(digits) || digits.length < 16) errors.number = DEMO_CARD_MESSAGES.numberIncomplete;
  else if (digits.length > 19 || !luhnValid(digits)) errors.number = DEMO_CARD_MESSAGES.numberInvalid;

  const exp = card.expiry.replace(/\s/g, "").match(/^(\d{2})\/?(\d{2})$/);
  const month = exp ? Number(exp[1]) : 0;
  if (!exp || month < 1 || month > 12) errors.expiry = DEMO_CARD_MESSAGES.expiryIncomplete;
  else {
    const year = 2000 + Number(exp[2]);
    const thisMonth = now.getUTCFullYear() * 12 + now.getUTCMonth();
    if (year * 12 + (month - 1) < thisMonth) errors.expiry = DEMO_CARD_MESSAGES.expiryPast;
  }

  if (!/^\d{3,4}$/.test(card.cvc.trim())) errors.cvc = DEMO_CARD_MESSAGES.cvcIncomplete;
  return errors;
}

/** What the demo provider does with a complete card. */
export function demoCardOutcome(number: string): DemoCardOutcome {
  const digits = cardDigits(number);
  return DEMO_TEST_CARDS.find((c) => cardDigits(c.number) === digits)?.outcome ?? "not_a_test_card";
}
