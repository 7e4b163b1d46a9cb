// Hostile texts that still fit a field: NUL, lone surrogates (half an emoji), emoji, right-to-left text and
// overrides, keys that name Object.prototype, addresses and patterns' favourite characters, each either short
// or filling the field to its exact limit in code points.
import fc from 'fast-check';

export const HOSTILE_PIECES = [
  '\u0000', '\ud800', '\udfff', '😀', '👩‍👩‍👧', '\u202e', 'مرحبا', 'שלום', '\u200f', '__proto__', 'constructor',
  'a@', '@', '.', 'a@b.co', ' ', '\t', '\n', '“', '=1+1', ';', ',', '<script>', "'", '"', '\\', 'é', 'x', 'why ',
] as const;

/** Repeats `piece` to exactly `max` code points. */
export function fill(piece: string, max: number): string {
  const points = [...piece];
  const out: string[] = [];
  for (let i = 0; out.length < max; i += 1) out.push(points[i % points.length] ?? 'x');
  return out.join('');
}

/** A hostile text of at most `max` code points, at the limit about a third of the time. */
export function hostileText(max: number, min = 0): fc.Arbitrary<string> {
  const cap = Math.min(max, 20_000);
  const short = fc.array(fc.constantFrom(...HOSTILE_PIECES), { maxLength: 12 })
    .map((pieces) => [...pieces.join('')].slice(0, cap).join(''));
  const full = fc.constantFrom(...HOSTILE_PIECES).map((piece) => fill(piece, max));
  const unicode = fc.string({ unit: 'binary', maxLength: Math.min(cap, 64) });
  return fc.oneof({ arbitrary: short, weight: 4 }, { arbitrary: full, weight: 3 }, { arbitrary: unicode, weight: 2 })
    .map((text) => ([...text].length < min ? fill(text || 'x', min) : text));
}
