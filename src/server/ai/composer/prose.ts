// Joining the composer's short frames to the student's own words so the seam never shows: no frame repeats
// words the answer already starts with, an answer that is already a sentence of the student's stands alone,
// and a sentence of the student's with its own subject ("Now twenty kids come every week.") is kept as written.
import type { StudentProfile } from '../profile.ts';
import { asSentence, continueWith, countWords, fragmentToFirstPerson, isWhenFragment, startsWithSubject } from './text.ts';

const wordsOf = (text: string): string[] => text.trim().split(/\s+/).filter((word) => word !== '');
const bare = (word: string): string => word.toLowerCase().replace(/[^\p{L}\p{N}']/gu, '');

/** The student already speaks in the first person near the start ("Outside school I fold origami."). */
export function opensAsSentence(text: string): boolean {
  if (startsWithSubject(text)) return true;
  // "My grandmother is the bravest person I know." has its own subject and verb before any comma.
  if (/^(?:My|Our|The|This|That|It)\b[^,;:]{0,60}?\s(?:is|was|are|were|has|have|had|taught|gave|made|showed)\b/.test(text.trim())) return true;
  if (isWhenFragment(text)) return false;
  const head = wordsOf(text).slice(0, 6).map(bare);
  const subject = head.findIndex((word, i) => i > 0 && /^(?:i|i'm|i’m|i've|i’ve|we)$/.test(word));
  // "Outside school I…", "Every Sunday we…": a short lead-in, then the student as the subject.
  return subject > 0 && subject <= 4 && !/^(?:when|because|if|since|while|what|who|that|how|where)$/.test(head[0] ?? '');
}

/**
 * The answer without the words the frame already says: the frame's last words ("…I love") or a run of two or
 * more of the frame's words the answer opens with ("Outside school…").
 */
export function withoutRepeatedLead(frame: string, answer: string): string {
  const frameWords = wordsOf(frame).map(bare).filter((word) => word !== '');
  let words = wordsOf(answer);
  for (let run = Math.min(6, words.length - 1); run >= 1; run -= 1) {
    const lead = words.slice(0, run).map(bare);
    if (lead.some((word) => word === '')) continue;
    const repeated = run === 1
      ? lead[0] === frameWords[frameWords.length - 1]
      : frameWords.some((_, i) => lead.every((word, k) => frameWords[i + k] === word));
    if (repeated) {
      words = words.slice(run);
      break;
    }
  }
  return words.join(' ').replace(/^[,;:—–-]\s*/, '');
}

/**
 * One sentence from a frame and the student's answer: the answer alone when it already reads as their own
 * sentence, otherwise the frame followed by the answer with any words the frame already says taken out.
 */
export function frameAnswer(frame: string, answer: string): string {
  const text = answer.trim();
  if (text === '') return '';
  if (opensAsSentence(text)) return asSentence(text);
  const rest = withoutRepeatedLead(frame, text);
  if (countWords(rest) === 0) return asSentence(text);
  return asSentence(`${frame} ${continueWith(rest)}`);
}

const FINITE_VERB = new RegExp(
  '\\b(?:is|are|was|were|has|have|had|do|does|did|can|could|will|would|should|must|' +
  'comes?|came|goes|went|stays?|stayed|gets?|got|gives?|gave|makes?|made|takes?|took|says?|said|knows?|knew|' +
  'keeps?|kept|meets?|met|teaches|taught|learns?|learned|thinks?|thought|feels?|felt|sees?|saw|hears?|heard|' +
  'wants?|wanted|needs?|needed|loves?|loved|likes?|liked|asks?|asked|calls?|called|helps?|helped|' +
  'becomes?|became|brings?|brought|tells?|told|finds?|found|\\p{Ll}{3,}ed)\\b', 'u',
);

/** True when a short answer has no verb of its own ("Patience.", "My grandmother's kitchen."). */
export function isNounPhrase(text: string): boolean {
  const words = wordsOf(text);
  return words.length > 0 && words.length <= 6 && !startsWithSubject(text) && fragmentToFirstPerson(text) === null
    && !FINITE_VERB.test(text) && !/^\p{Ll}*ing\b/iu.test(text);
}

/**
 * A sentence from a description that can stand in the essay as written: the student's words turned to the
 * first person ("Built a robot." → "I built a robot."), or already a full sentence with its own subject and
 * verb. Noun phrases ("Robotics team.", "Captain senior year.") give null: they are names, not sentences.
 */
export function standaloneSentence(sentence: string): string | null {
  const turned = fragmentToFirstPerson(sentence);
  if (turned !== null) return turned;
  const words = wordsOf(sentence);
  if (words.length < 5) return null;
  const first = words[0] ?? '';
  if (!/^\p{Lu}/u.test(first) || /ing$/i.test(bare(first))) return null;
  return FINITE_VERB.test(words.slice(1).join(' ')) ? asSentence(sentence) : null;
}

const SENSORY = /\b(?:smell\w*|sound\w*|taste\w*|heard|hear|saw|watch\w*|cold|warm|hot|loud|quiet|bright|dark|red|blue|green|yellow|white|black|kitchen|floor|door|table|hands?|voice)\b/gi;

/** How concrete a passage is: numbers, names, quoted words and things one can see or hear. */
export function concreteness(text: string): number {
  const numbers = (text.match(/\b\d+\b/g) ?? []).length;
  const names = (text.match(/(?<=[a-z,]\s)\p{Lu}\p{Ll}+/gu) ?? []).length;
  const quotes = (text.match(/["“]/g) ?? []).length;
  const sensory = (text.match(SENSORY) ?? []).length;
  return (numbers + names + quotes + sensory) / Math.max(1, Math.sqrt(countWords(text)));
}

/** Template leftovers, code and placeholders that must never reach a draft, whatever the student typed. */
const JUNK = /\{\{[^{}]*\}\}|\$\{[^${}]*\}|\[object \w+\]|<\/?[a-z][^<>]*>|\b(?:undefined|null|NaN)\b|[{}<>]|\S{41,}/gi;

/**
 * The student's text without junk: template braces, "[object Object]", markup, "undefined" and words longer
 * than any real word. What remains is their prose; a sentence left with no letters is dropped by the splitter.
 */
export function scrubJunk(text: string): string {
  // Where junk sat between two copies of a word ("Paulo undefined Paulo"), one copy goes with it.
  const marked = text.replace(JUNK, ' \uE000 ').replace(/(?<![\p{L}\p{N}'’])([\p{L}\p{N}'’]+)(?:\s+\uE000)+\s+\1(?![\p{L}\p{N}])/giu, '$1');
  // Whitespace is made single spaces first, so the patterns after it never rescan a long run of it.
  return marked.replace(/\uE000/g, ' ').replace(/\s+/g, ' ').replace(/ ([.,;:!?])/g, '$1').replace(/([.!?])(?: ?[.,;:])+/g, '$1').trim();
}

/** The profile with junk scrubbed from every text the student typed. */
export function scrubProfile(profile: StudentProfile): StudentProfile {
  // Lists lose empty and repeated entries too ("Public University" twice would be named twice).
  const list = (items: readonly string[]): string[] => items.map(scrubJunk)
    .filter((item, i, all) => item !== '' && all.findIndex((other) => other.toLowerCase() === item.toLowerCase()) === i);
  return {
    ...profile,
    subjects: list(profile.subjects), majors: list(profile.majors),
    collegeTypes: list(profile.collegeTypes), specificColleges: list(profile.specificColleges),
    activities: profile.activities.map((a) => ({ ...a, name: scrubJunk(a.name), leadership: scrubJunk(a.leadership), description: scrubJunk(a.description) })),
    insights: Object.fromEntries(Object.entries(profile.insights).map(([key, text]) => [key, scrubJunk(text)])) as StudentProfile['insights'],
    writingSample: { title: scrubJunk(profile.writingSample.title), text: scrubJunk(profile.writingSample.text) },
    legacy: {
      extracurriculars: list(profile.legacy.extracurriculars), volunteerWork: scrubJunk(profile.legacy.volunteerWork),
      challenge: scrubJunk(profile.legacy.challenge), values: list(profile.legacy.values), background: scrubJunk(profile.legacy.background),
    },
  };
}

/** Follow-up answers with junk scrubbed (the questions are only read for their theme). */
export const scrubResponses = (responses: Record<string, string>): Record<string, string> =>
  Object.fromEntries(Object.entries(responses).map(([question, answer]) => [question, scrubJunk(answer)]));
