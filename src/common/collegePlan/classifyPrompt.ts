// The offline suggestion of a supplemental prompt's type: cue words and phrases, tried group by group in a fixed
// order, the first group with a cue deciding. The order settles the prompts that ask two things at once, as
// advisers file them (README.md beside this file states the rules):
//   1. Why us — the prompt asks why this college: "why Tufts", "led you to apply", "interested in attending",
//      "a good fit", "excites you about". Before everything, because a why-us prompt often names the major or the
//      college's community as what the student might talk about.
//   2. Intellectual curiosity — "intellectual", "curious", "lose track of time", "a topic or idea that excites you".
//      Before the major, whose words ("academic areas") such prompts borrow.
//   3. Why this major — "your intended major", "field of study", "academic interests".
//   4. Identity and background, by its own words — "identity", "your background", "upbringing", "lived experience".
//      Before community: such prompts often end on contributing to the college's community.
//   5. Community — "community", "belong to", "civic", "service".
//   6. Activity — "extracurricular", "activity", "job", "hobby", "team", "leadership".
//   7. Challenge — "setback", "obstacle", "failure", "a challenge you faced", "disagreed", "conflict".
//   8. Identity and background, by softer words — "perspective", "viewpoint", "who you are", "shaped you": after the
//      activity and challenge groups, whose prompts end on what shaped the student too.
// With no cue: Short answer when the word limit is under 100 words (a favourite, a word, a wish), else Other.
// A cue beats the word limit: a 50-word prompt about an extracurricular is still an Activity prompt.
// Every pattern is linear: literal words, bounded optional words, no nested or adjacent open repeats.
import type { PromptType } from './promptTypes.ts';

/** Under this many words, a prompt with no cue is a Short answer. */
export const SHORT_ANSWER_UNDER_WORDS = 100;

export interface PromptToClassify {
  text: string;
  wordLimit: number | null;
}

export interface PromptClassification {
  type: PromptType;
  /** One line for the student: what the prompt asks, and the words that said so. */
  reason: string;
}

/**
 * A pattern, and the words one of which every match of it holds (lower case). One scan finds which of all the
 * cues' words the prompt holds, and a pattern runs only when one of its words is among them: most patterns never
 * read most prompts (a 1,500-character prompt with no cue costs one scan instead of some sixty).
 */
interface Cue {
  words: readonly string[];
  pattern: RegExp;
}

interface CueGroup {
  type: PromptType;
  reason: string;
  cues: readonly Cue[];
}

/** A cue from its words (separated by spaces) and its pattern. */
const cue = (words: string, pattern: RegExp): Cue => ({ words: words.split(' '), pattern });

