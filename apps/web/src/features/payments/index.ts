export { PaymentFields, usePaymentConfig, type PaymentFieldsProps } from "./PaymentFields/PaymentFields";
export { useAfternoonTeaPayment, TEA_RETURN_PATH } from "./useAfternoonTeaPayment";
export { VoucherCheckout } from "./VoucherCheckout/VoucherCheckout";
export { PaymentConfirmation } from "./PaymentConfirmation/PaymentConfirmation";
export type { PaymentHandle, PaymentMode, ConfirmOutcome } from "./types";
export { useIntentPayment } from "./useIntentPayment";
