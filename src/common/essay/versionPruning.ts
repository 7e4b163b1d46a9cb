// Which essay versions a store lets go: one pure function, run by the server after each write and by the
// device after each change, so both keep the same kind of history within the same limits.
//
// The limits: at most ESSAY_VERSIONS_PER_ESSAY versions per essay, and ESSAY_VERSIONS_PER_BROWSER versions and
// ESSAY_VERSIONS_TOTAL_BYTES in all for one browser. The per-essay limit never costs an essay its newest version
// or its newest generated one.
// Past a limit, versions go in this order, each group oldest first:
//   1. older than a day, and not the newest of their essay in that hour (the history thins to one an hour);
//   2. older than a week, and not the newest of their essay in that (UTC) day (then to one a day);
//   3. any other but an essay's newest and newest generated;
//   4. on a device only (`onServer`), an essay's newest or newest generated version the server holds a copy of,
//      when the browser's totals cannot hold otherwise (55 essays' newest of 80 KB each are 4.4 MB): the
//      essays touched longest ago lose theirs first. A version the server does not hold yet (typing not synced)
//      never goes this way, and the server, the copy the device relies on, never lets these go.
// "Newest" is by when the store received a version (the server's clock, never a device's), then by the
// device's time, then by the order the store kept them, then by id: a total order, so the answer depends only
// on the versions and `now`, never on the order they are listed in.
import { ESSAY_VERSIONS_PER_ESSAY } from '../limits/limits.ts';
import { jsonbTextBytes, utf8Bytes } from '../limits/storedBytes.ts';

/**
 * What one browser's versions may take in all: 2 MiB. A 650-word personal statement is about 4 KB and a
 * supplemental essay 1–3 KB, so a student who keeps 50 versions of the statement and ten of each of twenty
 * supplemental essays holds about 0.6 MB; this leaves three times that. It also bounds what the device
 * rewrites when it saves its copy (the versions are part of it) and what a hostile browser can make the
 * server keep (901 essays × 50 versions × 20,000 characters would be gigabytes).
 */
export const ESSAY_VERSIONS_TOTAL_BYTES = 2 * 1024 * 1024;
/**
 * Versions one browser keeps in all: a student who keeps 50 versions of the statement and ten of each of fifty
 * supplemental essays has 550. It bounds the rows a write may have to weigh (the server reads them all when
 * the browser is past a limit), which the byte total alone would not for many tiny versions.
 */
export const ESSAY_VERSIONS_PER_BROWSER = 1000;
/** What a version costs beyond its text (its id, essay key, kind, times, row): so tiny versions still count. */
export const ESSAY_VERSION_OVERHEAD_BYTES = 128;

const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;
const WEEK_MS = 7 * DAY_MS;

export interface VersionFacts {
  id: string;
  essayKey: string;
  kind: 'generated' | 'edited' | 'coach';
  /** What the version takes: versionSize(text, coach). */
  size: number;
  /** When the store received it (ms): the server's receive time; a device uses the version's own time. */
  receivedAt: number;
  /** The device's time of the version (ms), to order versions received together. */
  at: number;
  /** The order the store kept them in, higher is later (the server's revision; a device's list position). */
  sequence: number;
  /** A device's version the server holds a copy of: even an essay's newest may go past the totals (group 4). */
  onServer?: boolean;
}

export interface PruningLimits {
  perEssay: number;
  perBrowser: number;
  totalBytes: number;
}

export const DEFAULT_PRUNING_LIMITS: PruningLimits = {
  perEssay: ESSAY_VERSIONS_PER_ESSAY, perBrowser: ESSAY_VERSIONS_PER_BROWSER, totalBytes: ESSAY_VERSIONS_TOTAL_BYTES,
};

/**
 * What a version takes: its text, its overhead and, for a coach revision, its coach data as PostgreSQL writes
 * the stored jsonb as text (octet_length(coach::text)), so the device and the server weigh it alike.
 */
