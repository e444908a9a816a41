/**
 * The tearoom's contact details from the booking settings (R11), for every message. Its own
 * module, below the messages and the calendar file that both use it.
 */
export interface TearoomContacts {
  phone: string;
  email: string;
  eventsEmail: string;
  /** The postal address on one line, as a calendar entry's LOCATION. */
  address: string;
  /** Public site origin, for links. */
  origin: string;
}
