// What the essay quality harness measures in a draft, the same for the offline composer and for a model's
// answer after the AI adapter's post-processing. Pure functions over the text and the student's own writing.
import { countWords } from '../../../src/common/text/wordCount.ts';

export interface QualityContext {
  /** Everything the student wrote, for telling their words from the composer's. */
  studentText: string;
  planted: readonly string[];
  keyTerms?: readonly RegExp[];
}

export interface Quality {
  words: number;
  paragraphs: number;
  sentences: number;
  plantedUsed: number;
  plantedTotal: number;
  /** 4-word sequences that occur in more than one sentence, where the student did not repeat them. */
  repeated4grams: number;
  repeatedSentences: number;
  /** A word doubled across a seam ("love love") or a frame repeating the answer's opening words. */
  seams: string[];
  cliches: string[];
  /** Standard deviation of sentence length, in words. */
  sentenceSpread: number;
  /** Share of sentences in the first person. */
  firstPerson: number;
  junk: string[];
  /** Sentences carrying no detail of the student's (allowed: one short transition per paragraph). */
  detailless: string[];
  /** Sentences without a detail beyond what a transition may be (longer than 12 words or a second in a paragraph). */
  unsupported: string[];
  keyTermsMissing: string[];
}

const CLICHES = [
  'ever since i was', 'comfort zone', 'make a difference', 'my journey', 'tapestry', "in today's society", 'changed my life',
  'i have always been', 'dream come true', 'at the end of the day', 'hard work pays off', 'outside the box', 'a testament to',
  'delve', 'passionate about', 'never give up', 'follow my dreams', 'each and every', 'unique perspective', 'thirst for knowledge',
];

const STOP = new Set(
  'about after again also always because been before being could does doing during each from have having into just like made make more most much never only other over really some than that their them then there these they this those through very want were what when where which while with would your yours myself still things thing something everything'.split(' '),
);

const norm = (text: string): string => text.toLowerCase().replace(/[“”"]/g, '"').replace(/[‘’]/g, "'");
const wordList = (text: string): string[] => norm(text).match(/[\p{L}\p{N}']+/gu) ?? [];

const ABBREVIATION = /\b(?:Mr|Mrs|Ms|Dr|St|Jr|Sr|Mt|Prof|vs|etc|a\.m|p\.m)\.$/i;

export function splitIntoSentences(text: string): string[] {
  return text.split(/\n\s*\n/).flatMap((paragraph) => {
    const sentences: string[] = [];
    for (const piece of paragraph.split(/(?<=[.!?…]["'”’)]?)\s+(?=["“‘(]?[\p{Lu}\p{N}])/u)) {
      const last = sentences[sentences.length - 1];
      if (last !== undefined && ABBREVIATION.test(last)) sentences[sentences.length - 1] = `${last} ${piece}`;
      else sentences.push(piece);
    }
    return sentences.map((s) => s.trim()).filter((s) => s !== '');
  });
}

const contentWords = (text: string): string[] => wordList(text).filter((word) => word.length > 3 && !STOP.has(word) || /\d/.test(word));

function stdev(values: readonly number[]): number {
  if (values.length < 2) return 0;
  const mean = values.reduce((a, b) => a + b, 0) / values.length;
  return Math.sqrt(values.reduce((sum, v) => sum + (v - mean) ** 2, 0) / values.length);
}

export function measure(text: string, context: QualityContext): Quality {
  const student = norm(context.studentText);
  // The student's words as a run, without placeholders and runaway words (a draft may drop those).
  const withoutJunk = context.studentText.replace(/\{\{[^}]*\}\}|\$\{[^}]*\}|\[object \w+\]|\b(?:undefined|null|NaN)\b|\S{41,}/gi, ' ');
  const studentRun = ` ${wordList(withoutJunk).join(' ')} ${wordList(context.studentText).join(' ')} `;
  const studentWords = new Set(contentWords(context.studentText));
  const paragraphs = text.split(/\n\s*\n/);
  const sentences = splitIntoSentences(text);

  const grams = new Map<string, Set<number>>();
  sentences.forEach((sentence, i) => {
    const words = wordList(sentence);
    for (let k = 0; k + 4 <= words.length; k += 1) {
      const gram = words.slice(k, k + 4).join(' ');
      grams.set(gram, (grams.get(gram) ?? new Set()).add(i));
    }
  });
  const repeated4grams = [...grams].filter(([gram, where]) => where.size > 1 && !studentRun.includes(` ${gram} `)).length;
  const seen = new Map<string, number>();
  for (const sentence of sentences) seen.set(norm(sentence), (seen.get(norm(sentence)) ?? 0) + 1);
  const repeatedSentences = [...seen.values()].filter((n) => n > 1).length;

  const seams: string[] = [];
  for (const match of text.matchAll(/(?<![\p{L}\p{N}'’])([\p{L}\p{N}'’]+)[\s,;:]+\1(?![\p{L}\p{N}])/giu)) {
    if (!studentRun.includes(` ${wordList(match[0]).join(' ')} `)) seams.push(match[0]);
  }
  for (const sentence of sentences) {
    const words = wordList(sentence);
    for (let k = 0; k + 2 <= words.length; k += 1) {
      const pair = `${words[k]} ${words[k + 1]}`;
      const again = ` ${words.slice(k + 2, k + 10).join(' ')} `.includes(` ${pair} `);
      if (again && contentWords(pair).length > 0 && !studentRun.includes(` ${pair} `)) seams.push(pair);
    }
  }

  const cliches = CLICHES.filter((cliche) => norm(text).includes(cliche) && !student.includes(cliche));
  const lengths = sentences.map(countWords);
  const firstPerson = sentences.length === 0 ? 0
    : sentences.filter((s) => /\b(?:I|I'm|I’m|I've|I’ve|my|me|we|our|us)\b/i.test(s)).length / sentences.length;

  const junk: string[] = [];
  const junkPattern = /\bundefined\b|\[object|\{\{|\}\}|\$\{|[{}]|\bNaN\b|<\/?script|\bnull\b/gi;
  for (const match of text.matchAll(junkPattern)) junk.push(match[0]);
  if (paragraphs.some((p) => p.trim() === '') && text.trim() !== '') junk.push('(empty paragraph)');

  const detailless: string[] = [];
  const unsupported: string[] = [];
  for (const paragraph of paragraphs) {
    let transitions = 0;
    for (const sentence of splitIntoSentences(paragraph)) {
      const carries = contentWords(sentence).some((word) => studentWords.has(word)) || student.includes(norm(sentence).replace(/[.!?]+$/, ''));
      if (carries) continue;
      detailless.push(sentence);
      transitions += 1;
      if (countWords(sentence) > 12 || transitions > 1) unsupported.push(sentence);
    }
  }

  const plantedUsed = context.planted.filter((detail) => norm(text).includes(norm(detail))).length;
  const keyTermsMissing = (context.keyTerms ?? []).filter((term) => !term.test(text)).map(String);

  return {
    words: countWords(text), paragraphs: paragraphs.filter((p) => p.trim() !== '').length, sentences: sentences.length,
    plantedUsed, plantedTotal: context.planted.length, repeated4grams, repeatedSentences, seams, cliches,
    sentenceSpread: Number(stdev(lengths).toFixed(1)), firstPerson: Number(firstPerson.toFixed(2)), junk, detailless, unsupported,
    keyTermsMissing,
  };
}
