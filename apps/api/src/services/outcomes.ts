import type { AppContext } from "../context.js";
import { storageProblem } from "../db/storage-errors.js";
import { AppError, ConflictError, StorageUnavailableError, TooManyRequestsError, WarningsError } from "../errors.js";

/**
 * What became of each booking and payment, told to whoever counts them (the metrics, when
 * METRICS_TOKEN turns them on: http/metrics.ts). With nobody listening, telling costs a map lookup.
 */

export type BookingOutcome = "created" | "full" | "limited" | "warnings" | "refused" | "unavailable" | "failed";
/** Each counted once per payment: paid and turned into its booking or voucher, paid but left for staff, or ended unpaid. */
export type PaymentOutcome = "fulfilled" | "needs-attention" | "failed";

export interface OutcomeListener {
  /** `status` is the one asked for: pending (a request), held (a seat hold while paying), confirmed. */
  booking(source: string, status: string, outcome: BookingOutcome): void;
  /** `kind` is the payment's: afternoon-tea, voucher, tea-change. */
  payment(kind: string, outcome: PaymentOutcome): void;
}

const LISTENER = "outcomes.listener";

export function listenToOutcomes(ctx: AppContext, listener: OutcomeListener): void {
  ctx.cache.set(LISTENER, listener);
}

const listener = (ctx: AppContext) => ctx.cache.get(LISTENER) as OutcomeListener | undefined;

/** Why a booking was not stored, from the error its caller is answered with. */
export function bookingRefusal(err: unknown): BookingOutcome {
  if (err instanceof WarningsError) return "warnings";
  if (err instanceof ConflictError) return "full";
  if (err instanceof TooManyRequestsError) return "limited";
  if (err instanceof StorageUnavailableError || storageProblem(err)) return "unavailable";
  if (err instanceof AppError && err.statusCode < 500) return "refused";
  return "failed";
}

export function countBooking(ctx: AppContext, source: string, status: string, outcome: BookingOutcome): void {
  listener(ctx)?.booking(source, status, outcome);
}

export function countPayment(ctx: AppContext, kind: string, outcome: PaymentOutcome): void {
  listener(ctx)?.payment(kind, outcome);
}
