// Text lengths in code points, the one unit the client and the server both count limits in. A browser's
// `maxlength` and JavaScript's `.length` count UTF-16 units, so an emoji counts twice there, and cutting
// by units can leave half of one (a lone surrogate, which PostgreSQL refuses to store).

const isHigh = (unit: number): boolean => unit >= 0xd800 && unit <= 0xdbff;
const isLow = (unit: number): boolean => unit >= 0xdc00 && unit <= 0xdfff;

/** How many code points `text` holds (an emoji is one; a lone surrogate counts as one too). */
export function codePointLength(text: string): number {
  let count = 0;
  for (let index = 0; index < text.length; index += 1) {
    if (isHigh(text.charCodeAt(index)) && isLow(text.charCodeAt(index + 1))) index += 1;
    count += 1;
  }
  return count;
}

/** The first `max` code points of `text`, never half of a surrogate pair. */
export function cutToCodePoints(text: string, max: number): string {
  if (text.length <= max) return text;
  let end = 0;
  for (let kept = 0; kept < max && end < text.length; kept += 1) {
    end += isHigh(text.charCodeAt(end)) && isLow(text.charCodeAt(end + 1)) ? 2 : 1;
  }
  return text.slice(0, end);
}

// A high surrogate not followed by a low one, or a low one not preceded by a high one.
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;
const NUL = /\0/g;

/** What a student typed or pasted, storable anywhere: NUL removed, each lone surrogate replaced by U+FFFD. */
export function cleanText(text: string): string {
  return text.replace(NUL, '').replace(LONE_SURROGATE, '\uFFFD');
}
