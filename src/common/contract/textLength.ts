// The contract's bounds on texts and records, as zod checks. Every length limit on text counts code points
// (text.ts), on the browser and the server alike: counting UTF-16 units instead would let the two sides
// disagree about an emoji and cut one in half.
import { z } from 'zod';
import { normaliseOneLine } from '../text/oneLine.ts';
import { codePointLength } from '../text/codePoints.ts';

/**
 * A zod check: at most `max` code points. It aborts the schema's later checks when it fails, so no pattern
 * or refinement ever runs on an over-long text. The bound rides on the function (`maxCodePoints`) so the
 * server can size request bodies from the schema.
 */
export const maxCodePoints = (max: number) => Object.assign((ctx: z.core.ParsePayload<string>): void => {
  const { value } = ctx;
  // Each code point is one or two units: within `max` units, or over twice that, needs no counting.
  if (value.length <= max) return;
  if (value.length <= 2 * max && codePointLength(value) <= max) return;
  ctx.issues.push({ code: 'too_big', origin: 'string', maximum: max, inclusive: true, input: value, abort: true });
}, { maxCodePoints: max });

/** A string of at most `max` code points: the contract's one way to bound a text. */
export const boundedText = (max: number) => z.string().check(maxCodePoints(max));

/**
 * A topic idea or title: at most `max` code points (checked first, so nothing else runs on a longer text), then
 * made one line of text by the rule the topics page applies too (oneLine.ts): refused with the rule's own words
 * ("must be one line of text"), or replaced by its normal form.
 */
export const oneLineText = (max: number) => z.string()
  .min(1, { error: 'is required', abort: true })
  .check(maxCodePoints(max), (ctx) => {
    const result = normaliseOneLine(ctx.value, { maxChars: max });
    if ('problem' in result) ctx.issues.push({ code: 'custom', message: result.problem, input: ctx.value, abort: true });
  })
  .overwrite((text) => {
    const result = normaliseOneLine(text, { maxChars: max });
    return 'value' in result ? result.value : text;
  });

/** A zod check for records: at most `max` entries (`what` names them in the message, e.g. "answers"). */
export const maxEntries = (max: number, what: string) => Object.assign((ctx: z.core.ParsePayload<Record<string, unknown>>): void => {
  let count = 0;
  for (const key in ctx.value) if (Object.hasOwn(ctx.value, key)) count += 1;
  if (count > max) {
    ctx.issues.push({ code: 'too_big', origin: 'object', maximum: max, inclusive: true, input: ctx.value, message: `must hold at most ${max} ${what}`, abort: true });
  }
}, { maxEntries: max });
