// Redux DevTools options for development: the action log and state view show long texts (the essay,
// the writing sample, insight answers) shortened, so the log stays readable and fast.
const MAX_SHOWN = 120;

/** A copy of `value` with every string longer than MAX_SHOWN characters cut and labelled with its length. */
export const shortenLongStrings = (value: unknown): unknown => {
  if (typeof value === 'string') {
    return value.length > MAX_SHOWN ? `${value.slice(0, MAX_SHOWN)}… (${value.length} chars)` : value;
  }
  if (Array.isArray(value)) return value.map(shortenLongStrings);
  if (value !== null && typeof value === 'object') {
    return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, shortenLongStrings(item)]));
  }
  return value;
};

// DevTools types both sanitizers as generic identities; the shortened copy has the same shape.
export const actionSanitizer = <A,>(action: A): A => shortenLongStrings(action) as A;
export const stateSanitizer = <S,>(state: S): S => shortenLongStrings(state) as S;
