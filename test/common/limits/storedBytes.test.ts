// Bytes as PostgreSQL stores them: UTF-8 text, and jsonb written back as text. The database's own count is
// compared with these in test/server/limits/storageBudgets.test.ts (a form document) and
// test/server/stages/essay/versionRoutes.test.ts (a coach revision).
import { describe, expect, it } from 'vitest';
import { jsonbTextBytes, utf8Bytes } from '../../../src/common/limits/storedBytes.ts';

describe('utf8Bytes', () => {
  it('counts UTF-8 bytes, a lone surrogate as its replacement', () => {
    expect(utf8Bytes('aé😀€')).toBe(1 + 2 + 4 + 3);
    expect(utf8Bytes('\ud800x')).toBe(4);
    const text = 'A sentence, “quoted”, with emoji 👩‍👩‍👧.';
    expect(utf8Bytes(text)).toBe(Buffer.byteLength(text));
  });
});

describe('jsonbTextBytes', () => {
  it('adds the space PostgreSQL writes after each separator of a jsonb', () => {
    // {"a": 1, "b": [1, 2]} as jsonb::text
    expect(jsonbTextBytes({ a: 1, b: [1, 2] })).toBe('{"a": 1, "b": [1, 2]}'.length);
    expect(jsonbTextBytes({ skipped: undefined, é: 'é' })).toBe(Buffer.byteLength('{"é": "é"}'));
    expect(jsonbTextBytes(null)).toBe(4);
    expect(jsonbTextBytes([])).toBe(2);
  });
});
