// Joining the composer's short frames to the student's own words so the seam never shows: no frame repeats
// words the answer already starts with, an answer that is already a sentence of the student's stands alone,
// and a sentence of the student's with its own subject ("Now twenty kids come every week.") is kept as written.
import { scrubJunk } from '../../../common/text/junk.ts';
import type { StudentProfile } from '../profile.ts';
import {
  asSentence, capitalise, continueWith, countWords, fragmentToFirstPerson, isWhenFragment, startsWithSubject, withoutFinalStop,
} from './text.ts';

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
 * Present-tense verbs an activity description often opens with, its writer the unstated subject ("Help at the
 * church kitchen.", "Teaches swim lessons."): with "I" in front they are the student's sentence, in their tense.
 */
const PRESENT_VERBS = [
  'help', 'fix', 'teach', 'tutor', 'coach', 'mentor', 'run', 'organize', 'organise', 'manage', 'plan', 'play', 'write',
  'edit', 'build', 'sing', 'perform', 'cook', 'bake', 'clean', 'serve', 'volunteer', 'work', 'train', 'compete',
  'practice', 'practise', 'read', 'create', 'make', 'take', 'give', 'keep', 'collect', 'sort', 'deliver', 'babysit',
  'drive', 'assist', 'support', 'answer', 'handle', 'prepare', 'translate', 'code', 'draw', 'paint', 'direct', 'host',
  'raise', 'research', 'study', 'meet', 'attend', 'repair', 'sell', 'greet', 'wash', 'cut', 'schedule', 'recruit',
  'compose', 'conduct', 'referee', 'spend', 'visit', 'feed', 'sew', 'knit', 'grow', 'rebuild', 'restore', 'represent',
  'watch', 'carry', 'tend', 'mow', 'shovel', 'fold', 'lifeguard',
];
const THIRD_PERSON = new Map(PRESENT_VERBS.flatMap((verb) => [
  [verb, verb], [`${verb}s`, verb], [`${verb}es`, verb], ...(verb.endsWith('y') ? [[`${verb.slice(0, -1)}ies`, verb]] : []),
] as Array<[string, string]>));
/** "Swim team", "Design club": a verb-shaped word naming a group is a name, not an action. */
const GROUP_NOUN = /^\S+\s+(?:team|club|crew|squad|society|council|group|class|program|camp|league|band|choir|ensemble|committee|night|lessons?|shop|study)\b/i;

/**
 * Words that name a person as often as an action ("Volunteer Arabic interpreter", "Tutor for the robotics
 * team"): a verb only before a word that starts what a verb takes ("Volunteer at the clinic", "Tutor kids").
 */
const NOUN_OR_VERB = new Set(['volunteer', 'host', 'referee', 'lifeguard', 'cook', 'coach', 'tutor', 'mentor', 'work', 'study', 'support', 'research', 'train', 'drive', 'play', 'paint', 'draw', 'answer', 'cut', 'wash', 'feed', 'record']);
const TAKES_OBJECT = /^\s+(?:at|in|on|with|for|to|the|a|an|my|our|his|her|their|every|each|after|before|during|kids|children|students|classmates|younger|people|families|them|others|twice|once|weekly|daily)\b/i;

/** A word of the verb list, so a common word rather than a name ("Volunteer Arabic interpreter"). */
export const isCommonVerb = (word: string): boolean => THIRD_PERSON.has(word.toLowerCase());

/** "Help at the church kitchen on Sunday." → "I help at the church kitchen on Sunday."; null when it does not open with such a verb. */
function presentToFirstPerson(text: string): string | null {
  const first = /^\p{L}+/u.exec(text)?.[0] ?? '';
  const verb = THIRD_PERSON.get(first.toLowerCase());
  if (verb === undefined || first.slice(1) !== first.slice(1).toLowerCase() || GROUP_NOUN.test(text)) return null;
  const rest = text.slice(first.length);
  if (!/^\s+\p{L}/u.test(rest) || /^\s+(?:is|was|and|or|of)\b/.test(rest)) return null;
  if (NOUN_OR_VERB.has(verb) && !TAKES_OBJECT.test(rest)) return null;
  return asSentence(`I ${verb}${rest}`);
}

/** Opens a clause that needs another sentence around it ("Because my mom needed help.", "Every Saturday."). */
const SUBORDINATE = /^(?:because|since|so|when|whenever|while|after|before|until|if|although|though|unless|whereas)\b/i;
const ADVERBIAL = /^(?:on|in|at|for|with|without|by|from|during|through|over|under|every|each|twice|once|mostly|usually|often|sometimes|always|weekly|daily|monthly|nightly|all|most)\b/i;

/** A relative clause ("…kids who come by") has a verb but does not make its noun a sentence. */
const withoutRelativeClauses = (text: string): string => text.replace(/\b(?:who|that|which|where|whose|whom)\b[^,;]*/gi, ' ');

/**
 * What one sentence of a description is: a `sentence` that stands as written (a fragment led by a verb gets
 * "I", in the verb's tense: "Built a robot." → "I built a robot."), a `phrase` with no verb of its own ("Weekend
 * bike repair on my front steps.", "Running the register."), which a frame naming the activity makes a sentence,
 * or a `clause` that belongs to the sentence before it ("Every Saturday.", "Because my mom needed help.").
 */
export function describePart(raw: string): { kind: 'sentence' | 'phrase' | 'clause'; text: string } {
  const typed = withoutFinalStop(raw.trim());
  const sentence = capitalise(raw.trim());
  const turned = fragmentToFirstPerson(sentence) ?? presentToFirstPerson(sentence);
  if (turned !== null) return { kind: 'sentence', text: turned };
  const first = bare(wordsOf(sentence)[0] ?? '');
  // A clause of its own after a comma ("When it rains, I stay late.", "Running late, we…") completes the sentence.
  const comma = sentence.indexOf(',');
  const afterComma = comma < 0 ? '' : sentence.slice(comma + 1).trim();
  const mainClause = afterComma !== '' && (startsWithSubject(afterComma) || FINITE_VERB.test(withoutRelativeClauses(afterComma)));
  if (SUBORDINATE.test(sentence)) return mainClause ? { kind: 'sentence', text: asSentence(sentence) } : { kind: 'clause', text: typed };
  if (first.length > 4 && first.endsWith('ing') && !/^(?:thing|nothing|something|everything|spring|string|king|wing|evening|morning|building|ceiling|meeting|during)$/.test(first)) {
    return mainClause ? { kind: 'sentence', text: asSentence(sentence) } : { kind: 'phrase', text: typed };
  }
  if (opensAsSentence(sentence) || FINITE_VERB.test(withoutRelativeClauses(wordsOf(sentence).slice(1).join(' ')))) {
    return { kind: 'sentence', text: asSentence(sentence) };
  }
  return { kind: ADVERBIAL.test(sentence) ? 'clause' : 'phrase', text: typed };
}

/**
 * A sentence from a description that can stand in the essay as written: the student's words turned to the
 * first person ("Built a robot." → "I built a robot."), or already a full sentence with its own subject and
 * verb. Noun phrases ("Robotics team.", "Captain senior year.") give null: they are names, which only a frame
 * naming the activity makes a sentence (see `describePart`).
 */
export function standaloneSentence(sentence: string): string | null {
  const part = describePart(sentence);
  return part.kind === 'sentence' ? part.text : null;
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
