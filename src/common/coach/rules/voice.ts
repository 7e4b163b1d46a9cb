// Voice: a draft far from the student's own writing sample, measured by how long its sentences run and how
// many long words it uses. Without a sample the coach has nothing to compare with and makes no such comment.
import type { ParagraphInfo } from '../analysis.ts';
import { PRIORITY, finding, hasSample, longestSentence, type DraftContext, type Finding } from '../context.ts';
import { shortPhrase, splitSentences, type Sentence, type Token } from '../text.ts';

export interface VoiceMetrics {
  wordsPerSentence: number;
  /** Share of words of nine letters or more. */
  longWords: number;
}

const LONG_WORD = 9;
const MIN_DRAFT_WORDS = 100;
const isLong = (token: Token): boolean => token.text.length >= LONG_WORD && !/\p{N}/u.test(token.text);

export function voiceMetrics(sentences: readonly Sentence[]): VoiceMetrics {
  const tokens = sentences.flatMap((sentence) => sentence.tokens);
  if (tokens.length === 0) return { wordsPerSentence: 0, longWords: 0 };
  return { wordsPerSentence: tokens.length / sentences.length, longWords: tokens.filter(isLong).length / tokens.length };
}

export const sampleMetrics = (context: DraftContext): VoiceMetrics => voiceMetrics(splitSentences(context.sample));

/** How far apart two ways of writing are: 0 alike; 1 and over, far apart. */
export function voiceDistance(draft: VoiceMetrics, sample: VoiceMetrics): number {
  const longer = Math.max(draft.wordsPerSentence, sample.wordsPerSentence);
  const shorter = Math.max(1, Math.min(draft.wordsPerSentence, sample.wordsPerSentence));
  const lengthGap = longer - shorter >= 7 ? (longer / shorter - 1) / 0.75 : 0;
  return Math.max(lengthGap, Math.abs(draft.longWords - sample.longWords) / 0.1);
}

/** The paragraph that sounds least like the sample. */
function furthest(context: DraftContext, sample: VoiceMetrics): ParagraphInfo {
  const distance = (paragraph: ParagraphInfo): number => voiceDistance(voiceMetrics(paragraph.sentences), sample);
  return context.paragraphs.reduce((best, paragraph) => (distance(paragraph) > distance(best) ? paragraph : best));
}

export function voiceFindings(context: DraftContext): Finding[] {
  if (!hasSample(context) || context.words < MIN_DRAFT_WORDS) return [];
  const sample = sampleMetrics(context);
  const draft = voiceMetrics(context.paragraphs.flatMap((paragraph) => paragraph.sentences));
  if (voiceDistance(draft, sample) < 1) return [];
  const paragraph = furthest(context, sample);
  const own = voiceMetrics(paragraph.sentences);
  const longest = paragraph.tokens.filter(isLong).sort((a, b) => b.text.length - a.text.length)[0];
  const example = longest && own.longWords > sample.longWords ? `, with words like “${shortPhrase(longest.text, 30)}”` : '';
  const question = `Your writing sample averages about ${Math.round(sample.wordsPerSentence)} words a sentence; this paragraph averages ${Math.round(own.wordsPerSentence)}${example}: when you read it aloud, does it sound like you?`;
  return [finding(paragraph, 'voice', longestSentence(paragraph).text, question, PRIORITY.voice)];
}
