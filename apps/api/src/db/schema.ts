import type { ColumnType, Generated, Insertable, Selectable, Updateable } from "kysely";

/** Row types, one interface per table. Booleans are stored as 0/1; instants as ISO-8601 UTC text. */

export interface StaffUserTable {
  id: Generated<number>;
  username: string;
  password_hash: string;
  created_at: string;
  /** R40: "owner" manages accounts; "staff" runs the day. */
  role: ColumnType<string, string | undefined, string>;
  /** Where a newsletter test goes (migration 029); null until the account is given one. */
  email: ColumnType<string | null, string | null | undefined, string | null>;
}

export interface StaffSessionTable {
  /** sha256 of the cookie token: a stolen database does not hand out live sessions. */
  token_hash: string;
  user_id: number;
  created_at: string;
  last_seen_at: string;
  expires_at: string;
}

export interface PricingItemTable {
  id: Generated<number>;
  name: string;
  item_type: string;
  price_pence: number;
  is_active: number;
  created_at: string;
  updated_at: string;
}

export interface InquiryTable {
  id: Generated<number>;
  name: string;
  email: string;
  phone: string | null;
  enquiry_type: string;
  message: string;
  is_resolved: number;
  created_at: string;
  resolved_at: string | null;
  /** R39: when the personal details were erased (migration 014). */
  erased_at: string | null;
}

export interface NewsletterSubscriptionTable {
  id: Generated<number>;
  /** Lower-cased, unique: subscribing twice does not duplicate (R16). */
  email: string;
  first_name: string | null;
  last_name: string | null;
  is_active: number;
  source: string;
  /** When the subscriber confirmed (R16 as amended: double opt-in); null until then. */
  consent_at: string | null;
  unsubscribe_token: string;
  created_at: string;
  /** sha256 (hex) of the token in the confirmation e-mail; null once confirmed. */
  confirm_token_hash: string | null;
  /** When the last confirmation e-mail was queued: at most one per address per day. */
  confirm_sent_at: string | null;
}

export interface BookingSettingTable {
  setting_key: string;
  setting_value: string;
  description: string | null;
  updated_at: string;
}

export interface GardenSpotTable {
  id: string;
  name: string;
  description: string;
  image: string;
  x: number;
  y: number;
  capacity: number;
  is_available: number;
  is_private: number;
  sort_order: number;
}

export interface BookingTable {
  id: Generated<number>;
  reference: string;
  type: string;
  status: string;
  name: string;
  email: string;
  phone: string;
  date: string;
  time: string;
  guests: number;
  tea_type: string | null;
  dining_preference: string | null;
  hamper_type: string | null;
  dietary_requirements: string | null;
  garden_spot_id: string | null;
  include_wine: number;
  special_requests: string | null;
  /** R30: internal staff notes (migration 007). */
  staff_notes: string | null;
  /** R28: why staff declined the request (migration 007). */
  decline_reason: string | null;
  /** R28: `arrived` or `no-show`, marked on the day (migration 007). */
  arrival: string | null;
  /** R38: when the booking's one reminder was queued (migration 013); null until then. */
  reminder_sent_at: string | null;
  /** R39: when the personal details were erased (on request or by retention; migration 014). */
  erased_at: string | null;
  amount_pence: number | null;
  /** The provider's payment reference; unique so fulfilment happens once (R8). */
  payment_reference: string | null;
  hold_expires_at: string | null;
  source: string;
  created_at: string;
  updated_at: string;
  /**
   * Who made a public booking, for R23's limits: a hash of the client's address
   * (client-key.ts), never the address. Null for staff bookings and those made before
   * migration 004.
   */
  client_key: string | null;
  /** R44: the area the booking sits in (migration 021). */
  area_id: number | null;
  /** R44: the booking's own stay in minutes (a walk-in's); null is its type's setting (migration 021). */
  stay_minutes: number | null;
  /** Issue 31: the table staff noted for the booking ("T4", "Window"); null for none (migration 022). */
  table_label: string | null;
  /** R53: the event sitting an `event` booking holds tickets for (migration 031); null for the other types. */
  sitting_id: number | null;
  /** R51: the SEQUENCE of the booking's calendar file, raised with each change or cancel e-mailed to the guest (migration 024). */
  calendar_sequence: Generated<number>;
  /** R47: the provider's customer and saved payment method, for a card-on-file policy (migration 026); null without one. */
  card_customer_id: string | null;
  card_payment_method_id: string | null;
  /** R55: the guest the booking belongs to, linked by the database as the row is written (migration 028); null when erased or without e-mail and phone. */
  guest_id: number | null;
}

