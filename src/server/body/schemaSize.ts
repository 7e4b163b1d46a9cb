// The largest body a request schema allows, in bytes of JSON as a browser's JSON.stringify writes it: every
// bounded text at its limit with every character at its longest escape (6 bytes, `\u0001`), every list and
// record full. A schema part without a bound (an unknown, a text without a limit) makes the size unbounded
// (Infinity), and the route keeps the server's ceiling. `known` gives sizes for parts measured elsewhere
// (the form document, whose own stored limit is much lower than the sum of its fields).
import type { z } from 'zod';

const BYTES_PER_CHAR = 6;
/** -1.2345678901234567e-300 */
const NUMBER_BYTES = 24;

interface Def {
  type: string;
  checks?: Array<{ _zod: { def: { check: string; maximum?: number }; check?: { maxCodePoints?: number; maxEntries?: number } } }>;
  [key: string]: unknown;
}

type Schema = z.core.$ZodType;
const defOf = (schema: Schema): Def => schema._zod.def as unknown as Def;

function bound(def: Def, kind: 'maxCodePoints' | 'maxEntries'): number {
  let max = Infinity;
  for (const check of def.checks ?? []) {
    if (check._zod.def.check === 'max_length' && check._zod.def.maximum !== undefined) max = Math.min(max, check._zod.def.maximum);
    const own = check._zod.check?.[kind];
    if (own !== undefined) max = Math.min(max, own);
  }
  return max;
}

const jsonLength = (value: unknown): number => Buffer.byteLength(JSON.stringify(value) ?? 'null', 'utf8');
const sum = (values: number[]): number => values.reduce((total, value) => total + value, 0);

export function maxJsonBytes(schema: Schema, known: ReadonlyMap<Schema, number> = new Map()): number {
  const size = (inner: Schema): number => maxJsonBytes(inner, known);
  const given = known.get(schema);
  if (given !== undefined) return given;
  const def = defOf(schema);
  switch (def.type) {
    case 'string':
      return 2 + bound(def, 'maxCodePoints') * BYTES_PER_CHAR;
    case 'number':
    case 'int':
      return NUMBER_BYTES;
    case 'boolean':
      return 5;
    case 'null':
      return 4;
    case 'undefined':
      return 0;
    case 'literal':
      return Math.max(...(def.values as unknown[]).map(jsonLength));
    case 'enum':
      return Math.max(...Object.values(def.entries as Record<string, unknown>).map(jsonLength));
    case 'optional':
    case 'nullable':
    case 'default':
    case 'readonly':
    case 'nonoptional':
      return Math.max(def.type === 'nullable' ? 4 : 0, size(def.innerType as Schema));
    case 'pipe':
      return size(def.in as Schema);
    case 'union':
      return Math.max(...(def.options as Schema[]).map(size));
    case 'array': {
      const count = bound(def, 'maxCodePoints');
      return count === 0 ? 2 : 2 + count * (size(def.element as Schema) + 1);
    }
    case 'object': {
      const shape = def.shape as Record<string, Schema>;
      return 2 + sum(Object.entries(shape).map(([key, value]) => jsonLength(key) + 2 + size(value)));
    }
    case 'record': {
      const keyType = def.keyType as Schema;
      const keyDef = defOf(keyType);
      const count = keyDef.type === 'enum' ? Object.keys(keyDef.entries as object).length : bound(def, 'maxEntries');
      return 2 + count * (size(keyType) + 2 + size(def.valueType as Schema));
    }
    default:
      return Infinity;
  }
}
