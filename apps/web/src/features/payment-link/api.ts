import type { PaymentLinkView } from "@tearoom/domain";
import { getJson } from "../../lib/http";

// Types only from the domain: the page loads no zod (decision 006).

export const paymentLinkPath = (token: string) => `/api/payment-links/${encodeURIComponent(token)}`;
export const getPaymentLink = (token: string, signal?: AbortSignal) => getJson<PaymentLinkView>(paymentLinkPath(token), signal);
