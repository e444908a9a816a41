import type { Booking } from "@tearoom/domain";

/** A table request as the API answers it to staff; each test overrides what it is about. */
export const aTableRequest = (over: Partial<Booking> = {}): Booking => ({
  id: 3,
  reference: "TR-ABC234",
  type: "table",
  status: "pending",
  name: "Margaret Thornton",
  email: "margaret@example.com",
  phone: "01234 111222",
  date: "2099-06-10",
  time: "12:00",
  guests: 4,
  teaType: null,
  diningPreference: "lunch",
  hamperType: null,
  dietaryRequirements: null,
  gardenSpotId: null,
  includeWine: false,
  specialRequests: null,
  staffNotes: null,
  tableLabel: null,
  declineReason: null,
  arrival: null,
  amountPence: null,
  paymentReference: null,
  testPayment: false,
  payment: null,
  voucher: null,
  source: "public",
  createdAt: "2099-06-01T10:00:00.000Z",
  ...over,
});

/** A confirmed afternoon tea for two, paid £59.90 by card (R34). */
export const aPaidTea = (over: Partial<Booking> = {}): Booking =>
  aTableRequest({
    id: 9,
    reference: "TR-PAID42",
    type: "afternoonTea",
    status: "confirmed",
    phone: "07700 900123",
    date: "2099-06-12",
    time: "14:00",
    guests: 2,
    teaType: "traditional",
    diningPreference: null,
    amountPence: 5990,
    paymentReference: "pi_demo_42",
    payment: { status: "paid", paidPence: 5990, refundedPence: 0, reference: "pi_demo_42", balancePence: null },
    ...over,
  });
