// Loaded on a form's first use, not with the page (see check-form.ts).
import "../../lib/zod-csp";
import { AfternoonTeaFormSchema, BookingRequestSchema, ContactMessageSchema, fieldErrors, VoucherPurchaseSchema } from "@tearoom/domain";

/** The domain schema behind each public form. */
export const FORM_SCHEMAS = {
  booking: BookingRequestSchema,
  afternoonTea: AfternoonTeaFormSchema,
  contact: ContactMessageSchema,
  voucherPurchase: VoucherPurchaseSchema,
};

export { fieldErrors };
