// Where a reader's comment belongs in a newer version of the essay it was made on. First the diff between the
// shared snapshot and the version carries the quote's position over; when the words there are not exactly the
// quote, the quote is looked for approximately (approx-string-match: Myers' bit-parallel search, the library
// Hypothesis anchors with) and a place is accepted only when its words and the words around it say it is the
// same place. Otherwise the answer is "changed": a comment is never put on other words than its own.
import search from 'approx-string-match';
import { CONTEXT_CHARS, anchorProblem, codePointsAfter, codePointsBefore, type TextQuoteAnchor } from './anchor.ts';
import { positionMap } from './positionMap.ts';

export type Placement = { state: 'anchored'; start: number; end: number } | { state: 'changed' };

/**
 * The longest text reanchored, in UTF-16 units: any essay version (20,000 code points) fits. A comment on a longer
 * text is "changed", as its other copies cannot be looked for within the bound on work.
 */
export const SEARCH_MAX_UNITS = 40_000;
/** Quote errors allowed: one insertion, deletion or substitution per this many characters of the quote (12.5%). */
export const QUOTE_CHARS_PER_ERROR = 8;
/** Context errors allowed on a side that agrees: one per this many characters of that side (25%). */
export const CONTEXT_CHARS_PER_ERROR = 4;
/** A quote at least this long, found once in the snapshot and once in the version, needs no context to agree. */
export const SELF_EVIDENT_QUOTE_UNITS = 24;
/**
 * How much closer (in shares of a side's context in error, summed over both sides) the comment's context must be to
 * a place than any other copy's context, and the best place than the next: less is too close to call.
 */
export const CLEAR_MARGIN = 0.2;
/** The most places a quote is weighed at in one text; a quote found more often than this is "changed". */
export const MAX_CANDIDATES = 32;

const CHANGED: Placement = { state: 'changed' };
// Where a context reaches the start or the end of its text, a mark stands for that edge: a quote that opened the
// snapshot agrees with a place that opens the version, and with no place in the middle of it.
const TEXT_START = '\u0002';
const TEXT_END = '\u0003';
/** Stands for the quote when a side of its context is weighed. */
const QUOTE_MARK = '\u0001';

interface Place { start: number; end: number; errors: number }
interface Context { before: string; after: string }

function contextAt(text: string, start: number, end: number): Context {
  const before = codePointsBefore(text, start, CONTEXT_CHARS);
  const after = codePointsAfter(text, end, CONTEXT_CHARS);
  return {
    before: before.length === start ? TEXT_START + before : before,
    after: end + after.length === text.length ? after + TEXT_END : after,
  };
}

/** The fewest errors with which `pattern` occurs in `window` (its length when it does not at all). */
function errorsIn(window: string, pattern: string): number {
  let fewest = pattern.length;
  for (const match of search(window, pattern, pattern.length)) fewest = Math.min(fewest, match.errors);
  return fewest;
}

/** The errors as a share of the characters weighed (0 to 1), and whether they are few enough to agree. */
interface Side { share: number; agrees: boolean }

/**
 * How far one side of a place's context in the version is from that side in the snapshot, aligned at the quote:
 * a run of marks as long as the side, on the quote's end of both, is cheaper to match than to skip, so the words
 * next to the quote are weighed against the words next to it (not found further off for free). Where the
 * version's text ends sooner, only as much of the snapshot's side is weighed, the characters nearest the quote:
 * what the version lacks beyond its end is not counted against it.
 */
function sideErrors(snapshot: string, version: string, next: 'start' | 'end'): Side {
  const shared = Math.min(snapshot.length, version.length);
  const side = next === 'end' ? snapshot.slice(snapshot.length - shared) : snapshot.slice(0, shared);
  const marks = QUOTE_MARK.repeat(shared);
  const errors = next === 'end' ? errorsIn(version + marks, side + marks) : errorsIn(marks + version, marks + side);
  return { share: errors / shared, agrees: errors <= Math.floor(shared / CONTEXT_CHARS_PER_ERROR) };
}

interface ContextErrors { before: Side; after: Side; total: number }

/**
 * How far the context of a place in the version is from a context in the snapshot, and which sides agree. The
 * total adds each side's share of errors, so a side the version's text cuts short weighs as much as a whole one.
 */
function contextErrors(snapshot: Context, version: Context): ContextErrors {
  const before = sideErrors(snapshot.before, version.before, 'end');
  const after = sideErrors(snapshot.after, version.after, 'start');
  return { before, after, total: before.share + after.share };
}

/** A character not in `quote`, to blot out places already found. */
function blotFor(quote: string): string {
  for (let code = 0xffff; ; code -= 1) if (!quote.includes(String.fromCharCode(code))) return String.fromCharCode(code);
}

