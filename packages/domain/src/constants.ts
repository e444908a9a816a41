/** Business constants of spec section 9; prices live in pricing items (R6), these are fallbacks and limits. */

export const TIME_ZONE = "Europe/London";

export const GUEST_LIMITS = {
  afternoonTea: { min: 1, max: 6, default: 2 },
  table: { min: 1, max: 6, default: 2 },
  picnicHamper: { min: 1, max: 8, default: 2 },
  secretGarden: { min: 1, max: 6, default: 2 },
  admin: { min: 1, max: 20, default: 1 },
} as const;

/** Guest choices offered by the generic booking form (spec section 5). */
export const GENERIC_FORM_GUEST_CHOICES = [1, 2, 3, 4, 5, 6, 7, 8] as const;

export const MONETARY_VOUCHER_AMOUNTS = [25, 50, 75, 100] as const;
export const DEFAULT_MONETARY_VOUCHER_AMOUNT = 50;
export const VOUCHER_VALIDITY_MONTHS = 12;
export const VOUCHER_PEOPLE = { min: 1, max: 6, default: 1 } as const;

/** Package deal (spec section 9), display only. */
export const PACKAGE_FROM_PENCE = 24900;

export const SECRET_GARDEN_TIMES = [
  { value: "12:00", label: "12:00 PM", privateOnly: false },
  { value: "14:00", label: "2:00 PM", privateOnly: false },
  { value: "16:00", label: "4:00 PM", privateOnly: false },
  { value: "18:00", label: "6:00 PM", privateOnly: true },
] as const;
export const PRIVATE_EVENTS_ONLY_LABEL = "Private Events Only";

export const TIMERS_MS = {
  newsletterPopupDelay: 12_000,
  simulatedSubscribe: 1_500,
  popupAutoClose: 3_000,
  secretGardenConfirm: 1_500,
  secretEntranceExit: 1_500,
  secretEntranceIntro: 500,
  confirmationRedirect: 5_000,
} as const;

export const NEWSLETTER_POPUP_FLAG = "newsletter_popup_closed";
export const MOBILE_BREAKPOINT_PX = 768;
export const DASHBOARD_PREVIEW_COUNT = 3;
export const GALLERY_IMAGE_COUNT = 9;
export const PAYMENT_REFERENCE_PREVIEW_LENGTH = 8;

export const AMBIANCE = { defaultVolume: 50, minVolume: 0, maxVolume: 100, step: 1, defaultSound: "birdsong" } as const;

export const TOAST = {
  limit: 1,
  removeDelayMs: 1_000_000,
  durationMs: 5_000,
  swipeDirection: "right",
  swipeThresholdPx: 50,
  hotkey: "F8",
  maxWidthPx: 420,
} as const;
export const TOOLTIP = { delayMs: 700, skipDelayMs: 300 } as const;

/** R9: seats are held this long while a visitor pays, unless the hold_minutes setting says otherwise. */
export const DEFAULT_HOLD_MINUTES = 15;