const CUE_GROUPS: readonly CueGroup[] = [
  {
    type: 'whyUs',
    reason: 'Asks why you want to attend this college',
    cues: [
      // "Why Tufts?", "In short, why Dartmouth?": why followed by a name (case-sensitive, so not "why are").
      cue('why', /\b[Ww]hy\s+\p{Lu}\p{Ll}+/u),
      cue('apply', /\b(?:led|motivated|prompted|inspired|drawn)\s+you\s+to\s+apply\b/i),
      cue('application', /\bprompt\s+your\s+application\b/i),
      cue('apply', /\bdecided\s+to\s+apply\b/i),
      cue('interest interested', /\binterest(?:ed)?\s+in\s+(?:attending|joining)\b/i),
      // "your interest in NYU": a name after it (case-sensitive, so not "interest in the major").
      cue('interest', /\binterest\s+in\s+\p{Lu}/u),
      cue('attract attracts', /\battracts?\s+(?:you\s+to|your\s+interest)\b/i),
      cue('good', /\bgood\s+(?:match|fit)\b/i),
      cue('excite excites', /\bexcites?\s+you\s+about\b/i),
      cue('student', /\bbeing\s+a\s+student\s+at\b/i),
      cue('experience', /\bexperience\s+appeals?\s+to\s+you\b/i),
      cue('your', /\b(?:satisfy|suit|fit|meet)\s+your\s+(?:desire|needs|goals|hopes)\b/i),
    ],
  },
  {
    type: 'curiosity',
    reason: 'Asks about an idea or subject that sparks your curiosity',
    cues: [
      cue('intellectual intellectually', /\bintellectual(?:ly)?\b/i),
      cue('curious curiosity', /\bcurio(?:us|sity)\b/i),
      cue('track', /\blose\s+(?:all\s+)?track\s+of\s+time\b/i),
      cue('that', /\b(?:topic|idea|concept|question)\s+(?:or\s+\p{L}+\s+)?that\s+(?:excites|fascinates|captivates|intrigues)\b/iu),
      cue('learning', /\bexcited\s+about\s+learning\b/i),
      cue('learning', /\blove\s+of\s+learning\b/i),
      cue('kept', /\bkept\s+you\s+(?:thinking|wondering)\b/i),
      cue('subject', /\bacademic\s+subject\b/i),
    ],
  },
  {
    type: 'whyMajor',
    reason: 'Asks why you chose your major or field of study',
    cues: [
      cue('major majors', /\b(?:your|the|intended|chosen|prospective|first-choice|second-choice)\s+majors?\b/i),
      cue('major majors', /\bmajors?\s+you\b/i),
      cue('study', /\b(?:areas?|fields?)\s+of\s+study\b/i),
      cue('academic', /\bacademic\s+(?:areas?|interests?|pursuits?|programs?)\b/i),
      cue('why', /\bwhy\s+(?:you\s+)?(?:wish|want|plan)\s+to\s+(?:study|major)\b/i),
    ],
  },
  {
    type: 'identity',
    reason: 'Asks about your identity, background or lived experience',
    cues: [
      cue('identity identities', /\bidentit(?:y|ies)\b/i),
      cue('background', /\b(?:your|a)\s+(?:\p{L}+\s+)?background\b/iu),
      cue('upbringing', /\bupbringing\b/i),
      cue('experience experiences', /\b(?:lived|life)\s+experiences?\b/i),
    ],
  },
  {
    type: 'community',
    reason: 'Asks about a community you belong to or serve',
    cues: [
      cue('community communities', /\bcommunit(?:y|ies)\b/i),
      cue('belong belongs belonging', /\bbelong(?:s|ing)?\s+to\b/i),
      cue('civic', /\bcivic\b/i),
      cue('service', /\bservice\b/i),
    ],
  },
  {
    type: 'activity',
    reason: 'Asks about an activity, job or responsibility outside class',
    cues: [
      cue('extracurricular extracurriculars', /\bextracurriculars?\b/i),
      cue('activity activities', /\bactivit(?:y|ies)\b/i),
      cue('experience experiences', /\bwork\s+experiences?\b/i),
      cue('job jobs', /\bjobs?\b/i),
      cue('internship internships', /\binternships?\b/i),
      cue('hobby hobbies', /\bhobb(?:y|ies)\b/i),
      cue('club clubs', /\bclubs?\b/i),
      cue('team teams', /\bteams?\b/i),
      cue('sport sports', /\bsports?\b/i),
      cue('leadership', /\bleadership\b/i),
      cue('responsibility responsibilities', /\bfamily\s+responsibilit(?:y|ies)\b/i),
      cue('pleasure', /\bfor\s+the\s+pleasure\s+of\s+it\b/i),
    ],
  },
  {
    type: 'challenge',
    reason: 'Asks about a challenge, setback or disagreement you faced',
    cues: [
      cue('setback setbacks', /\bsetbacks?\b/i),
      cue('obstacle obstacles', /\bobstacles?\b/i),
      cue('hardship hardships', /\bhardships?\b/i),
      cue('adversity', /\badversity\b/i),
      cue('failed failure failures', /\bfail(?:ed|ures?)\b/i),
      cue('persevere persevered perseveres persevering perseverance', /\bpersever(?:e|ed|es|ing|ance)\b/i),
      cue('overcome overcoming', /\bovercom(?:e|ing)\b/i),
      cue('disagree disagreed disagrees disagreement disagreements', /\bdisagree(?:d|s|ments?)?\b/i),
      cue('conflict conflicts', /\bconflicts?\b/i),
      cue('challenge challenges challenged', /\bchallenge(?:s|d)?\s+(?:(?:that\s+)?you|a\s+belief)\b/i),
      cue('challenge', /\bfaced\s+a\s+challenge\b/i),
      cue('difficult', /\bdifficult\s+(?:situation|time|moment|decision)\b/i),
      cue('go', /\b(?:did\s+not|didn't)\s+go\s+(?:as|according)\b/i),
      cue('tested', /\btested\s+you\b/i),
    ],
  },
  {
    type: 'identity',
    reason: 'Asks what shaped your perspective and who you are',
    cues: [
      cue('perspective perspectives', /\bperspectives?\b/i),
      cue('viewpoint viewpoints', /\bviewpoints?\b/i),
      cue('view', /\bpoints?\s+of\s+view\b/i),
      cue('who', /\bwho\s+you\s+are\b/i),
      cue('shaped', /\bshaped\s+(?:you|the\s+person)\b/i),
    ],
  },
];

/** Every cue's words, as one pattern: a list of plain words, each between word boundaries (linear). */
const CUE_WORDS = new RegExp(String.raw`\b(?:${[...new Set(CUE_GROUPS.flatMap(({ cues }) => cues.flatMap(({ words }) => words)))].join('|')})\b`, 'gi');

/** Which of the cues' words the prompt holds, in lower case. */
function cueWordsIn(text: string): Set<string> {
  const found = new Set<string>();
  for (const [word] of text.matchAll(CUE_WORDS)) found.add(word.toLowerCase());
  return found;
}

const SHORT_ANSWER_REASON = `A short question (under ${SHORT_ANSWER_UNDER_WORDS} words) with none of the longer types' cues`;
const OTHER_REASON = 'None of the types\' cues: an open or unusual question';

/** The words a cue found, as the reason quotes them: spaces evened out, the quote kept short. */
const quoted = (words: string): string => `“${words.replace(/\s+/g, ' ').trim().slice(0, 40)}”`;

/**
 * The suggested type of a prompt and a one-line reason (the student may choose another; theirs is kept).
 * Runs in time linear in the prompt's length: every group's patterns are linear and tried once each.
 */
export function classifyPrompt({ text, wordLimit }: PromptToClassify): PromptClassification {
  const words = cueWordsIn(text);
  for (const group of CUE_GROUPS) {
    for (const { words: cueWords, pattern } of group.cues) {
      const match = cueWords.some((word) => words.has(word)) ? pattern.exec(text) : null;
      if (match) return { type: group.type, reason: `${group.reason} (${quoted(match[0])})` };
    }
  }
  if (wordLimit !== null && wordLimit < SHORT_ANSWER_UNDER_WORDS) return { type: 'shortAnswer', reason: SHORT_ANSWER_REASON };
  return { type: 'other', reason: OTHER_REASON };
}
