// From chosen material to paragraphs and a stream: section frames, paragraph breaks, sentence-sized chunks.
import { abortReason } from '../errors.ts';
import type { Chosen, Group } from './fit.ts';
import type { Chooser } from './random.ts';
import { breakMonotony, sentenceKey, type Piece } from './rhythm.ts';
import { countWords } from './text.ts';

/** 0 opening scene, 1 context, 2 turning point, 3 reflection, 4 close. */
export type Section = 0 | 1 | 2 | 3 | 4;

/**
 * Short transitions that open a section. They state no fact, so they can sit before any student's material;
 * each is joined to the first sentence of the section's main material, so it never appears on its own.
 */
export const ESSAY_FRAMES: Partial<Record<Section, string[]>> = {
  1: ['Some background helps here.', 'It helps to know where this started.', 'To explain why this matters to me, I have to back up.', 'None of this came out of nowhere.'],
  2: ['Not everything went the way I hoped.', 'It was not always easy.', 'Then came the hard part.', 'Then things got harder.'],
  3: ['Looking back, I can see what changed in me.', 'When I look back now, I see it differently.', 'What stays with me is what it taught me.', 'I am not the same person now.'],
  4: ['This is what I want to carry forward.', 'That is where I am headed next.', 'I want to take this with me.', 'I know where I am going from here.'],
};

const trigrams = (text: string): Set<string> => {
  const words = text.toLowerCase().match(/[\p{L}\p{N}']+/gu) ?? [];
  return new Set(words.slice(2).map((word, i) => `${words[i]} ${words[i + 1]} ${word}`));
};

const COMMON = new Set(['this', 'that', 'what', 'with', 'when', 'where', 'have', 'were', 'always', 'everything', 'back', 'want', 'from', 'here', 'then']);
const stems = (text: string): Set<string> =>
  new Set((text.toLowerCase().match(/\p{L}{4,}/gu) ?? []).filter((w) => !COMMON.has(w)).map((w) => w.slice(0, 4)));

/** True when two texts share a run of three words or a content word ("hard part" / "The hardest part"). */
function sharesPhrase(a: string, b: string): boolean {
  const theirs = trigrams(b);
  if ([...trigrams(a)].some((gram) => theirs.has(gram))) return true;
  const words = stems(b);
  return [...stems(a)].some((stem) => words.has(stem));
}

export function withFrames<G extends Group>(groups: readonly G[], frames: Partial<Record<Section, string[]>>, chooser: Chooser): G[] {
  const result = groups.map((group) => ({ ...group, sentences: [...group.sentences] }));
  for (const [key, options] of Object.entries(frames)) {
    const section = Number(key);
    const lead = result
      .filter((group) => group.section === section)
      .reduce<G | null>((best, group) => (best === null || group.weight > best.weight ? group : best), null);
    if (!lead || !options || options.length === 0) continue;
    // A transition never echoes the sentence it leads into ("I want to take this with me. …bring this with me.").
    const fitting = options.filter((option) => !sharesPhrase(option, lead.sentences[0] ?? ''));
    if (fitting.length === 0) continue;
    const frame = chooser.pick(fitting, `frame:${section}`);
    lead.sentences[0] = `${frame} ${lead.sentences[0] ?? ''}`.trim();
    lead.order = -1;
  }
  return result;
}

const PARAGRAPH_WORDS = 170;

/** A section's last paragraph shorter than this joins the one before it. */
const SHORT_TAIL_WORDS = 35;
/** The coach calls a sentence of this many words or more, already in the draft, a repetition. */
const DUPLICATE_MIN_WORDS = 4;

/** A paragraph of a draft and the student's answers it was built from (e.g. `insight:happy`, `activity:0`). */
export interface SourcedParagraph {
  sentences: string[];
  sources: string[];
}

/** Paragraphs in section order, each with its sources; a long section is split between its groups. */
export function arrangeWithSources(chosen: readonly Chosen[]): SourcedParagraph[] {
  const sorted = [...chosen].sort((a, b) => a.group.section - b.group.section || a.group.order - b.group.order);
  const paragraphs: Array<{ section: number; pieces: Piece[] }> = [];
  const words = (pieces: readonly Piece[]): number => countWords(pieces.map((piece) => piece.text).join(' '));
  // A sentence the student wrote in two places (an answer and an activity, say) appears in the draft once: the
  // same words, read as the coach reads them, whatever the case or punctuation.
  const used = new Set<string>();
  for (const { group, sentences } of sorted) {
    const kept = sentences.filter((s) => {
      const keys = sentenceKey(s).filter((key) => key !== '');
      if (keys.length === 0 || keys.some((key) => used.has(key) && key.split(' ').length >= DUPLICATE_MIN_WORDS)) return false;
      keys.forEach((key) => used.add(key));
      return true;
    });
    if (kept.length === 0) continue;
    const pieces = kept.map((text, i) => ({ text, source: group.source, opensGroup: i === 0 }));
    const last = paragraphs[paragraphs.length - 1];
    if (last && last.section === group.section && words(last.pieces) < PARAGRAPH_WORDS) last.pieces.push(...pieces);
    else paragraphs.push({ section: group.section, pieces });
  }
  for (let i = paragraphs.length - 1; i > 0; i -= 1) {
    const [before, tail] = [paragraphs[i - 1], paragraphs[i]];
    if (before && tail && before.section === tail.section && words(tail.pieces) < SHORT_TAIL_WORDS) {
      before.pieces.push(...tail.pieces);
      paragraphs.splice(i, 1);
    }
  }
  return paragraphs.flatMap(({ pieces }) => breakMonotony(pieces)).filter((pieces) => pieces.length > 0).map((pieces) => ({
    sentences: pieces.map((piece) => piece.text),
    sources: [...new Set(pieces.flatMap((piece) => (piece.source === undefined ? [] : [piece.source])))],
  }));
}

/** Streams the text sentence by sentence; the chunks join to exactly the sentences joined by spaces and the paragraphs by blank lines. */
export async function* streamSentences(paragraphs: readonly string[][], signal?: AbortSignal): AsyncGenerator<string> {
  for (let p = 0; p < paragraphs.length; p += 1) {
    const paragraph = paragraphs[p] as string[];
    for (let s = 0; s < paragraph.length; s += 1) {
      if (signal?.aborted) throw abortReason(signal);
      const lastInParagraph = s === paragraph.length - 1;
      const separator = lastInParagraph ? (p === paragraphs.length - 1 ? '' : '\n\n') : ' ';
      yield `${paragraph[s]}${separator}`;
    }
  }
}
