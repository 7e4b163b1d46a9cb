// A supplemental essay that answers the question asked. The prompt is recognised as one of the common kinds
// (why this college, why this major, community or contribution, an activity, a challenge, identity or
// background); the answer opens with the material of that kind (the named college and kind of college, the
// majors and subjects, the activities with roles and hours, the values) and is fitted to the 10% just under the
// requested count. Only the student's own facts are used, plus at most one short transition per section, so a
// thin profile gets a shorter draft and the notes say what is missing.
import type { SupplementalInput } from '../port.ts';
import { answeredResponses, type StudentProfile } from '../profile.ts';
import { classifyQuestion, type Theme } from '../themes.ts';
import { activityFacts, activityStory, commitment } from './activities.ts';
import { arrangeWithSources, withFrames, type SourcedParagraph } from './assemble.ts';
import { fitGroups, required, type Group } from './fit.ts';
import { answerSentences, insightSentences, keywords, MAX_SAMPLE_SENTENCES, overlap } from './material.ts';
import { SETBACK } from './phrases.ts';
import type { Chooser } from './random.ts';
import { asSentence, joinList } from './text.ts';

export type SupplementalKind = 'whyCollege' | 'whyMajor' | 'community' | 'activity' | 'challenge' | 'identity' | 'general';

interface TextTest { test(text: string): boolean }

/**
 * "Why" followed, in the same sentence, by one of `words`. Read clause by clause from each clause's first "why":
 * the pattern /why\b[^?.]*\bword/ would rescan the rest of a clause from every "why" in it (quadratic time on a
 * prompt made of them).
 */
const whyThen = (words: RegExp): TextTest => ({
  test: (text) => text.split(/[?.\n]/).some((clause) => {
    const at = clause.search(/\bwhy\b/i);
    return at >= 0 && words.test(clause.slice(at + 3));
  }),
});

const anyOf = (...tests: TextTest[]): TextTest => ({ test: (text) => tests.some((one) => one.test(text)) });

const KIND_PATTERNS: Array<[Exclude<SupplementalKind, 'general'>, TextTest]> = [
  ['whyCollege', anyOf(
    whyThen(/\b(?:college|university|school|us|campus|here|attend|apply)\b/i),
    /what (?:draws|attracts|excites) you|\bfit\b|\bour (?:college|university|school|campus)\b/i,
  )],
  ['whyMajor', anyOf(
    /\b(?:major|field of study|academic interests?|intend(?:ed)? to study|want to study|area of study|program|intellectual)/i,
    whyThen(/\bstudy/i),
  )],
  ['community', /communit|contribut|campus life|volunteer|service|neighbo|belong|divers/i],
  ['activity', /activit|extracurricular|involve|commit|\brole\b|leadership|\blead\b/i],
  ['challenge', /challenge|obstacle|\bfail|setback|difficult|overc[oa]m|struggl/i],
  ['identity', /identity|background|perspective|culture|family|who you are|upbringing|heritage/i],
];

/** A prompt shorter than this many words asks for a short answer: no transitions, the direct answer first. */
const SHORT_ANSWER_WORDS = 100;