/** R55: a guest, one per e-mail address or (without one) phone number (migration 028). */
export interface GuestTable {
  id: Generated<number>;
  /** "email:<trimmed, lower-case address>" or "phone:<digits>". */
  guest_key: string;
  name: string;
  email: string;
  phone: string;
  notes: string;
  /** JSON array of tags. */
  tags: string;
  created_at: string;
  updated_at: string;
}

/** R44: a seating area (migration 021). */
export interface AreaTable {
  id: Generated<number>;
  name: string;
  seats: number;
  /** JSON array of booking types, e.g. ["afternoonTea","table"]. */
  booking_types: string;
  position: number;
  /** A Secret Garden spot's own area. */
  garden_spot_id: string | null;
  is_private: number;
  created_at: string;
  updated_at: string;
}

/** R53: an event sold with tickets (migration 031). */
export interface EventTable {
  id: Generated<number>;
  slug: string;
  name: string;
  description: string;
  image_url: string | null;
  price_pence: number;
  /** 1: on the public "What's on" page. */
  published: number;
  created_at: string;
  updated_at: string;
}

/** R53: one sitting of an event, taking seats of one area over its time (migration 031). */
export interface SittingTable {
  id: Generated<number>;
  event_id: number;
  date: string;
  time: string;
  /** Its start plus its minutes, "HH:mm" (past 24:00 beyond midnight): the room reads the window. */
  end_time: string;
  minutes: number;
  tickets: number;
  area_id: number;
  per_order_limit: number;
  sales_cutoff_minutes: number;
  question: string | null;
  /** 1: normal booking of the area is closed for the sitting's time. */
  closes_area: number;
  created_at: string;
}

/** R45: part of a day one area is closed (migration 023). */
export interface AreaClosureTable {
  id: Generated<number>;
  area_id: number;
  date: string;
  start_time: string;
  end_time: string;
  reason: string | null;
  created_at: string;
}

export interface GiftVoucherTable {
  id: Generated<number>;
  voucher_type: string;
  voucher_code: string;
  price_text: string;
  price_pence: number;
  people: number | null;
  recipient_name: string;
  recipient_email: string;
  sender_name: string;
  sender_email: string;
  message: string;
  is_redeemed: number;
  payment_reference: string | null;
  created_at: string;
  expiry_date: string;
  /** What is left (R35): pence for a monetary voucher, people for a per-person one; kept with each ledger row. */
  remaining: number;
  /** The printable voucher's link token (decision 015). */
  print_token: string | null;
  /** R50 (migration 025): website, till-card, till-cash, phone or complimentary. */
  source: Generated<string>;
  /** R50: the London date the voucher e-mail is due (08:00), or null for at once. */
  deliver_on: string | null;
  /** R50: recipient, or buyer ("send to me to print"). */
  send_to: Generated<string>;
  /** R50: when the voucher e-mail was queued; null while a scheduled one waits or nobody is e-mailed. */
  delivered_at: string | null;
}

/** One entry of a voucher's ledger (R35, R36). */
export interface VoucherLedgerTable {
  id: Generated<number>;
  voucher_id: number;
  at: string;
  actor: string;
  kind: string;
  amount_pence: number | null;
  people: number | null;
  booking_reference: string | null;
  note: string;
  override_reason: string | null;
  expires_at: string | null;
}

export interface PaymentTable {
  /** The provider's PaymentIntent id. */
  id: string;
  provider: string;
  kind: string;
  amount_pence: number;
  currency: string;
  status: string;
  /** JSON: what to fulfil on success (voucher purchase details; booking id for tea). */
  payload_json: string;
  booking_id: number | null;
  voucher_id: number | null;
  failure_message: string | null;
  /** sha256 of the intent's client secret (migration 002). */
  client_secret_hash: string | null;
  created_at: string;
  updated_at: string;
}

/** The demo provider's intents (migration 002): stands in for the provider's own servers (R7). */
export interface DemoPaymentIntentTable {
  id: string;
  client_secret: string;
  amount_pence: number;
  currency: string;
  status: string;
  last_error: string | null;
  card_last4: string | null;
  return_url: string | null;
  description: string;
  metadata_json: string;
  created_at: string;
  updated_at: string;
}

