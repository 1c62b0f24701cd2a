/**
 * One CSV cell (RFC 4180). A text starting with = + - @ or a control character is prefixed with an apostrophe,
 * so a spreadsheet shows it instead of running it as a formula (a customer named "=HYPERLINK(…)").
 * Shared by the server's list exports and the charts' downloads in the browser.
 */
export function csvCell(value: string | number | boolean | null | undefined): string {
  if (value === null || value === undefined) return '';
  let text = String(value);
  if (typeof value === 'string' && /^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** One CSV line, ended with CRLF. */
export const csvLine = (cells: readonly (string | number | boolean | null | undefined)[]): string =>
  `${cells.map(csvCell).join(',')}\r\n`;
