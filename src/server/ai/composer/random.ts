// Deterministic choices for the composer: the same (profile, variant) always gives the same draft, and
// consecutive variants rotate every phrasing choice so Regenerate is guaranteed to read differently.

/** FNV-1a: a small, stable string hash. */
export function hashString(text: string): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i += 1) {
    hash ^= text.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193);
  }
  return hash >>> 0;
}

export interface Chooser {
  /** A pseudo-random number in [0, 1). */
  next(): number;
  /** One of the options; with the same `slot`, consecutive variants always get different options. */
  pick<T>(options: readonly T[], slot: string): T;
  /** A stable shuffle (Fisher–Yates on the seeded generator). */
  shuffle<T>(items: readonly T[]): T[];
}

export function createChooser(seedText: string, variant: number): Chooser {
  const base = hashString(seedText);
  let state = (base ^ Math.imul(variant + 1, 0x9e3779b1)) >>> 0;
  const next = (): number => {
    // mulberry32
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return {
    next,
    pick<T>(options: readonly T[], slot: string): T {
      if (options.length === 0) throw new Error(`No options for ${slot}`);
      const offset = ((hashString(slot) ^ base) >>> 0) % options.length;
      return options[(offset + Math.max(0, Math.trunc(variant))) % options.length] as T;
    },
    shuffle<T>(items: readonly T[]): T[] {
      const copy = [...items];
      for (let i = copy.length - 1; i > 0; i -= 1) {
        const j = Math.floor(next() * (i + 1));
        [copy[i], copy[j]] = [copy[j] as T, copy[i] as T];
      }
      return copy;
    },
  };
}
