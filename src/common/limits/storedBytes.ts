// What a text or a JSON value takes as PostgreSQL stores it, in bytes: the one count the server's storage budgets
// and the device's version budget share, so both sides weigh the same data alike.

const encoder = new TextEncoder();

/**
 * The bytes of `text` in UTF-8 (half an emoji counts as its replacement, as TextEncoder and the database write
 * it). Native: the device weighs every version it holds as its copy is read back.
 */
export const utf8Bytes = (text: string): number => encoder.encode(text).length;

/** The ':' and ',' a JSON text of `value` holds: PostgreSQL writes jsonb as text with a space after each. */
function jsonbSeparators(value: unknown): number {
  if (Array.isArray(value)) return Math.max(0, value.length - 1) + value.reduce((sum: number, item) => sum + jsonbSeparators(item), 0);
  if (value === null || typeof value !== 'object') return 0;
  const values = Object.values(value).filter((item) => item !== undefined);
  return Math.max(0, 2 * values.length - 1) + values.reduce((sum: number, item) => sum + jsonbSeparators(item), 0);
}

/** The bytes of `value` as PostgreSQL writes a stored jsonb as text (`octet_length(value::text)`). */
export const jsonbTextBytes = (value: unknown): number => utf8Bytes(JSON.stringify(value)) + jsonbSeparators(value);