/** R47: a booking type's policy (migration 026); a type without a row has the default. */
export interface BookingPolicyTable {
  booking_type: string;
  kind: string;
  deposit_pence_per_guest: number;
  min_guests: number;
  /** "fri,sat"; empty for every day. */
  weekdays: string;
  no_show_fee_pence_per_guest: number;
  late_cancel_fee_pence_per_guest: number;
  /** Staff's own words; null while the generated ones are shown. */
  custom_text: string | null;
  updated_at: string;
}

/** The demo provider's SetupIntents and the cards they saved (migration 026), as Stripe keeps them (R7, R47). */
export interface DemoSetupIntentTable {
  id: string;
  client_secret: string;
  customer_id: string;
  payment_method_id: string | null;
  status: string;
  last_error: string | null;
  card_last4: string | null;
  /** What a later charge to the saved card does (the test card's outcome), never its number. */
  card_outcome: string | null;
  metadata_json: string;
  created_at: string;
  updated_at: string;
}

/** R34: a refund of a booking's payment (migration 015); `pending` while the provider is asked. */
export interface RefundTable {
  id: Generated<number>;
  booking_id: number;
  payment_id: string;
  amount_pence: number;
  /** Why, as staff gave it (never sent to the guest). */
  reason: string;
  /** The staff member's username, or who else made it (a refund made in Stripe's dashboard). */
  actor: string;
  status: string;
  /** Sent to the provider with the refund, so a retried call never refunds twice. */
  idempotency_key: string;
  /** The provider's refund id; unique, so a refund reported twice is recorded once. */
  provider_refund_id: string | null;
  created_at: string;
  settled_at: string | null;
}

/** The demo provider's refunds (migration 015), as Stripe keeps its own. */
export interface DemoRefundTable {
  id: string;
  payment_intent_id: string;
  amount_pence: number;
  idempotency_key: string;
  metadata_json: string;
  created_at: string;
}

export interface OutboxTable {
  id: Generated<number>;
  kind: string;
  to_address: string;
  subject: string;
  /** The message as `{ title, content }` (mail/layout.ts), rendered into text and HTML when sent. */
  content_json: string | null;
  /** Bodies of messages queued before content was stored; null for those stored as content. */
  text_body: string | null;
  html_body: string | null;
  attachments_json: string;
  status: string;
  attempts: ColumnType<number, number | undefined, number>;
  next_attempt_at: string;
  last_error: string | null;
  created_at: string;
  sent_at: string | null;
}

/** R41: the one row the health check rewrites to learn whether the database can store anything (migration 020). */
export interface ServiceProbeTable {
  id: number;
  written_at: string;
}

/** R37: the manage links of a booking, each kept as the SHA-256 of its token (migration 016). */
export interface ManageLinkTable {
  token_hash: string;
  booking_id: number;
  created_at: string;
}

/** R49: a payment link of a booking, kept as the SHA-256 of its token, with its one payment (migration 027). */
export interface PaymentLinkTable {
  id: Generated<number>;
  token_hash: string;
  booking_id: number;
  payment_id: string;
  kind: string;
  amount_pence: number;
  expires_at: string;
  created_by: string;
  created_at: string;
  paid_at: string | null;
}

/** R40: one staff change. `before_json`/`after_json`: the subject as JSON, null where it did not exist. */
export interface AuditEventTable {
  id: Generated<number>;
  at: string;
  actor: string;
  action: string;
  subject: string;
  before_json: string | null;
  after_json: string | null;
}

/** R56: a newsletter, a draft until `send_started_at` (migration 029). */
export interface NewsletterCampaignTable {
  id: Generated<number>;
  subject: string;
  body: string;
  created_by: string;
  created_at: string;
  updated_at: string;
  send_started_at: string | null;
  sent_by: string | null;
}

/** R56: one recipient of one campaign; `pending` until its outbox message is written (migration 029). */
export interface NewsletterSendTable {
  id: Generated<number>;
  campaign_id: number;
  subscriber_id: number;
  status: "pending" | "queued" | "skipped";
  outbox_id: number | null;
  queued_at: string | null;
}

/** R56: the booking whose guest was thanked after the visit, once. */
export interface BookingThankYouTable {
  booking_id: number;
  queued_at: string;
}

