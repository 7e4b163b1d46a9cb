import { describe, expect, it } from 'vitest';
import { actionSanitizer, shortenLongStrings, stateSanitizer } from '../../src/app/devtools.ts';
import { writingSampleTextChanged } from '../../src/features/wizard/index.ts';

describe('DevTools sanitizers', () => {
  const essay = 'word '.repeat(600);

  it('shortens long strings in actions and says how long they were', () => {
    const action = actionSanitizer(writingSampleTextChanged(essay));
    expect(action.payload).toMatch(/^word word .*… \(3000 chars\)$/);
    expect(action.payload.length).toBeLessThan(150);
    expect(action.type).toBe(writingSampleTextChanged.type);
  });

  it('shortens nested strings in state and leaves everything else alone', () => {
    const state = { essay: { generatedEssay: essay }, list: [essay, 'short'], count: 3, flag: true, none: null };
    expect(stateSanitizer(state)).toEqual({
      essay: { generatedEssay: expect.stringContaining('(3000 chars)') as unknown },
      list: [expect.stringContaining('(3000 chars)') as unknown, 'short'],
      count: 3,
      flag: true,
      none: null,
    });
    expect(state.essay.generatedEssay).toBe(essay);
  });

  it('keeps short strings as they are', () => {
    expect(shortenLongStrings('Maya Chen')).toBe('Maya Chen');
  });
});
