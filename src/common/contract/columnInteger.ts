// Whole numbers the contract takes are bounded by the database column they end up in, so a value the schema
// accepts is one the database stores: a PostgreSQL `integer` holds up to 2^31 − 1, and past that the
// database refuses the statement (a 500 instead of a readable 400).
import { z } from 'zod';

/** The largest value of a PostgreSQL `integer` (int4) column. */
export const INT4_MAX = 2 ** 31 - 1;

/** A whole number from `min` that fits an `integer` column. */
export const int4 = (min = 0) => z.number().int().min(min).max(INT4_MAX);
