/** The staff screens in navigation order (spec section 2, plus the day sheet of R31 and closures of R32); `ownerOnly`: R39/R40. */
export const ADMIN_SCREENS: readonly { path: string; label: string; ownerOnly?: boolean }[] = [
  { path: "/dashboard", label: "Dashboard" },
  { path: "/day", label: "Day Sheet" },
  { path: "/reservations", label: "Reservations" },
  // R55: guests who come back.
  { path: "/guests", label: "Guests" },
  { path: "/pricing", label: "Pricing" },
  { path: "/inquiries", label: "Inquiries" },
  { path: "/newsletters", label: "Newsletters" },
  { path: "/campaigns", label: "Send a Newsletter" },
  { path: "/booking-settings", label: "Booking Settings" },
  { path: "/closures", label: "Closures" },
  { path: "/events", label: "Events" },
  { path: "/vouchers", label: "Vouchers" },
  // R54: covers, takings, no-shows and vouchers over a date range.
  { path: "/reports", label: "Reports" },
  { path: "/privacy", label: "Privacy", ownerOnly: true },
  // R40: who changed what; and passwords (the owner also manages the accounts there).
  { path: "/activity", label: "Activity" },
  { path: "/accounts", label: "Accounts" },
];