/**
 * The separate places where `quote` occurs with at most `maxErrors` errors, best first; undefined when there are
 * more than MAX_CANDIDATES. The library answers only the best places, so each round blots them out and asks again.
 */
function placesOf(text: string, quote: string, maxErrors: number): Place[] | undefined {
  // Many exact copies (a quote in a text repeating it) would make the library find every one before this could stop.
  for (let at = text.indexOf(quote), seen = 1; at >= 0; at = text.indexOf(quote, at + 1), seen += 1) {
    if (seen > MAX_CANDIDATES) return undefined;
  }
  const places: Place[] = [];
  const blot = blotFor(quote);
  let rest = text;
  for (;;) {
    const round = search(rest, quote, maxErrors).sort((x, y) => x.start - y.start);
    if (round.length === 0) return places;
    const earlier = places.length;
    let blotted = '';
    let from = 0;
    for (const match of round) {
      // Ends found next to each other with the same errors are one place: the one closest to the quote's length.
      const overlaps = places.find((place) => match.start < place.end && place.start < match.end);
      const length = (place: Place): number => Math.abs(place.end - place.start - quote.length);
      if (overlaps === undefined) places.push(match);
      else if (places.indexOf(overlaps) >= earlier && length(match) < length(overlaps)) Object.assign(overlaps, match);
      if (match.end > from) {
        blotted += rest.slice(from, Math.max(from, match.start)) + blot.repeat(match.end - Math.max(from, match.start));
        from = match.end;
      }
    }
    if (places.length > MAX_CANDIDATES) return undefined;
    rest = blotted + rest.slice(from);
  }
}

/** A reanchoring of comments from one snapshot to one version: the diff between them is made once for all. */
export function reanchorer(snapshot: string, version: string): (anchor: TextQuoteAnchor) => Placement {
  if (snapshot.length > SEARCH_MAX_UNITS || version.length > SEARCH_MAX_UNITS) return () => CHANGED;
  const map = positionMap(snapshot, version);
  return (anchor) => {
    if (anchorProblem(snapshot, anchor) !== undefined) return CHANGED;
    const { quote } = anchor;
    const own = contextAt(snapshot, anchor.start, anchor.end);
    const maxErrors = Math.floor(quote.length / QUOTE_CHARS_PER_ERROR);
    const mapped = map.range(anchor.start, anchor.end);
    const kept = mapped !== undefined && version.slice(mapped.start, mapped.end) === quote ? mapped : undefined;
    const inSnapshot = placesOf(snapshot, quote, maxErrors);
    // A quote found in more places than can be weighed: which one is which cannot be told.
    if (inSnapshot === undefined) return CHANGED;
    // The other places the quote is in the snapshot: a place in the version that looks at least as much like one
    // of them as like the commented one may be that one (when the sentence the comment was on is deleted, the next
    // copy of its words inherits the words before it).
    const others = inSnapshot
      .filter((place) => !(place.start < anchor.end && anchor.start < place.end))
      .map((place) => contextAt(snapshot, place.start, place.end));
    const cost = (place: { start: number; end: number }, selfEvident: boolean, margin: number): number | undefined => {
      const around = contextAt(version, place.start, place.end);
      const mine = contextErrors(own, around);
      if (!mine.before.agrees && !mine.after.agrees && !selfEvident) return undefined;
      // Another copy's context is about as close: this may be that copy.
      return others.some((other) => contextErrors(other, around).total < mine.total + margin) ? undefined : mine.total;
    };
    // The diff kept the quote's words and they are still the quote: the same words, unless the diff paired them
    // with a copy of themselves, which a copy's context closer to the place shows. Copies with the same context
    // (a paragraph the student repeated) only the diff tells apart.
    if (kept !== undefined && cost(kept, false, 0) !== undefined) return { state: 'anchored', ...kept };

    const inVersion = placesOf(version, quote, maxErrors);
    if (inVersion === undefined) return CHANGED;
    // A long quote found once in each text is its own evidence, whatever happened around it.
    const selfEvident = quote.length >= SELF_EVIDENT_QUOTE_UNITS && inVersion.length === 1 && inSnapshot.length === 1;
    if (kept !== undefined && selfEvident) return { state: 'anchored', ...kept };

    const accepted: { place: Place; cost: number }[] = [];
    for (const place of inVersion) {
      const total = cost(place, selfEvident, CLEAR_MARGIN);
      if (total !== undefined) accepted.push({ place, cost: total + place.errors / quote.length });
    }
    accepted.sort((x, y) => x.cost - y.cost);
    const [best, next] = accepted;
    // Two places about as good as each other: either may be the other occurrence, so neither is chosen.
    if (best === undefined || (next !== undefined && next.cost < best.cost + CLEAR_MARGIN)) return CHANGED;
    return { state: 'anchored', start: best.place.start, end: best.place.end };
  };
}