/** Issue 34: a staff account's private calendar feed; only the SHA-256 of its token is kept. */
export interface CalendarFeedTable {
  id: Generated<number>;
  staff_user_id: number;
  token_hash: string;
  created_at: string;
}
/** R52: a waiting-list entry; its offer holds seats as a `held` booking (migration 030). */
export interface WaitlistEntryTable {
  id: Generated<number>;
  reference: string;
  type: string;
  date: string;
  /** JSON array of "HH:mm"; null: any time that day. */
  times_json: string | null;
  guests: number;
  name: string;
  email: string;
  phone: string;
  tea_type: string | null;
  dining_preference: string | null;
  status: string;
  client_key: string | null;
  /** sha256 of the leave link's token. */
  leave_token_hash: string;
  /** sha256 of the current offer link's token; null before an offer. */
  offer_token_hash: string | null;
  /** The held booking of the current (or claimed) offer. */
  booking_id: number | null;
  offer_time: string | null;
  offered_at: string | null;
  offer_expires_at: string | null;
  created_at: string;
  updated_at: string;
  /** R53: the sitting an `event` entry waits for tickets of (migration 034); null for tea and tables. */
  sitting_id: number | null;
}
export type WaitlistEntryRow = Selectable<WaitlistEntryTable>;

export interface Database {
  audit_events: AuditEventTable;
  staff_users: StaffUserTable;
  staff_sessions: StaffSessionTable;
  pricing_items: PricingItemTable;
  inquiries: InquiryTable;
  newsletter_subscriptions: NewsletterSubscriptionTable;
  booking_settings: BookingSettingTable;
  garden_spots: GardenSpotTable;
  bookings: BookingTable;
  guests: GuestTable;
  areas: AreaTable;
  area_closures: AreaClosureTable;
  events: EventTable;
  sittings: SittingTable;
  gift_vouchers: GiftVoucherTable;
  voucher_ledger: VoucherLedgerTable;
  payments: PaymentTable;
  demo_payment_intents: DemoPaymentIntentTable;
  demo_setup_intents: DemoSetupIntentTable;
  booking_policies: BookingPolicyTable;
  refunds: RefundTable;
  demo_refunds: DemoRefundTable;
  outbox: OutboxTable;
  manage_links: ManageLinkTable;
  payment_links: PaymentLinkTable;
  newsletter_campaigns: NewsletterCampaignTable;
  newsletter_sends: NewsletterSendTable;
  booking_thank_yous: BookingThankYouTable;
  calendar_feeds: CalendarFeedTable;
  waitlist_entries: WaitlistEntryTable;
  service_probe: ServiceProbeTable;
}

export type BookingRow = Selectable<BookingTable>;
export type GuestRow = Selectable<GuestTable>;
export type PaymentLinkRow = Selectable<PaymentLinkTable>;
export type NewsletterCampaignRow = Selectable<NewsletterCampaignTable>;
export type CalendarFeedRow = Selectable<CalendarFeedTable>;
export type BookingUpdate = Updateable<BookingTable>;
export type PricingItemRow = Selectable<PricingItemTable>;
export type InquiryRow = Selectable<InquiryTable>;
export type NewsletterSubscriptionRow = Selectable<NewsletterSubscriptionTable>;
export type BookingSettingRow = Selectable<BookingSettingTable>;
export type GardenSpotRow = Selectable<GardenSpotTable>;
export type AreaRow = Selectable<AreaTable>;
export type AreaClosureRow = Selectable<AreaClosureTable>;
export type EventRow = Selectable<EventTable>;
export type SittingRow = Selectable<SittingTable>;
export type GiftVoucherRow = Selectable<GiftVoucherTable>;
export type NewGiftVoucherRow = Insertable<GiftVoucherTable>;
export type VoucherLedgerRow = Selectable<VoucherLedgerTable>;
export type NewVoucherLedgerRow = Insertable<VoucherLedgerTable>;
export type PaymentRow = Selectable<PaymentTable>;
export type NewPaymentRow = Insertable<PaymentTable>;
export type DemoPaymentIntentRow = Selectable<DemoPaymentIntentTable>;
export type DemoSetupIntentRow = Selectable<DemoSetupIntentTable>;
export type BookingPolicyRow = Selectable<BookingPolicyTable>;
export type RefundRow = Selectable<RefundTable>;
export type NewRefundRow = Insertable<RefundTable>;
export type DemoRefundRow = Selectable<DemoRefundTable>;
export type OutboxRow = Selectable<OutboxTable>;
export type NewOutboxRow = Insertable<OutboxTable>;
export type StaffUserRow = Selectable<StaffUserTable>;
export type AuditEventRow = Selectable<AuditEventTable>;
export type NewAuditEventRow = Insertable<AuditEventTable>;
export type StaffSessionRow = Selectable<StaffSessionTable>;
