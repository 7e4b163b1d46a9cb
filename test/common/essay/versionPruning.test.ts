// The one pruning rule the server and the device share: which versions go when a browser's versions pass
// their limits (the per-essay count, the total bytes), and in which order.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  DEFAULT_PRUNING_LIMITS, ESSAY_VERSION_OVERHEAD_BYTES, ESSAY_VERSIONS_TOTAL_BYTES, versionSize, versionsToLetGo,
} from '../../../src/common/essay/versionPruning.ts';
import type { PruningLimits, VersionFacts } from '../../../src/common/essay/versionPruning.ts';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
// Half past an hour, so a few minutes either side stay in one hour.
const NOW = Date.UTC(2026, 10, 26, 12, 30, 0);

let made = 0;
const version = (overrides: Partial<VersionFacts> & { ago: number }): VersionFacts => {
  made += 1;
  const { ago, ...rest } = overrides;
  return {
    id: `v${String(made).padStart(5, '0')}`, essayKey: 'personal', kind: 'edited', size: 1000,
    receivedAt: NOW - ago, at: NOW - ago, sequence: made, ...rest,
  };
};

const keys3 = () => ['personal', 'supplemental-0000000000000001', 'supplemental-0000000000000002'];

const keptAfter = (versions: VersionFacts[], limits: PruningLimits) => {
  const gone = new Set(versionsToLetGo(versions, NOW, limits));
  return versions.filter((v) => !gone.has(v.id));
};

