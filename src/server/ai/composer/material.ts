// The student's own sentences, ready to stand in an essay: answers split into sentences, insights framed so a
// fragment ("My grandmother, because…") still reads as a sentence. No sentence here states a fact of our own.
import type { InsightKey } from '../../../common/questionnaire/questionnaire.ts';
import type { StudentProfile } from '../profile.ts';
import type { Theme } from '../themes.ts';
import { frameAnswer, isNounPhrase } from './prose.ts';
import {
  asSentence, continueWith, fragmentToFirstPerson, isFragment, isWhenFragment, joinList, startsWithSubject,
} from './text.ts';
import { sentenceTexts } from '../../../common/text/sentences.ts';

/**
 * At most this many sentences of one answer, a bound on the fit's work rather than on the student: an answer
 * the questionnaire accepts rarely has more, and every word the material count includes must be usable.
 */
const MAX_SENTENCES = 40;
/** A writing sample (up to 2,000 characters) is used as a passage, so it may run longer. */
export const MAX_SAMPLE_SENTENCES = 80;

/** How a theme's answer is introduced when it opens with a fragment ("When I got my dog…"). */
const ANSWER_FRAMES: Partial<Record<Theme | 'other', string>> = {
  inspiring: 'The moment that inspired me most was',
  details: 'I still remember',
  challenge: 'The hardest part was',
  perspective: 'What changed was',
  learning: 'What I learned on my own was',
};

/** How a theme's answer is introduced when it is a bare noun phrase ("Patience."). */
const PHRASE_FRAMES: Partial<Record<Theme | 'other', string>> = {
  ...ANSWER_FRAMES,
  values: 'What matters most to me is',
  goals: 'What I want next is',
};

export function answerSentences(answer: string, theme: Theme | 'other' = 'other', max = MAX_SENTENCES): string[] {
  const sentences = sentenceTexts(answer).slice(0, max);
  // "The moment the bus turned red" continues a frame as "…was when the bus turned red".
  if (sentences[0] !== undefined && isWhenFragment(sentences[0])) {
    sentences[0] = sentences[0].replace(/^(?:the moment|the (?:first |last )?time|the day)\s+(?!when\b|that\b|I\b)/i, (lead) => /first|last/i.test(lead) ? `${lead.trim().toLowerCase()} ` : 'when ');
  }
  const frame = ANSWER_FRAMES[theme];
  if (frame && sentences[0] !== undefined && isWhenFragment(sentences[0])) sentences[0] = frameAnswer(frame, sentences[0]);
  const phraseFrame = PHRASE_FRAMES[theme];
  if (phraseFrame && sentences[0] !== undefined && isNounPhrase(sentences[0])) {
    sentences[0] = frameAnswer(phraseFrame, continueWith(sentences[0].toLowerCase() === sentences[0] ? sentences[0] : lowerCommon(sentences[0])));
  }
  return sentences.map(asSentence).filter((s) => s !== '');
}

const INSIGHT_FRAMES: Record<InsightKey, (text: string) => string> = {
  happy: (text) => frameAnswer(isFragment(text) ? 'Something that made me truly happy was' : 'Something that made me truly happy:', text),
  roleModel: (text) => frameAnswer('The person I look up to is', text),
  lesson: (text) => fragmentToFirstPerson(text) ?? frameAnswer('I know what it means to mess up:', text),
  hobby: (text) => frameAnswer('Outside school, I love', text),
  unique: (text) => frameAnswer('Something I wish people knew about me:', text),
};

/** An insight answer as essay sentences, in the student's words; framed unless it opens with "I…". */
export function insightSentences(key: InsightKey, text: string): string[] {
  if (text === '') return [];
  if (startsWithSubject(text)) return answerSentences(text);
  const [first = '', ...rest] = sentenceTexts(text);
  return [asSentence(INSIGHT_FRAMES[key](first)), ...rest.slice(0, MAX_SENTENCES - 1).map(asSentence)];
}

/** The closing line about what the student wants to study, built only from the fields they filled in. */
export function fieldSentence(profile: StudentProfile, variant: string): string | null {
  if (profile.majors.length > 0) {
    const majors = joinList(profile.majors.slice(0, 3));
    return variant === 'a' ? `In college I plan to study ${majors}.` : `I plan to study ${majors} in college.`;
  }
  if (profile.subjects.length > 0) return `In college I want to keep exploring ${joinList(profile.subjects.slice(0, 3))}.`;
  return null;
}

const STOPWORDS = new Set(
  'about after again also always because been before being could does doing during each from have having into just like made make more most much never only other over really some than that their them then there these they this those through very want were what when where which while with would your yours myself'.split(' '),
);

/** Content words of a text, for judging what material is about a topic. */
export function keywords(text: string): Set<string> {
  const words = text.toLowerCase().match(/[a-z][a-z'-]{3,}/g) ?? [];
  return new Set(words.map((word) => word.replace(/'s$/, '').replace(/(?:ing|ed|s)$/, '')).filter((w) => w.length > 3 && !STOPWORDS.has(w)));
}

export function overlap(a: Set<string>, b: Set<string>): number {
  let count = 0;
  for (const word of a) if (b.has(word)) count += 1;
  return count;
}

/** "Patience." → "patience.": a single common word starting an answer loses its capital inside a frame. */
/** The text without the sentence marks at its end, by a scan from the end (a pattern anchored at $ rescans). */
function withoutEndPunctuation(text: string): string {
  let end = text.length;
  while (end > 0 && '.!?'.includes(text.charAt(end - 1))) end -= 1;
  return text.slice(0, end);
}

function lowerCommon(text: string): string {
  const first = /^\p{L}+/u.exec(text)?.[0] ?? '';
  return first.length > 1 && first.slice(1) === first.slice(1).toLowerCase() && !/\s/.test(withoutEndPunctuation(text.trim()))
    ? text.charAt(0).toLowerCase() + text.slice(1)
    : text;
}
