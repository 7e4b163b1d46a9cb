import { describe, expect, it } from 'vitest';
import { mergeTwoLevels } from '../../../src/app/persistence/mergeTwoLevels.ts';

describe('mergeTwoLevels (rehydration)', () => {
  const initial = { wizard: { name: '', addedLater: 'default' }, list: { items: [] as string[] }, flag: false };

  it('merges each stored slice over its initial state, keeping fields the stored copy lacks', () => {
    const stored = { wizard: { name: 'Maya' }, list: { items: ['a'] }, flag: true, _persist: { version: 1, rehydrated: false } };
    expect(mergeTwoLevels(stored as unknown as typeof initial, initial, initial)).toEqual({
      wizard: { name: 'Maya', addedLater: 'default' }, list: { items: ['a'] }, flag: true,
    });
  });

  it('keeps a slice that changed while the device copy was being read', () => {
    const reduced = { ...initial, wizard: { name: 'Typed meanwhile', addedLater: 'default' } };
    const stored = { wizard: { name: 'Old' } } as unknown as typeof initial;
    expect(mergeTwoLevels(stored, initial, reduced).wizard.name).toBe('Typed meanwhile');
  });

  it('returns the state as it is when nothing was stored', () => {
    expect(mergeTwoLevels(undefined as unknown as typeof initial, initial, initial)).toBe(initial);
  });
});