describe('versionsToLetGo', () => {
  it('lets nothing go within the limits', () => {
    const versions = Array.from({ length: 50 }, (_, n) => version({ ago: n * HOUR }));
    expect(versionsToLetGo(versions, NOW)).toEqual([]);
  });

  it('keeps at most 50 per essay: the oldest of a day’s work go first, other essays untouched', () => {
    const personal = Array.from({ length: 60 }, (_, n) => version({ ago: n * 60_000 }));
    const other = Array.from({ length: 3 }, (_, n) => version({ ago: n * 60_000, essayKey: 'supplemental-0123456789abcdef' }));
    const gone = versionsToLetGo([...other, ...personal], NOW);
    expect(gone).toEqual(personal.slice(50).reverse().map((v) => v.id));
  });

  it('thins the history before dropping the oldest: older than a day, one an hour; older than a week, one a day', () => {
    // Four versions in each of two hours three days ago, and in one hour thirty days ago; then recent ones.
    const threeDays = [0, 1, 2, 3].flatMap((minute) => [version({ ago: 3 * DAY + minute * 60_000 }), version({ ago: 3 * DAY + HOUR + minute * 60_000 })]);
    const month = [0, 1, 2, 3].map((minute) => version({ ago: 30 * DAY + minute * 60_000 }));
    const monthOtherHour = version({ ago: 30 * DAY - 2 * HOUR });
    const recent = Array.from({ length: 5 }, (_, n) => version({ ago: n * 60_000 }));
    const all = [...threeDays, ...month, monthOtherHour, ...recent];
    // Room for all but ten: all but the newest of each old hour go first (nine), then, of the two hours kept
    // thirty days ago, the older; the recent ones and one per hour three days ago stay.
    const gone = versionsToLetGo(all, NOW, { perEssay: 50, perBrowser: 1000, totalBytes: (all.length - 10) * 1000 });
    const hourlyRedundant = [...month.slice(1), ...threeDays.filter((_, i) => i >= 2)];
    expect(gone.slice(0, 9).sort()).toEqual(hourlyRedundant.map((v) => v.id).sort());
    expect(gone[9]).toBe(month[0]!.id);
    expect(gone).toHaveLength(10);
    expect(gone).not.toContain(monthOtherHour.id);
  });

  it('keeps at most 1,000 versions a browser, however small: the oldest go', () => {
    const versions = keys3().flatMap((essayKey) => Array.from({ length: 40 }, (_, n) => version({ ago: n * 60_000, essayKey, size: 200 })));
    // 120 versions, room for 102: the six oldest minutes of each essay go.
    const gone = versionsToLetGo(versions, NOW, { perEssay: 50, perBrowser: 102, totalBytes: 1e9 });
    expect(new Set(gone)).toEqual(new Set(versions.filter((v) => v.receivedAt <= NOW - 34 * 60_000).map((v) => v.id)));
    expect(gone).toHaveLength(18);
    expect(DEFAULT_PRUNING_LIMITS.perBrowser).toBe(1000);
  });

  it('never lets go of an essay’s newest version nor its newest generated one, even past the total', () => {
    const generated = version({ ago: 10 * DAY, kind: 'generated', size: 900_000 });
    const edits = Array.from({ length: 4 }, (_, n) => version({ ago: n * HOUR, size: 900_000 }));
    const kept = keptAfter([generated, ...edits], { perEssay: 50, perBrowser: 1000, totalBytes: 1_000_000 });
    expect(kept.map((v) => v.id).sort()).toEqual([generated.id, edits[0]!.id].sort());
  });

  it('past the totals, lets go of the newest of the essays touched longest ago once the server holds them, never one it does not', () => {
    // 55 essays, each with one version of 80 KB: 4.4 MB against 2 MiB. All but the oldest essay's are on the server.
    const essays = Array.from({ length: 55 }, (_, n) => version({
      ago: (55 - n) * HOUR, essayKey: `supplemental-${String(n).padStart(16, '0')}`, kind: 'generated', size: 80_000, onServer: n > 0,
    }));
    const kept = keptAfter(essays, DEFAULT_PRUNING_LIMITS);
    expect(kept.reduce((sum, v) => sum + v.size, 0)).toBeLessThanOrEqual(ESSAY_VERSIONS_TOTAL_BYTES);
    // The oldest essay's is not on the server: it stays. Then the newest essays' stay, as many as fit beside it.
    const room = Math.floor(ESSAY_VERSIONS_TOTAL_BYTES / 80_000) - 1;
    expect(kept.map((v) => v.id)).toEqual([essays[0]!.id, ...essays.slice(-room).map((v) => v.id)]);
    // Nothing the server does not hold goes, even past the totals (the server's own facts say none is on a server).
    const offline = essays.map(({ onServer: _onServer, ...v }) => v);
    expect(versionsToLetGo(offline, NOW)).toEqual([]);
  });

  it('ranks by the receive time, then the device’s time, then the order kept, then the id', () => {
    const sameBatch = [version({ ago: 0, at: NOW - 5000 }), version({ ago: 0, at: NOW - 1000 }), version({ ago: 0, at: NOW - 3000 })];
    expect(versionsToLetGo(sameBatch, NOW, { perEssay: 1, perBrowser: 1000, totalBytes: 1e9 })).toEqual([sameBatch[0]!.id, sameBatch[2]!.id]);
    const sameTime = [version({ ago: 0, sequence: 2 }), version({ ago: 0, sequence: 1 }), version({ ago: 0, sequence: 1, id: 'z' })];
    expect(versionsToLetGo(sameTime, NOW, { perEssay: 1, perBrowser: 1000, totalBytes: 1e9 })).toEqual([sameTime[1]!.id, 'z']);
    // A late arrival with an old device time counts as received now: it stays, the earlier received goes.
    const late = version({ ago: 0, at: NOW - 300 * DAY });
    const earlier = version({ ago: HOUR });
    expect(versionsToLetGo([late, earlier], NOW, { perEssay: 1, perBrowser: 1000, totalBytes: 1e9 })).toEqual([earlier.id]);
  });

  it('sizes a version by its UTF-8 bytes plus a fixed overhead', () => {
    expect(versionSize('')).toBe(ESSAY_VERSION_OVERHEAD_BYTES);
    expect(versionSize('aé😀€')).toBe(1 + 2 + 4 + 3 + ESSAY_VERSION_OVERHEAD_BYTES);
    expect(DEFAULT_PRUNING_LIMITS.totalBytes).toBe(ESSAY_VERSIONS_TOTAL_BYTES);
    expect(ESSAY_VERSIONS_TOTAL_BYTES).toBeGreaterThanOrEqual(2_000_000);
  });

  describe('properties', () => {
    const keys = ['personal', 'supplemental-0000000000000001', 'supplemental-0000000000000002'];
    const facts = fc.uniqueArray(fc.record({
      id: fc.stringMatching(/^[a-z0-9]{4,10}$/),
      essayKey: fc.constantFrom(...keys),
      kind: fc.constantFrom('generated' as const, 'edited' as const),
      size: fc.integer({ min: ESSAY_VERSION_OVERHEAD_BYTES, max: 40_000 }),
      receivedAt: fc.integer({ min: NOW - 60 * DAY, max: NOW + DAY }),
      at: fc.integer({ min: NOW - 400 * DAY, max: NOW + DAY }),
      sequence: fc.integer({ min: 0, max: 50 }),
      onServer: fc.boolean(),
    }), { selector: (v) => v.id, maxLength: 120 });
    const limits = fc.record({
      perEssay: fc.integer({ min: 2, max: 60 }), perBrowser: fc.integer({ min: 0, max: 130 }), totalBytes: fc.integer({ min: 0, max: 1_500_000 }),
    });

    /** The newest (and newest generated) version of each essay, by the rule's order, that no server holds. */
    const protectedOf = (versions: VersionFacts[]) => {
      const byNewest = [...versions].sort((a, b) => (b.receivedAt - a.receivedAt) || (b.at - a.at) || (b.sequence - a.sequence) || (a.id < b.id ? 1 : -1));
      const ids = new Set<string>();
      for (const key of keys) {
        const ofKey = byNewest.filter((v) => v.essayKey === key);
        if (ofKey[0] && !ofKey[0].onServer) ids.add(ofKey[0].id);
        const generated = ofKey.find((v) => v.kind === 'generated');
        if (generated && !generated.onServer) ids.add(generated.id);
      }
      return ids;
    };

    it('never lets go of an essay’s newest or newest generated version that the server does not hold', () => {
      fc.assert(fc.property(facts, limits, (versions, limit) => {
        const gone = new Set(versionsToLetGo(versions, NOW, limit));
        for (const id of protectedOf(versions)) expect(gone.has(id)).toBe(false);
      }));
    });

    it('keeps within every limit whenever what it must keep fits, and lets nothing go when all fits', () => {
      fc.assert(fc.property(facts, limits, (versions, limit) => {
        const kept = keptAfter(versions, limit);
        const keep = protectedOf(versions);
        const minimum = versions.filter((v) => keep.has(v.id)).reduce((sum, v) => sum + v.size, 0);
        const total = kept.reduce((sum, v) => sum + v.size, 0);
        if (minimum <= limit.totalBytes && keep.size <= limit.perBrowser) expect(total).toBeLessThanOrEqual(limit.totalBytes);
        if (minimum <= limit.totalBytes && keep.size <= limit.perBrowser) expect(kept.length).toBeLessThanOrEqual(limit.perBrowser);
        for (const key of keys) expect(kept.filter((v) => v.essayKey === key).length).toBeLessThanOrEqual(limit.perEssay);
        const fits = versions.reduce((sum, v) => sum + v.size, 0) <= limit.totalBytes && versions.length <= limit.perBrowser
          && keys.every((key) => versions.filter((v) => v.essayKey === key).length <= limit.perEssay);
        if (fits) expect(kept).toHaveLength(versions.length);
      }));
    });

    it('answers the same whatever the order the versions are listed in', () => {
      fc.assert(fc.property(facts, limits, fc.integer(), (versions, limit, seed) => {
        const shuffled = fc.sample(fc.shuffledSubarray(versions, { minLength: versions.length, maxLength: versions.length }), { numRuns: 1, seed })[0]!;
        expect(versionsToLetGo(shuffled, NOW, limit)).toEqual(versionsToLetGo(versions, NOW, limit));
      }));
    });
  });
});
