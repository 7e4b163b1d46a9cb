// CSV for the operator's exports (RFC 4180), safe to open in a spreadsheet. Every cell is quoted, so no
// separator inside a text can split it on import. A text a spreadsheet could read as a formula is defused
// with an apostrophe (OWASP's advice): at the start of the cell (=, +, -, @, tab or carriage return), and
// after every `;`, `,`, tab or line break, because spreadsheets in many locales split on `;` (and some imports
// on tab or `,`) whatever the quoting, and the piece after the split starts a cell of its own.
const FORMULA_START = /^[=+\-@\t\r]/;
const FORMULA_AFTER_SEPARATOR = /([;,\t\r\n] *)(?=[=+\-@])/g;

const defuse = (text: string): string =>
  (FORMULA_START.test(text) ? `'${text}` : text).replace(FORMULA_AFTER_SEPARATOR, "$1'");

export function csvCell(value: unknown): string {
  if (value === null || value === undefined) return '""';
  // A number is a value, never a formula (a negative one stays a number).
  if (typeof value === 'number' || typeof value === 'bigint') return `"${String(value)}"`;
  const text = value instanceof Date ? value.toISOString() : typeof value === 'object' ? JSON.stringify(value) : String(value);
  return `"${defuse(text).replaceAll('"', '""')}"`;
}

export const csvRow = (cells: readonly unknown[]): string => `${cells.map(csvCell).join(',')}\r\n`;
