// The gate for comments a language model writes about a paragraph: it keeps only those that quote the student's
// exact words and ask a question, and drops any that put words in the student's mouth. Length checks come
// first; everything after them is a plain scan or a linear pattern.
import { countWords } from '../text/wordCount.ts';
import { COACH_QUESTION_MAX, COACH_QUOTE_MAX } from './limits.ts';

export interface ModelComment {
  quote: string;
  question: string;
}

/** A passage in double quotes, curly or straight, or in curly single quotes. */
const QUOTED = /"([^"]*)"|“([^“”]*)”|‘([^‘’]*)’/g;
/** Words a comment offers to the student instead of asking. */
const OFFERS = ['try:', 'try this:', 'instead write', 'instead, write', 'you could say', 'you could write', 'consider writing',
  'consider saying', 'rewrite it as', 'rewrite this as', 'change it to', 'how about:'];
/** A quoted passage this long that is not the student's is the model's wording. */
const OWN_WORDING_MIN_WORDS = 5;

const flatten = (text: string): string => text.replace(/\s+/g, ' ').trim();

function offersWording(question: string): boolean {
  const lower = question.toLowerCase().replaceAll('’', "'");
  if (OFFERS.some((offer) => lower.includes(offer))) return true;
  const replace = lower.indexOf('replace');
  return replace >= 0 && lower.indexOf(' with ', replace) > replace;
}

function quotesOtherWords(question: string, paragraph: string): boolean {
  const flat = flatten(paragraph);
  for (const match of question.matchAll(QUOTED)) {
    const passage = flatten(match[1] ?? match[2] ?? match[3] ?? '');
    if (countWords(passage) >= OWN_WORDING_MIN_WORDS && !flat.includes(passage)) return true;
  }
  return false;
}

/** The comments worth showing: each quotes the paragraph exactly, asks a question and offers no wording. */
export function filterModelComments<T extends ModelComment>(paragraphText: string, comments: readonly T[]): T[] {
  return comments.filter(({ quote, question }) =>
    typeof quote === 'string' && typeof question === 'string'
    && quote.length > 0 && quote.length <= COACH_QUOTE_MAX && question.length <= COACH_QUESTION_MAX
    && paragraphText.includes(quote) && question.endsWith('?')
    && !offersWording(question) && !quotesOtherWords(question, paragraphText));
}
