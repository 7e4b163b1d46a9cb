// "What would make this draft stronger": one sentence per missing detail, computed from the profile and the
// answers alone, so every adapter gives the same notes and the essay text never has to carry them.
import { countWords } from '../../common/text/wordCount.ts';
import type { EssayInput, SupplementalInput } from './port.ts';
import { answeredResponses, toStudentProfile, type StudentProfile } from './profile.ts';
import { classifyQuestion, type Theme } from './themes.ts';
import { namedCollege, supplementalKinds } from './composer/supplemental.ts';

/** An answer shorter than this gives the draft a phrase, not a moment. */
const SUBSTANTIAL_ANSWER_WORDS = 12;
/** Below this many words of answers a 450–650 word essay would need filler, which the composer never writes. */
const RICH_ANSWERS_WORDS = 250;

const THEME_NOTES: Array<[Theme, string]> = [
  ['details', 'Describe one scene in concrete detail (where you were, who was there, what was said) so the essay can open in the moment.'],
  ['challenge', 'Say what went wrong or felt hard, and what you did about it: that is the turning point of the essay.'],
  ['perspective', 'Explain how the experience changed the way you see yourself or the people around you.'],
  ['goals', 'Connect the topic to what you want to study or do next, so the essay can close looking forward.'],
  ['inspiring', 'Name the moment that inspired you most and why it stays with you.'],
  ['learning', 'Add something you learned about yourself that nobody taught you directly.'],
  ['values', 'Say which of your values the experience shows, and in which moment.'],
];
const MAX_THEME_NOTES = 4;

function profileNotes(profile: StudentProfile): string[] {
  const notes: string[] = [];
  if (profile.activities.length === 0) {
    notes.push('Add your activities in Activities & Involvement (what you did, your role, your hours) so the draft can show what you do.');
  }
  if (Object.values(profile.insights).every((text) => text === '')) {
    notes.push('Answer a few Personal Insights questions: they give the draft more of your own words to work with.');
  }
  if (profile.writingSample.text === '') {
    notes.push('Add a writing sample in Personal Insights so the draft can follow the way you write.');
  }
  return notes;
}

export function essayNotes(input: EssayInput): string[] {
  const answers = answeredResponses(input.followUpResponses);
  const covered = new Set(
    answers.filter((a) => countWords(a.answer) >= SUBSTANTIAL_ANSWER_WORDS).map((a) => classifyQuestion(a.question)),
  );
  const notes = THEME_NOTES.filter(([theme]) => !covered.has(theme)).slice(0, MAX_THEME_NOTES).map(([, note]) => note);
  const words = answers.reduce((sum, a) => sum + countWords(a.answer), 0);
  if (words < RICH_ANSWERS_WORDS) {
    notes.unshift(`Your answers add up to about ${words} words. Three or four sentences per answer, in your own words, give the draft enough to reach 450–650 words without filler.`);
  }
  // How far the material is from the 250-word minimum is said by the result page itself (essayMaterial.ts).
  return [...notes, ...profileNotes(toStudentProfile(input.form))];
}

/** Words of the student's own text the supplemental essay can draw on. */
export function materialWords(profile: StudentProfile, responses: Record<string, string>): number {
  const texts = [
    ...profile.activities.flatMap((a) => [a.description, a.leadership]),
    ...Object.values(profile.insights), profile.writingSample.text,
    profile.legacy.background, profile.legacy.challenge, profile.legacy.volunteerWork,
    ...answeredResponses(responses).map((a) => a.answer),
  ];
  return texts.reduce((sum, text) => sum + countWords(text), 0);
}

export function supplementalNotes(input: SupplementalInput): string[] {
  const profile = toStudentProfile(input.form);
  const words = materialWords(profile, input.form.followUpResponses);
  const notes = profileNotes(profile);
  if (words < input.wordCount) {
    notes.unshift(`Your profile holds about ${words} words of your own writing for a ${input.wordCount}-word essay, so this draft is shorter than asked rather than padded. Longer activity descriptions and Personal Insights answers will let it reach the full length.`);
  }
  return [...notes, ...questionNotes(input.essayPrompt, profile)];
}

/** What the kind of question needs that the profile does not say yet. */
function questionNotes(prompt: string, profile: StudentProfile): string[] {
  const kinds = supplementalKinds(prompt, profile);
  const notes: string[] = [];
  const named = namedCollege(prompt, profile);
  if (kinds.includes('whyCollege') && named === null && profile.specificColleges.length === 0) {
    notes.push('Add the colleges you are applying to in College Goals, so a “why this college” answer can name the college.');
  }
  if ((kinds.includes('whyCollege') || kinds.includes('whyMajor')) && profile.majors.length === 0) {
    notes.push('Add your intended majors in Academic Information, so the draft can say what you want to study.');
  }
  if (kinds.includes('community') && !profile.activities.some((a) => a.description !== '' || a.leadership !== '')) {
    notes.push('Describe what you do for others in Activities & Involvement (your role and your hours), so the draft can show what you would contribute.');
  }
  return notes;
}
