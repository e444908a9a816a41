import type { AfternoonTeaPaymentIntentRequest, DemoCard, SiteInfo, SitePrices, VoucherType } from "@tearoom/domain";
import { getJson, HttpError, postJson } from "../../lib/http";

/** The payment calls of the public site (spec section 7 plus the provider's own steps). */

const request = <T>(path: string) => getJson<T>(path);
const post = <T>(path: string, body: unknown) => postJson<T>(path, body);

/** The server's readable reason for a failed call, for a toast. */
export function reasonOf(err: unknown): string | null {
  return err instanceof HttpError ? (err.serverMessage ?? err.bodyText) : null;
}

export interface PaymentConfig {
  provider: "stripe" | "demo";
  publishableKey?: string;
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

export interface IntentAnswer {
  clientSecret: string;
  paymentIntentId: string;
  amountPence: number;
}

export type TeaIntentRequest = Omit<AfternoonTeaPaymentIntentRequest, "website">;

export function createTeaPaymentIntent(body: TeaIntentRequest): Promise<IntentAnswer & { holdExpiresAt: string }> {
  return post("/api/create-payment-intent", body);
}

export function createVoucherPaymentIntent(body: { voucherType: VoucherType; amount?: number; people?: number }): Promise<IntentAnswer & { unitPence: number | null }> {
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
}

/** Attaches who the voucher is for to the intent before paying; answers the amount the server will charge. */
export function attachVoucherDetails(clientSecret: string, details: VoucherDetails): Promise<{ amountPence: number }> {
  return post("/api/payments/voucher-details", { clientSecret, ...details });
}

export type DemoConfirmAnswer = { status: "succeeded"; paymentIntentId: string; clientSecret: string } | { status: "requires_action"; paymentIntentId: string; redirectUrl: string };

export function demoConfirm(clientSecret: string, card: DemoCard, returnUrl: string): Promise<DemoConfirmAnswer> {
  return post("/api/payments/demo/confirm", { clientSecret, card, returnUrl });
}

export interface PaymentStatusAnswer {
  status: "processing" | "succeeded" | "failed";
  kind: "afternoon-tea" | "voucher";
  bookingReference: string | null;
}

export function getPaymentStatus(paymentIntentId: string): Promise<PaymentStatusAnswer> {
  return request(`/api/payments/${encodeURIComponent(paymentIntentId)}/status`);
}
