import type { BookingWarning } from "@tearoom/domain";

/**
 * Errors a service throws for something the caller did or asked for. Both adapters (REST and
 * tRPC) turn them into the matching status with `{ message }`; anything else is a 500 whose
 * details stay in the log.
 */
export class AppError extends Error {
  constructor(
    readonly statusCode: 400 | 401 | 402 | 403 | 404 | 409 | 410 | 413 | 415 | 429 | 502 | 503,
    message: string,
  ) {
    super(message);
    this.name = new.target.name;
  }
}

/** 400: input that passed the schema but breaks a rule (a closed date, a slot outside the settings). */
export class BadRequestError extends AppError {
  constructor(message: string) {
    super(400, message);
  }
}

export class UnauthorizedError extends AppError {
  constructor(message = "Please sign in to continue.") {
    super(401, message);
  }
}

export class ForbiddenError extends AppError {
  constructor(message: string) {
    super(403, message);
  }
}

export class NotFoundError extends AppError {
  constructor(message: string) {
    super(404, message);
  }
}

/** 409: a full slot, a private garden spot already taken, a duplicate. */
export class ConflictError extends AppError {
  constructor(message: string) {
    super(409, message);
  }
}

/**
 * 409 (R29): a staff create or edit that breaks booking rules; nothing was stored or sent. The
 * answer lists each warning so staff can go back or save anyway (`acceptWarnings: true`).
 */
export class WarningsError extends ConflictError {
  constructor(readonly warnings: BookingWarning[]) {
    super(`Please check before saving: ${warnings.map((w) => w.message).join(" ")} Send acceptWarnings: true to save anyway.`);
  }
}

/** 410: a link that worked once and no longer does (R52: an offer that lapsed or was taken back). */
export class GoneError extends AppError {
  constructor(message: string) {
    super(410, message);
  }
}

export class TooManyRequestsError extends AppError {
  constructor(
    message: string,
    readonly retryAfterSeconds: number,
  ) {
    super(429, message);
  }
}

/** 402: the provider declined a card we charged for staff (R48's fees); the message is the provider's, nothing was charged. */
export class PaymentDeclinedError extends AppError {
  constructor(message: string) {
    super(402, message);
  }
}

/** 502: the payment provider failed or refused a call we made for staff (a refund, R34); nothing was recorded. */
export class ProviderFailedError extends AppError {
  constructor(message: string) {
    super(502, message);
  }
}

/** Why the database cannot store anything, in the words `/healthz` reports (R41). */
/** R1: the answer to a staff operation without a live session, on REST and tRPC alike. */
export const UNAUTHORIZED_MESSAGE = "Please sign in to continue.";

export type StorageProblem = "full disk" | "read-only" | "disk error" | "unreachable" | "out of resources" | "busy";

export const STORAGE_UNAVAILABLE_MESSAGE = "The booking system cannot store anything just now. Please try again in a few minutes.";

/** How long a client is asked to wait after a storage failure; the service resumes by itself once storage is back. */
export const STORAGE_RETRY_AFTER_SECONDS = 60;

/**
 * 503 (R41): the database could not store the request (a full disk, a read-only file or database,
 * a database that cannot be reached). Nothing of it was stored: its transaction rolled back. The
 * guest reads a plain message and may send the same request again later (db/storage-errors.ts).
 */
export class StorageUnavailableError extends AppError {
  readonly retryAfterSeconds = STORAGE_RETRY_AFTER_SECONDS;

  constructor(
    readonly problem: StorageProblem,
    cause?: unknown,
  ) {
    super(503, STORAGE_UNAVAILABLE_MESSAGE);
    if (cause !== undefined) this.cause = cause;
  }
}
