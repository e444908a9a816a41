/**
 * CSV for spreadsheets (R40). A cell a spreadsheet would run as a formula (one starting with
 * = + - @, or a tab or carriage return, which some read past) gets a leading apostrophe, so an
 * e-mail address or a name typed by a visitor can never become a formula on a staff machine.
 */
const FORMULA_START = /^[=+\-@\t\r]/;

/** A number written with its own decimals ("-10.00"): a refund's minus sign is not a formula start. */
export interface CsvDecimal {
  readonly decimal: string;
}

/** `pence` as pounds with two decimals, for a cell. */
export const csvPounds = (pence: number): CsvDecimal => ({ decimal: (pence / 100).toFixed(2) });

export type CsvValue = string | number | boolean | null | undefined | CsvDecimal;

/** One cell: text as is, null as empty, formula starts neutralised, quoted when it must be (RFC 4180). */
export function csvCell(value: CsvValue): string {
  if (value === null || value === undefined) return "";
  if (typeof value === "object") {
    if (!/^-?\d+(\.\d+)?$/.test(value.decimal)) throw new RangeError(`csvCell: ${value.decimal} is not a number`);
    return value.decimal;
  }
  let text = String(value);
  if (typeof value === "string" && FORMULA_START.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

/** A header line and one line per row, CRLF-separated as RFC 4180 asks. */
export function toCsv(header: readonly string[], rows: readonly (readonly CsvValue[])[]): string {
  return [header, ...rows].map((cells) => cells.map(csvCell).join(",")).join("\r\n") + "\r\n";
}
