// What every rule reads: the draft cut into paragraphs with their roles and targets, and the student's own
// material from the questionnaire, cleaned of template leftovers the way the rest of the product reads it.
import { INSIGHT_KEYS } from '../questionnaire/questionnaire.ts';
import { scrubJunk } from '../text/junk.ts';
import { countWords } from '../text/wordCount.ts';
import { paragraphInfo, type ParagraphInfo } from './analysis.ts';
import { memoByText } from './memo.ts';
import { ESSAY_WORD_LIMIT } from '../limits/limits.ts';
import { COACH_MAX_WORD_LIMIT, COACH_MIN_WORD_LIMIT, COACH_PROMPT_MAX } from './limits.ts';
import { paragraphRole, roleTargets } from './roles.ts';
import type { Sentence } from '../text/sentences.ts';
import { clipQuote, splitParagraphs } from './text.ts';
import type { CoachInput, CoachMaterial, CommentKind, ParagraphRole, WordLimit } from './types.ts';

/** A text the student wrote in the questionnaire, and where: the coach prefers their answers to lists. */
export interface MaterialText {
  text: string;
  from: 'answers' | 'insights' | 'activities';
}

export interface DraftContext {
  kind: CoachInput['kind'];
  prompt: string;
  /** Null: no length check, so no length rule runs and no paragraph has a target. */
  wordLimit: WordLimit;
  words: number;
  paragraphs: ParagraphInfo[];
  roles: ParagraphRole[];
  /** Each paragraph's target words; empty with no length check. */
  targets: number[];
  material: MaterialText[];
  /** The writing sample, or '' without one. */
  sample: string;
  colleges: string[];
}

/** One rule's observation, before the most important three per paragraph are kept. */
export interface Finding {
  paragraph: number;
  kind: CommentKind;
  quote: string;
  question: string;
  /** Lower comes first (ranking.ts). */
  priority: number;
}

/** Material beyond these bounds is not read: enough for any real questionnaire, and the analysis stays fast. */
const MATERIAL_TEXT_MAX = 3000;
const MATERIAL_TOTAL_MAX = 40_000;

const scrubbed = memoByText((text) => scrubJunk(text.slice(0, MATERIAL_TEXT_MAX)));

function materialTexts(material: CoachMaterial | undefined): MaterialText[] {
  if (!material) return [];
  const { form } = material;
  const raw: MaterialText[] = [
    ...Object.values(material.followUpResponses ?? {}).map((text) => ({ text, from: 'answers' as const })),
    ...INSIGHT_KEYS.map((key) => ({ text: form.personalInsights[key] ?? '', from: 'insights' as const })),
    ...form.activitiesAndInvolvement.activities.flatMap((activity) => [activity.description, activity.leadership])
      .map((text) => ({ text, from: 'activities' as const })),
  ];
  const kept: MaterialText[] = [];
  let total = 0;
  for (const { text, from } of raw) {
    const clean = scrubbed(String(text ?? ''));
    if (clean === '' || total + clean.length > MATERIAL_TOTAL_MAX) continue;
    total += clean.length;
    kept.push({ text: clean, from });
  }
  return kept;
}

const clamp = (value: number, min: number, max: number): number => Math.min(max, Math.max(min, Math.round(value)));

/** The limit a review is measured against: null stays "no length check"; a missing one is the statement's 650. */
function coachWordLimit(limit: WordLimit | undefined): WordLimit {
  if (limit === null) return null;
  return clamp(Number.isFinite(limit) ? limit! : ESSAY_WORD_LIMIT, COACH_MIN_WORD_LIMIT, COACH_MAX_WORD_LIMIT);
}

export function draftContext(input: CoachInput): DraftContext {
  const texts = splitParagraphs(input.draft);
  const paragraphs = texts.map(paragraphInfo);
  const roles = paragraphs.map((paragraph) => paragraphRole(paragraph, paragraphs.length));
  const wordLimit = coachWordLimit(input.wordLimit);
  return {
    kind: input.kind,
    prompt: (input.prompt ?? '').slice(0, COACH_PROMPT_MAX),
    wordLimit,
    words: paragraphs.reduce((sum, paragraph) => sum + paragraph.words, 0),
    paragraphs,
    roles,
    targets: wordLimit === null ? [] : roleTargets(roles, wordLimit),
    material: materialTexts(input.material),
    sample: scrubbed(input.material?.form.personalInsights.writingSample?.text ?? ''),
    colleges: (input.material?.form.collegeGoals.specificColleges ?? []).slice(0, 100),
  };
}

/** True when the writing sample is long enough to compare a draft with. */
export const hasSample = (context: DraftContext): boolean => countWords(context.sample) >= 60;

export const finding = (paragraph: ParagraphInfo, kind: CommentKind, quote: string, question: string, priority: number): Finding => ({
  paragraph: paragraph.index, kind, quote: clipQuote(quote), question, priority,
});

/** The paragraph's longest sentence: where a paragraph's weight usually sits. */
export const longestSentence = (paragraph: ParagraphInfo): Sentence =>
  paragraph.sentences.reduce((best, sentence) => (sentence.tokens.length > best.tokens.length ? sentence : best));

/** Paragraph numbers in reasons count from one, as a reader does. */
export const nth = (index: number): string => `paragraph ${index + 1}`;

/** The paragraph with the most findings of these kinds (the earliest of equals), or null without any. */
export function mostFlagged(findings: readonly Finding[], kinds: readonly CommentKind[]): number | null {
  const counts = new Map<number, number>();
  for (const found of findings) if (kinds.includes(found.kind)) counts.set(found.paragraph, (counts.get(found.paragraph) ?? 0) + 1);
  let best: number | null = null;
  for (const [paragraph, count] of counts) {
    if (best === null || count > counts.get(best)! || (count === counts.get(best)! && paragraph < best)) best = paragraph;
  }
  return best;
}
