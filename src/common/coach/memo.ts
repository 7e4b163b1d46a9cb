// A bounded memo for work that depends on one text only. The student's questionnaire does not change while
// they type a draft, so what the coach reads from it is worked out once, not at every pause; the bound keeps
// a long session's memory flat. The results are the same with or without it.

export function memoByText<T>(compute: (text: string) => T, max = 200): (text: string) => T {
  const memo = new Map<string, T>();
  return (text) => {
    const known = memo.get(text);
    if (known !== undefined) return known;
    const value = compute(text);
    if (memo.size >= max) memo.clear();
    memo.set(text, value);
    return value;
  };
}