/** Up to five capitalised words between a "Why" and its question mark ("Why Georgia Tech?"), read word by word. */
function nameAfterWhy(prompt: string): string | null {
  for (const after of prompt.split(/\bWhy\s/).slice(1)) {
    // A name is short: only the first 120 characters after each "Why" are read, so many of them stay linear.
    const head = after.slice(0, 120);
    const end = head.indexOf('?');
    if (end < 0) continue;
    const words = head.slice(0, end).trim().split(' ').filter((word) => word !== '');
    if (words.length >= 1 && words.length <= 5 && words.every((word) => /^[A-Z][\p{L}&.'-]*$/u.test(word))) return words.join(' ');
  }
  return null;
}

/** The college a "Why …?" prompt names: one on the student's list, else the name right after "Why". */
export function namedCollege(prompt: string, profile: StudentProfile): string | null {
  const listed = profile.specificColleges.find((college) => prompt.toLowerCase().includes(college.toLowerCase()));
  if (listed) return listed;
  const named = nameAfterWhy(prompt);
  return named && !/^(?:Do|Are|Is|Did|Have|Would|This|That|You|We|Our|Us)$/.test(named.split(' ')[0] ?? '') ? named : null;
}

/** The kinds of question a prompt asks, most specific first; 'general' when it names none. */
export function supplementalKinds(prompt: string, profile: StudentProfile): SupplementalKind[] {
  const kinds = KIND_PATTERNS.filter(([, pattern]) => pattern.test(prompt)).map(([kind]) => kind);
  if (namedCollege(prompt, profile) && !kinds.includes('whyCollege')) kinds.unshift('whyCollege');
  return kinds.length > 0 ? kinds : ['general'];
}

interface Material { source: string; kinds: SupplementalKind[]; sentences: string[]; boost?: number }

const ANSWER_KINDS: Partial<Record<Theme | 'other', SupplementalKind[]>> = {
  challenge: ['challenge'], goals: ['whyMajor', 'whyCollege'], values: ['community', 'identity'],
  perspective: ['identity'], learning: ['whyMajor', 'challenge'],
};

const INSIGHT_KINDS: Record<'unique' | 'lesson' | 'happy' | 'roleModel' | 'hobby', SupplementalKind[]> = {
  unique: ['identity'], lesson: ['challenge'], happy: ['community'], roleModel: ['identity', 'community'], hobby: ['whyMajor'],
};

function collegeSentences(prompt: string, profile: StudentProfile): string[] {
  const named = namedCollege(prompt, profile);
  const majors = joinList(profile.majors.slice(0, 2));
  const kind = profile.collegeTypes[0]?.toLowerCase();
  const listed = named !== null && profile.specificColleges.includes(named);
  const lookingFor = kind ? `I am looking for ${/^[aeiou]/.test(kind) ? 'an' : 'a'} ${kind}` : '';
  // Each fact once: the majors with the college named, the kind of college with the list it is on.
  return [
    named && majors ? `At ${named}, I want to study ${majors}.` : '',
    listed && lookingFor ? `${lookingFor}, and ${named} is one of the colleges on my list.` : '',
    listed && !lookingFor ? `${named} is one of the colleges on my list.` : '',
    !listed && lookingFor ? `${lookingFor}.` : '',
  ].filter((sentence) => sentence !== '').map(asSentence);
}

function fieldSentences(profile: StudentProfile): string[] {
  return [
    profile.majors.length > 0 ? `I plan to study ${joinList(profile.majors.slice(0, 3))}.` : '',
    profile.subjects.length > 0
      ? `The ${profile.subjects.length > 1 ? 'subjects I like most are' : 'subject I like most is'} ${joinList(profile.subjects.slice(0, 3))}.`
      : '',
  ].filter((sentence) => sentence !== '');
}

function material(input: SupplementalInput, profile: StudentProfile): Material[] {
  const items: Material[] = [];
  const byCommitment = profile.activities.map((activity, index) => ({ activity, index }))
    .sort((a, b) => commitment(b.activity) - commitment(a.activity));
  byCommitment.forEach(({ activity, index }, rank) => {
    const kinds: SupplementalKind[] = ['activity'];
    if (['community_service', 'religious', 'student_government'].includes(activity.category) || activity.leadership) kinds.push('community');
    if (SETBACK.test(activity.description)) kinds.push('challenge');
    items.push({ source: `activity:${index}`, kinds, sentences: [...activityFacts(activity, rank === 0 ? 'full' : rank === 1 ? 'years' : 'none'), ...activityStory(activity)], boost: rank === 0 ? 1 : 0 });
  });
  for (const key of ['unique', 'lesson', 'happy', 'roleModel', 'hobby'] as const) {
    items.push({ source: `insight:${key}`, kinds: INSIGHT_KINDS[key], sentences: insightSentences(key, profile.insights[key]) });
  }
  for (const { question, answer } of answeredResponses(input.form.followUpResponses)) {
    const theme = classifyQuestion(question);
    items.push({ source: `followUp:${question}`, kinds: ANSWER_KINDS[theme] ?? [], sentences: answerSentences(answer, theme), boost: 0.5 });
  }
  items.push({ source: 'writingSample', kinds: ['identity'], sentences: answerSentences(profile.writingSample.text, 'other', MAX_SAMPLE_SENTENCES) });
  items.push({ source: 'legacy:background', kinds: ['identity'], sentences: answerSentences(profile.legacy.background) });
  items.push({ source: 'legacy:challenge', kinds: ['challenge'], sentences: answerSentences(profile.legacy.challenge) });
  items.push({ source: 'legacy:volunteerWork', kinds: ['community'], sentences: answerSentences(profile.legacy.volunteerWork) });
  if (profile.legacy.values.length > 0) {
    items.push({ source: 'legacy:values', kinds: ['community', 'identity'], sentences: [`The values I hold most are ${joinList(profile.legacy.values.slice(0, 4).map((v) => v.toLowerCase()))}.`] });
  }
  const college = collegeSentences(input.essayPrompt, profile);
  items.push({ source: 'collegeGoals', kinds: ['whyCollege'], sentences: college });
  // The majors are said once: with the college when it names them, else with the subjects.
  const field = fieldSentences(profile).filter((sentence) => !(sentence.startsWith('I plan to study') && college.some((c) => c.includes('want to study'))));
  items.push({ source: 'academics', kinds: ['whyMajor', 'whyCollege'], sentences: field });
  return items.filter((item) => item.sentences.length > 0);
}

/** Transitions for each kind of answer: short, stating no fact, so they can sit before any student's material. */
const BODY_FRAMES: Record<SupplementalKind, string[]> = {
  whyCollege: ['Here is what I would bring with me.', 'What I would add starts with what I already do.', 'I would bring more than my grades.'],
  whyMajor: ['The interest did not come from nowhere.', 'It started long before any application.', 'Here is where that interest comes from.'],
  community: ['This is how I show up for others.', 'My part in a community is easiest to show.', 'Here is what that looks like in practice.'],
  activity: ['Here is what that looks like week to week.', 'The details matter most here.', 'It is easier to show than to tell.'],
  challenge: ['It was not easy.', 'Not everything went the way I hoped.', 'Then came the hard part.'],
  identity: ['Some background helps here.', 'It helps to know where this started.', 'To explain, I have to back up.'],
  general: ['My answer starts with my own experience.', 'The clearest answer I can give comes from my own life.', 'I can answer this best with what I have done.'],
};
const CLOSE_FRAMES = ['Looking ahead, I know what I want.', 'That is where my next step begins.', 'I know where I want this to lead.'];

export function supplementalGroups(input: SupplementalInput, profile: StudentProfile, chooser: Chooser): Group[] {
  const kinds = supplementalKinds(input.essayPrompt, profile);
  const [primary] = kinds as [SupplementalKind];
  // "Why us? What would you contribute?": the college opens the answer, and the body answers the second part.
  const body = (primary === 'whyCollege' || primary === 'whyMajor') && kinds[1] ? kinds[1] : primary;
  const promptWords = keywords(input.essayPrompt);
  const scored = material(input, profile).map((item) => {
    const relevance = overlap(promptWords, keywords(item.sentences.join(' ')));
    const kindScore = item.kinds.includes(body) ? 6 : item.kinds.some((kind) => kinds.includes(kind)) ? 3 : 0;
    return { item, weight: 2 + Math.min(relevance, 5) + kindScore + (item.boost ?? 0) + chooser.next() * 0.4 };
  }).sort((a, b) => b.weight - a.weight);

  // The direct answer opens the essay: the field for "why this major" (even "…at our university"), the college
  // for "why us".
  const opensWith = kinds.includes('whyMajor') && namedCollege(input.essayPrompt, profile) === null ? 'academics'
    : primary === 'whyCollege' ? 'collegeGoals' : primary === 'whyMajor' ? 'academics' : null;
  const opener = scored.find(({ item }) => item.source === opensWith) ?? scored[0];
  return scored.map(({ item, weight }, i): Group => {
    const isOpener = opener !== undefined && item === opener.item;
    const close = !isOpener && item.source === 'academics';
    return {
      sentences: item.sentences,
      ...(isOpener ? required() : { weight, order: i + 1 }),
      section: isOpener ? 0 : close ? 4 : 1,
      source: item.source,
    };
  });
}

export function composeSupplementalWithSources(input: SupplementalInput, profile: StudentProfile, chooser: Chooser): SourcedParagraph[] {
  const target = Math.max(1, Math.floor(input.wordCount));
  const [primary] = supplementalKinds(input.essayPrompt, profile) as [SupplementalKind];
  const groups = supplementalGroups(input, profile, chooser);
  const kinds = supplementalKinds(input.essayPrompt, profile);
  // Transitions of the kind the body answers ("…what would you contribute" keeps the "bring" wording).
  const body = kinds.includes('whyMajor') ? 'whyMajor' : primary === 'whyCollege' && kinds.includes('community') ? 'whyCollege' : (kinds[1] && primary === 'whyCollege' ? kinds[1] : primary);
  const framed = target < SHORT_ANSWER_WORDS ? groups : withFrames(groups, { 1: BODY_FRAMES[body], 4: CLOSE_FRAMES }, chooser);
  return arrangeWithSources(fitGroups(framed, Math.ceil(target * 0.9), target));
}
