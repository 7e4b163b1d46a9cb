// Chooses how much of each piece of material goes into a draft so its length lands in [min, max] words.
// Material comes in groups (one answer, one activity…) whose sentences only make sense in order, so a group
// contributes a prefix of its sentences. A grouped knapsack picks the prefixes: the most valuable selection
// whose length is in range, or, when no selection reaches `min`, the longest one under `max`.
import { countWords } from './text.ts';

export interface Group {
  /** Sentences in reading order; a group is used from its first sentence on. */
  sentences: string[];
  /** How much this material matters here; later sentences of a group count a little less. */
  weight: number;
  section: number;
  /** Order within its section. */
  order: number;
  /** Supporting material, used only when the core material cannot reach a draft's minimum length. */
  filler?: boolean;
  /** Which of the student's answers the sentences come from (shown beside the paragraph). */
  source?: string;
}

export interface Chosen {
  group: Group;
  sentences: string[];
}

const REQUIRED = 1e6;
/**
 * Starting a group costs as much as this many of its words, so the fit prefers whole answers to a string of
 * first sentences from many answers.
 */
const START_COST_WORDS = 10;

/** Weight for material that must be in the draft whenever it fits (e.g. the sentence that opens it). */
export const required = (order = 0): Pick<Group, 'weight' | 'order'> => ({ weight: REQUIRED, order });

interface Option { words: number; value: number }

function prefixOptions(group: Group): Option[] {
  const options: Option[] = [{ words: 0, value: 0 }];
  let words = 0;
  let value = 0;
  group.sentences.forEach((sentence, i) => {
    const count = countWords(sentence);
    words += count;
    value += count * group.weight * Math.pow(0.97, i);
    options.push({ words, value: value - START_COST_WORDS * group.weight });
  });
  return options;
}

export const chosenWords = (chosen: readonly Chosen[]): number =>
  chosen.reduce((sum, { sentences }) => sum + countWords(sentences.join(' ')), 0);

export function fitGroups(groups: readonly Group[], min: number, max: number): Chosen[] {
  const capacity = Math.max(0, Math.floor(max));
  const width = capacity + 1;
  let best = new Float64Array(width).fill(-1);
  best[0] = 0;
  const choices = new Uint8Array(groups.length * width);
  const optionsByGroup = groups.map(prefixOptions);

  optionsByGroup.forEach((options, g) => {
    const next = new Float64Array(width).fill(-1);
    for (let used = 0; used <= capacity; used += 1) {
      const base = best[used] as number;
      if (base < 0) continue;
      for (let k = 0; k < options.length && k < 256; k += 1) {
        const option = options[k] as Option;
        const total = used + option.words;
        if (total > capacity) break;
        const value = base + option.value;
        if (value > (next[total] as number)) {
          next[total] = value;
          choices[g * width + total] = k;
        }
      }
    }
    best = next;
  });

  let target = -1;
  for (let words = Math.max(0, Math.ceil(min)); words <= capacity; words += 1) {
    if ((best[words] as number) >= 0 && (target < 0 || (best[words] as number) > (best[target] as number))) target = words;
  }
  if (target < 0) {
    for (let words = capacity; words >= 0 && target < 0; words -= 1) if ((best[words] as number) >= 0) target = words;
  }

  const chosen: Chosen[] = [];
  for (let g = groups.length - 1, words = target; g >= 0; g -= 1) {
    const k = choices[g * width + words] as number;
    const group = groups[g] as Group;
    if (k > 0) chosen.push({ group, sentences: group.sentences.slice(0, k) });
    words -= (optionsByGroup[g] as Option[])[k]?.words ?? 0;
  }
  return chosen.reverse();
}
