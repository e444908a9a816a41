import type {
  AfternoonTeaPaymentIntentRequest,
  DemoCard,
  DemoConfirmAnswer,
  PaymentConfig,
  PaymentStatusAnswer,
  SiteInfo,
  SitePrices,
  TeaIntentAnswer,
  VoucherDetailsAnswer,
  VoucherIntentAnswer,
  VoucherType,
} from "@tearoom/domain";
import { getJson, HttpError, postJson } from "../../lib/http";

/** The payment calls of the public site (spec section 7 plus the provider's own steps). */

const request = <T>(path: string) => getJson<T>(path);
const post = <T>(path: string, body: unknown) => postJson<T>(path, body);

/** The server's readable reason for a failed call, for a toast. */
export function reasonOf(err: unknown): string | null {
  return err instanceof HttpError ? (err.serverMessage ?? err.bodyText) : null;
}

let configPromise: Promise<PaymentConfig> | null = null;
/** Which provider takes payments; asked once per page load. */
export function getPaymentConfig(): Promise<PaymentConfig> {
  configPromise ??= request<PaymentConfig>("/api/payments/config").catch((err: unknown) => {
    configPromise = null;
    throw err;
  });
  return configPromise;
}

let pricesPromise: Promise<SitePrices> | null = null;
/** Current prices in pence from the pricing items (R6). */
export function getSitePrices(): Promise<SitePrices> {
  pricesPromise ??= request<SiteInfo>("/api/site")
    .then((site) => site.prices)
    .catch((err: unknown) => {
      pricesPromise = null;
      throw err;
    });
  return pricesPromise;
}

export type TeaIntentRequest = Omit<AfternoonTeaPaymentIntentRequest, "website">;

export function createTeaPaymentIntent(body: TeaIntentRequest): Promise<TeaIntentAnswer> {
  return post("/api/create-payment-intent", body);
}

export function createVoucherPaymentIntent(body: { voucherType: VoucherType; amount?: number; people?: number }): Promise<VoucherIntentAnswer> {
  return post("/api/create-payment-intent", body);
}

export interface VoucherDetails {
  voucherType: VoucherType;
  amount: number;
  people?: number;
  recipientName: string;
  recipientEmail: string;
  senderName: string;
  senderEmail: string;
  message: string;
  /** R50: a London date to send it on (08:00); absent: now. */
  deliverOn?: string;
  /** R50: to the recipient, or to the buyer to print. */
  sendTo?: "recipient" | "buyer";
}

/** Attaches who the voucher is for to the intent before paying; answers the amount the server will charge. */
export function attachVoucherDetails(clientSecret: string, details: VoucherDetails): Promise<VoucherDetailsAnswer> {
  return post("/api/payments/voucher-details", { clientSecret, ...details });
}

export function demoConfirm(clientSecret: string, card: DemoCard, returnUrl: string): Promise<DemoConfirmAnswer> {
  return post("/api/payments/demo/confirm", { clientSecret, card, returnUrl });
}

/** The server's view of a payment; with its client secret, a paid voucher's code and recipient too. */
export function getPaymentStatus(paymentIntentId: string, clientSecret?: string | null): Promise<PaymentStatusAnswer> {
  const query = clientSecret ? `?client_secret=${encodeURIComponent(clientSecret)}` : "";
  return request(`/api/payments/${encodeURIComponent(paymentIntentId)}/status${query}`);
}
