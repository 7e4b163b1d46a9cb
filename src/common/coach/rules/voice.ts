// Voice: a draft far from the student's own writing sample, measured by how long its sentences run and how
// many long words it uses. Without a sample the coach has nothing to compare with and makes no such comment.
import { isLongWord, type ParagraphInfo } from '../analysis.ts';
import { finding, hasSample, longestSentence, type DraftContext, type Finding } from '../context.ts';
import { PRIORITY } from '../ranking.ts';
import { memoByText } from '../memo.ts';
import { splitSentences } from '../../text/sentences.ts';
import { shortPhrase } from '../text.ts';

export interface VoiceMetrics {
  wordsPerSentence: number;
  /** Share of words of nine letters or more. */
  longWords: number;
}

const MIN_DRAFT_WORDS = 100;

const metrics = (words: number, sentences: number, long: number): VoiceMetrics =>
  (words === 0 ? { wordsPerSentence: 0, longWords: 0 } : { wordsPerSentence: words / sentences, longWords: long / words });

/** The draft's register (or one paragraph's), from what paragraphInfo counted. */
export const draftMetrics = (paragraphs: readonly ParagraphInfo[]): VoiceMetrics => metrics(
  paragraphs.reduce((sum, paragraph) => sum + paragraph.tokens.length, 0),
  paragraphs.reduce((sum, paragraph) => sum + paragraph.sentences.length, 0),
  paragraphs.reduce((sum, paragraph) => sum + paragraph.longWords, 0),
);

const metricsOfText = memoByText((text) => {
  const sentences = splitSentences(text);
  const tokens = sentences.flatMap((sentence) => sentence.tokens);
  return metrics(tokens.length, sentences.length, tokens.filter(isLongWord).length);
}, 20);
export const sampleMetrics = (context: DraftContext): VoiceMetrics => metricsOfText(context.sample);

/** How far apart two ways of writing are: 0 alike; 1 and over, far apart. */
export function voiceDistance(draft: VoiceMetrics, sample: VoiceMetrics): number {
  const longer = Math.max(draft.wordsPerSentence, sample.wordsPerSentence);
  const shorter = Math.max(1, Math.min(draft.wordsPerSentence, sample.wordsPerSentence));
  const lengthGap = longer - shorter >= 7 ? (longer / shorter - 1) / 0.75 : 0;
  return Math.max(lengthGap, Math.abs(draft.longWords - sample.longWords) / 0.1);
}

/** The paragraph that sounds least like the sample. */
function furthest(context: DraftContext, sample: VoiceMetrics): ParagraphInfo {
  const distances = context.paragraphs.map((paragraph) => voiceDistance(draftMetrics([paragraph]), sample));
  return context.paragraphs[distances.indexOf(Math.max(...distances))]!;
}

export function voiceFindings(context: DraftContext): Finding[] {
  if (!hasSample(context) || context.words < MIN_DRAFT_WORDS) return [];
  const sample = sampleMetrics(context);
  const draft = draftMetrics(context.paragraphs);
  if (voiceDistance(draft, sample) < 1) return [];
  const paragraph = furthest(context, sample);
  const own = draftMetrics([paragraph]);
  const longest = paragraph.tokens.filter(isLongWord).sort((a, b) => b.text.length - a.text.length)[0];
  const example = longest && own.longWords > sample.longWords ? `, with words like “${shortPhrase(longest.text, 30)}”` : '';
  const question = `Your writing sample averages about ${Math.round(sample.wordsPerSentence)} words a sentence; this paragraph averages ${Math.round(own.wordsPerSentence)}${example}: when you read it aloud, does it sound like you?`;
  return [finding(paragraph, 'voice', longestSentence(paragraph).text, question, PRIORITY.voice)];
}
