// Values that fit a request schema of the contract, built from the schema itself (zod 4's definitions), with
// hostile texts in every string and hostile keys in every record: bodies that pass the shape and so reach the
// server's patterns, its engines and its database. Mixed in are the boundaries where a schema and the database
// may disagree: 0, −1, 2^31 − 1, 2^31, 2^53 for every number, times in year 0000 and 9999 with offsets for
// every time, and empty and maximal strings; out of the schema's range they must get a readable 400.
import fc from 'fast-check';
import type { z } from 'zod';
import { fill, hostileText } from './hostileText.ts';

/** Whole numbers at the edges of JavaScript's and PostgreSQL's ranges (int4 ends at 2^31 − 1). */
export const BOUNDARY_NUMBERS = [0, -1, 2 ** 31 - 1, 2 ** 31, 2 ** 53] as const;
/** ISO times the format allows and a database may not hold, or holds only with their offset applied. */
export const BOUNDARY_TIMES = [
  '0000-01-01T00:00:00+05:30', '0000-01-01T00:00:00.000Z', '9999-12-31T23:59:59-05:00', '9999-12-31T23:59:59.999+14:00',
  '1970-01-01T00:00:00Z', '2019-12-31T23:59:59.999Z', '2026-03-01T17:00:00+05:30',
] as const;
/** One in `every` values is a boundary value. */
const withBoundaries = <T>(usual: fc.Arbitrary<T>, boundaries: readonly T[], every: number): fc.Arbitrary<T> =>
  (boundaries.length === 0 ? usual : fc.oneof({ arbitrary: usual, weight: every - 1 }, { arbitrary: fc.constantFrom(...boundaries), weight: 1 }));

type Schema = z.core.$ZodType;
interface Check { _zod: { def: { check: string; value?: number; maximum?: number; minimum?: number; inclusive?: boolean; format?: string; pattern?: RegExp }; check?: { maxCodePoints?: number; maxEntries?: number } } }
interface Def { type: string; checks?: Check[]; [key: string]: unknown }

const defOf = (schema: Schema): Def => schema._zod.def as unknown as Def;
const checksOf = (def: Def) => (def.checks ?? []).map((check) => ({ ...check._zod.def, own: check._zod.check }));

function stringBounds(def: Def): { min: number; max: number } {
  let min = 0;
  let max = 5000;
  for (const check of checksOf(def)) {
    if (check.check === 'max_length' && check.maximum !== undefined) max = Math.min(max, check.maximum);
    if (check.check === 'min_length' && check.minimum !== undefined) min = Math.max(min, check.minimum);
    if (check.own?.maxCodePoints !== undefined) max = Math.min(max, check.own.maxCodePoints);
  }
  return { min, max };
}

function numberArbitrary(def: Def): fc.Arbitrary<number> {
  let min = -1_000_000;
  let max = 1_000_000;
  let step = 1;
  for (const check of checksOf(def)) {
    if (check.check === 'greater_than' && check.value !== undefined) min = check.value + (check.inclusive ? 0 : 1);
    if (check.check === 'less_than' && check.value !== undefined) max = check.value - (check.inclusive ? 0 : 1);
    if (check.check === 'multiple_of' && check.value !== undefined) step = check.value;
  }
  const lo = Math.ceil(min / step);
  const hi = Math.floor(max / step);
  const usual = fc.oneof(fc.constant(lo * step), fc.constant(hi * step), fc.integer({ min: lo, max: hi }).map((n) => n * step));
  return withBoundaries(usual, BOUNDARY_NUMBERS, 5);
}

export interface ArbitraryOptions {
  /** Strings a format check must accept (an ISO timestamp): a valid value, since a hostile one stops at the format. */
  formats?: Record<string, fc.Arbitrary<string>>;
}

export function arbitraryFor(schema: Schema, options: ArbitraryOptions = {}): fc.Arbitrary<unknown> {
  const of = (inner: Schema): fc.Arbitrary<unknown> => arbitraryFor(inner, options);
  const def = defOf(schema);
  switch (def.type) {
    case 'string': {
      const format = checksOf(def).find((check) => check.check === 'string_format')?.format ?? (def as { format?: string }).format;
      if (format !== undefined && options.formats?.[format]) return withBoundaries(options.formats[format], BOUNDARY_TIMES, 3);
      const { min, max } = stringBounds(def);
      // A pattern that takes a boundary time (an essay version's time) gets them as often as a format does.
      const patterns = checksOf(def).flatMap((check) => (check.pattern ? [check.pattern] : []));
      const times = patterns.length === 0 ? [] : BOUNDARY_TIMES.filter((time) => patterns.every((pattern) => pattern.test(time)));
      return withBoundaries(withBoundaries(hostileText(max, min), ['', fill('x', max)], 8), times, 3);
    }
    case 'number':
      return numberArbitrary(def);
    case 'boolean':
      return fc.boolean();
    case 'null':
      return fc.constant(null);
    case 'literal':
      return fc.constantFrom(...(def.values as unknown[]));
    case 'enum':
      return fc.constantFrom(...Object.values(def.entries as Record<string, unknown>));
    case 'optional':
      return fc.option(of(def.innerType as Schema), { nil: undefined, freq: 3 });
    case 'nullable':
      return fc.option(of(def.innerType as Schema), { nil: null, freq: 3 });
    case 'default':
      return of(def.innerType as Schema);
    case 'union':
      return fc.oneof(...(def.options as Schema[]).map(of));
    case 'array': {
      const max = checksOf(def).find((check) => check.check === 'max_length')?.maximum ?? 5;
      const min = checksOf(def).find((check) => check.check === 'min_length')?.minimum ?? 0;
      return fc.array(of(def.element as Schema), { minLength: min, maxLength: max, size: 'small' });
    }
    case 'object': {
      const shape = def.shape as Record<string, Schema>;
      const parts = Object.fromEntries(Object.entries(shape).map(([key, value]) => [key, of(value)]));
      return fc.record(parts).map((record) => Object.fromEntries(Object.entries(record).filter(([, value]) => value !== undefined)));
    }
    case 'record': {
      const keyDef = defOf(def.keyType as Schema);
      const value = of(def.valueType as Schema);
      if (keyDef.type === 'enum') {
        const keys = Object.values(keyDef.entries as Record<string, string>);
        return fc.subarray(keys).chain((chosen) => fc.tuple(...chosen.map(() => value)).map((values) => Object.fromEntries(chosen.map((key, i) => [key, values[i]]))));
      }
      const max = checksOf(def).find((check) => check.own?.maxEntries !== undefined)?.own?.maxEntries ?? 5;
      const key = fc.oneof(of(def.keyType as Schema), fc.constantFrom('__proto__', 'constructor', 'toString', 'hasOwnProperty'));
      return fc.uniqueArray(fc.tuple(key, value), { maxLength: max, selector: ([k]) => k })
        .map((entries) => JSON.parse(`{${entries.map(([k, v]) => `${JSON.stringify(k)}:${JSON.stringify(v)}`).join(',')}}`) as unknown);
    }
    default:
      return fc.constant(undefined);
  }
}