export const versionSize = (text: string, coach?: unknown): number => utf8Bytes(text) + ESSAY_VERSION_OVERHEAD_BYTES
  + (coach === undefined || coach === null ? 0 : jsonbTextBytes(coach));

/**
 * How many of the versions weighing `sizes`, in order, fit within `bytes`: at least one, so a version larger
 * than a page or a request goes alone. A page of versions and a batch a device sends are cut by it.
 */
export function versionsWithin(sizes: readonly number[], bytes: number): number {
  let total = 0;
  for (const [index, size] of sizes.entries()) {
    total += size;
    if (total > bytes) return Math.max(1, index);
  }
  return sizes.length;
}

/** Negative when `a` is newer than `b`. */
function newerFirst(a: VersionFacts, b: VersionFacts): number {
  return (b.receivedAt - a.receivedAt) || (b.at - a.at) || (b.sequence - a.sequence) || (a.id < b.id ? 1 : a.id > b.id ? -1 : 0);
}

/** Each version with its group of the order above (0, 1 or 2), newest first. */
function withTiers(newestFirst: readonly VersionFacts[], now: number): Array<{ version: VersionFacts; tier: number }> {
  const seen = new Set<string>();
  return newestFirst.map((version) => {
    const age = now - version.receivedAt;
    const hour = `${version.essayKey}\nh${Math.floor(version.receivedAt / HOUR_MS)}`;
    const day = `${version.essayKey}\nd${Math.floor(version.receivedAt / DAY_MS)}`;
    const tier = age > DAY_MS && seen.has(hour) ? 0 : age > WEEK_MS && seen.has(day) ? 1 : 2;
    seen.add(hour).add(day);
    return { version, tier };
  });
}

/** The newest version and the newest generated one of each essay: never let go. */
function protectedIds(newestFirst: readonly VersionFacts[]): Set<string> {
  const kept = new Set<string>();
  const newest = new Set<string>();
  const newestGenerated = new Set<string>();
  for (const { id, essayKey, kind } of newestFirst) {
    if (!newest.has(essayKey)) {
      newest.add(essayKey);
      kept.add(id);
    }
    if (kind === 'generated' && !newestGenerated.has(essayKey)) {
      newestGenerated.add(essayKey);
      kept.add(id);
    }
  }
  return kept;
}

/** The ids of the versions to let go so that the rest fit `limits`, in the order they go. */
export function versionsToLetGo(versions: readonly VersionFacts[], now: number, limits = DEFAULT_PRUNING_LIMITS): string[] {
  const newestFirst = [...versions].sort(newerFirst);
  const kept = protectedIds(newestFirst);
  const candidates = withTiers(newestFirst, now).filter(({ version }) => !kept.has(version.id))
    .sort((a, b) => (a.tier - b.tier) || newerFirst(b.version, a.version))
    .map(({ version }) => version);

  const dropped = new Set<string>();
  const perEssay = new Map<string, number>();
  for (const { essayKey } of versions) perEssay.set(essayKey, (perEssay.get(essayKey) ?? 0) + 1);
  for (const version of candidates) {
    const ofEssay = perEssay.get(version.essayKey)!;
    if (ofEssay <= limits.perEssay) continue;
    dropped.add(version.id);
    perEssay.set(version.essayKey, ofEssay - 1);
  }
  let count = versions.length - dropped.size;
  let total = versions.reduce((sum, version) => sum + (dropped.has(version.id) ? 0 : version.size), 0);
  // Group 4 after the rest: the kept versions a server holds, oldest first.
  const lastResort = newestFirst.filter((version) => kept.has(version.id) && version.onServer === true).reverse();
  for (const version of [...candidates, ...lastResort]) {
    if (count <= limits.perBrowser && total <= limits.totalBytes) break;
    if (dropped.has(version.id)) continue;
    dropped.add(version.id);
    count -= 1;
    total -= version.size;
  }
  return [...candidates, ...lastResort].filter((version) => dropped.has(version.id)).map((version) => version.id);
}
