/**
 * CSV for spreadsheets (R40). A cell a spreadsheet would run as a formula (one starting with
 * = + - @, or a tab or carriage return, which some read past) gets a leading apostrophe, so an
 * e-mail address or a name typed by a visitor can never become a formula on a staff machine.
 */
const FORMULA_START = /^[=+\-@\t\r]/;

/** One cell: text as is, null as empty, formula starts neutralised, quoted when it must be (RFC 4180). */
export function csvCell(value: string | number | boolean | null | undefined): string {
  if (value === null || value === undefined) return "";
  let text = String(value);
  if (typeof value === "string" && FORMULA_START.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

/** A header line and one line per row, CRLF-separated as RFC 4180 asks. */
export function toCsv(header: readonly string[], rows: readonly (readonly (string | number | boolean | null | undefined)[])[]): string {
  return [header, ...rows].map((cells) => cells.map(csvCell).join(",")).join("\r\n") + "\r\n";
}
