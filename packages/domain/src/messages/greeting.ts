/**
 * R26: an e-mail to an address nobody has confirmed carries no text a visitor typed, except the
 * greeting's first name. This is the one place that decides what of a typed name may be used.
 * Zod-free, like the other constants the public site may load.
 */

/** The most characters of a first name an e-mail greeting carries (R26). */
export const GREETING_NAME_MAX_LENGTH = 40;

// A first name is letters of any script with the marks, apostrophes, hyphens and full stops that
// names use. Anything else (digits, slashes, "@", or "name.tld") could make a greeting carry a
// link or an address that mail programs turn into a link.
const NAME_WORD = /^[\p{L}\p{M}'’.-]+$/u;
const HAS_LETTER = /\p{L}/u;
const LOOKS_LIKE_DOMAIN = /\.\p{L}{2,}/u;

/** The first word of a typed name, at most 40 characters; null when that word could read as anything but a name. */
export function greetingName(name: string | null | undefined): string | null {
  const first = (name ?? "").trim().split(/\s+/u)[0] ?? "";
  // Characters, not UTF-16 units: never half of an emoji or a surrogate pair.
  const short = Array.from(first).slice(0, GREETING_NAME_MAX_LENGTH).join("");
  if (!NAME_WORD.test(short) || !HAS_LETTER.test(short) || LOOKS_LIKE_DOMAIN.test(short)) return null;
  return short;
}

/** The greeting line of a guest-facing e-mail: "Dear Ada," from "Ada Lovelace", or "Hello," when no first name can be used. */
export function greetingLine(name: string | null | undefined): string {
  const first = greetingName(name);
  return first ? `Dear ${first},` : "Hello,";
}
