// The personal statement: the student's answers arranged in an arc (scene, context, turning point, reflection,
// forward-looking close), fitted to 585–650 words when the material allows and never over 650. Below the
// Common App's 250-word minimum the rest of the student's material is used, never filler.
import { ESSAY_WORD_LIMIT, PERSONAL_STATEMENT_MIN_WORDS } from '../../../common/limits/limits.ts';
import { type PromptNumber } from '../../../common/essay/prompts.ts';
import type { EssayInput } from '../port.ts';
import { answeredResponses, type StudentProfile } from '../profile.ts';
import { isOwnTopic, ownTopicDescription, resolvePrompt } from '../promptRef.ts';
import { classifyQuestion, type Theme } from '../themes.ts';
import { activityFacts, activityStory, commitment } from './activities.ts';
import { arrangeWithSources, ESSAY_FRAMES, withFrames, type Section, type SourcedParagraph } from './assemble.ts';
import { chosenWords, fitGroups, type Chosen, type Group } from './fit.ts';
import { concreteness } from './prose.ts';
import { asSentence, joinList } from './text.ts';
import { sentenceTexts } from '../../../common/text/sentences.ts';
import { essayMaterial } from '../../../common/essay/essayMaterial.ts';
import {
  answerSentences, fieldSentence, insightSentences, keywords, MAX_SAMPLE_SENTENCES, overlap,
} from './material.ts';
import type { Chooser } from './random.ts';

/** A personal statement this long is a complete draft; supporting material is only added below it. */
const ENOUGH_WORDS = 450;

/** Where each theme's answer sits in the arc, and how much it weighs. */
const THEME_PLACE: Record<Theme | 'other', [Section, number]> = {
  details: [0, 10], inspiring: [0, 9.5], other: [1, 8], challenge: [2, 9],
  perspective: [3, 8.5], learning: [3, 8.3], values: [3, 8.1], goals: [4, 9],
};

/** Insight weights by prompt: the insight a prompt asks about weighs like an answer. */
const INSIGHT_PLACE: Record<'happy' | 'roleModel' | 'lesson' | 'hobby' | 'unique', [Section, Partial<Record<PromptNumber, number>>, number]> = {
  happy: [1, { '4': 6, '5': 6 }, 3],
  roleModel: [3, { '4': 7.5, '3': 5 }, 3.5],
  lesson: [2, { '2': 7.5, '3': 5, '5': 5 }, 4],
  hobby: [1, { '6': 7.5, '1': 5 }, 3],
  unique: [1, { '1': 7.5, '3': 5 }, 3.5],
};

/** Material the essay may use: the answers and what the prompt asks about are core, the rest supports them. */
type Tier = 'core' | 'filler' | 'reserve';

interface EssayGroup extends Group { tier: Tier }

/** How an own-topic essay names the topic the student chose: their title, quoted as they wrote it. */
const OWN_TOPIC_LINES = [
  (title: string) => `I chose my own topic for this essay: “${title}”`,
  (title: string) => `The topic of this essay is one I chose myself: “${title}”`,
  (title: string) => `This essay is about a topic of my own: “${title}”`,
];

/**
 * The seventh prompt's topic as essay sentences: the student's title, quoted, then their description. Both are
 * the student's words (a suggestion's description under prompts 1–6 is not, and is never used).
 */
function ownTopicSentences(title: string, description: string, chooser: Chooser): string[] {
  const quoted = title.trim();
  if (quoted === '') return [];
  const ended = /[.!?…]$/.test(quoted) ? quoted : `${quoted}.`;
  const line = chooser.pick(OWN_TOPIC_LINES, 'ownTopic')(ended);
  return [line, ...sentenceTexts(description).slice(0, MAX_SAMPLE_SENTENCES).map(asSentence)].filter((s) => s !== '');
}

export function essayGroups(input: EssayInput, profile: StudentProfile, chooser: Chooser): EssayGroup[] {
  const resolved = resolvePrompt(input.prompt);
  const prompt = resolved.number === '7' ? null : resolved.number;
  const ownDescription = ownTopicDescription(input.form, resolved, input.idea);
  const groups: EssayGroup[] = [];
  let order = 0;
  const add = (sentences: string[], section: Section, weight: number, tier: Tier, source: string): void => {
    if (sentences.length > 0) groups.push({ sentences, section, weight, order: (order += 1), filler: tier !== 'core', source, tier });
  };

  const answers = answeredResponses(input.followUpResponses);
  // The opening is the most concrete of the scene-setting answers; the variant only breaks a near tie.
  const opener = chooser.next() * 0.2;
  const rank = (theme: Theme | 'other', answer: string): number =>
    theme === 'details' || theme === 'inspiring' ? -(concreteness(answer) + (theme === 'details' ? opener : 0.1)) : 0;
  const sorted = [...answers].sort((a, b) =>
    rank(classifyQuestion(a.question), a.answer) - rank(classifyQuestion(b.question), b.answer));
  let opened = false;
  sorted.forEach(({ question, answer }) => {
    const theme = classifyQuestion(question);
    const [section, weight] = THEME_PLACE[theme];
    // The strongest scene opens the essay; a second scene-setting answer follows as context.
    const place: Section = section === 0 && opened ? 1 : section;
    if (section === 0) opened = true;
    add(answerSentences(answer, theme), place, weight, 'core', `followUp:${question}`);
  });

  // The seventh prompt's topic is the student's own: its title and description lead the context (the heaviest
  // material there, so nothing comes before it but that paragraph's transition).
  if (isOwnTopic(resolved)) add(ownTopicSentences(input.idea, ownDescription, chooser), 1, 9.6, 'core', 'ownTopic');

  // Beyond the answers, material about the topic (or that the prompt asks for) supports the essay; the rest
  // is held in reserve for when the essay would otherwise fall short of the minimum length.
  const topicWords = keywords(`${input.idea} ${ownDescription} ${answers.map((a) => a.answer).join(' ')}`);
  const relevance = (text: string): number => overlap(keywords(text), topicWords);
  const activities = profile.activities
    .map((activity, index) => ({ activity, index, score: relevance(`${activity.name} ${activity.description} ${activity.leadership}`) }))
    .sort((a, b) => b.score * 10 + commitment(b.activity) - (a.score * 10 + commitment(a.activity)));
  activities.forEach(({ activity, index, score }, i) => {
    const sentences = [...activityFacts(activity, i === 0 ? 'full' : i === 1 ? 'years' : 'none'), ...activityStory(activity)];
    const tier: Tier = i === 0 ? 'core' : score >= 2 ? 'filler' : 'reserve';
    add(sentences, 1, i === 0 ? 7 : tier === 'filler' ? 2.5 : 1.2, tier, `activity:${index}`);
  });

  for (const [key, [section, byPrompt, otherwise]] of Object.entries(INSIGHT_PLACE)) {
    const text = profile.insights[key as keyof typeof INSIGHT_PLACE];
    const asked = prompt ? byPrompt[prompt] : undefined;
    const related = relevance(text) >= 2;
    const tier: Tier = asked !== undefined ? 'core' : related ? 'filler' : 'reserve';
    const weight = asked ?? (related ? otherwise : 1);
    add(insightSentences(key as keyof typeof INSIGHT_PLACE, text), section as Section, weight, tier, `insight:${key}`);
  }
  const legacy = (text: string, section: Section, weight: number, source: string): void => {
    const related = relevance(text) >= 1;
    add(answerSentences(text), section, related ? weight : 1, related ? 'filler' : 'reserve', source);
  };
  legacy(profile.legacy.background, 1, 3, 'legacy:background');
  legacy(profile.legacy.challenge, 2, 4, 'legacy:challenge');
  legacy(profile.legacy.volunteerWork, 1, 2, 'legacy:volunteerWork');
  // The writing sample is used as a passage from its start; about the same story it supports the essay.
  const sample = answerSentences(profile.writingSample.text, 'other', MAX_SAMPLE_SENTENCES);
  const sampleRelated = relevance(profile.writingSample.text) >= 3;
  add(sample, 3.5 as Section, sampleRelated ? 2 : 1.1, sampleRelated ? 'filler' : 'reserve', 'writingSample');

  // The close names what the student wants to study, unless an answer of theirs already says it.
  const said = answers.map((a) => a.answer.toLowerCase()).join(' ');
  const named = profile.majors.length > 0 && profile.majors.every((major) => said.includes(major.toLowerCase()));
  const field = named ? null : fieldSentence(profile, chooser.pick(['a', 'b'], 'field'));
  if (field && groups.length > 0) add([field], 4, 6, 'core', 'academics');
  if (profile.majors.length > 0 && profile.subjects.length > 0 && groups.length > 0) {
    const subjects = profile.subjects.slice(0, 3);
    add([`The ${subjects.length > 1 ? 'subjects I like most are' : 'subject I like most is'} ${joinList(subjects)}.`], 4, 1, 'reserve', 'academics');
  }
  const goals = collegeGoalSentences(profile);
  if (goals.length > 0 && groups.length > 0) add(goals, 4, 1, 'reserve', 'collegeGoals');
  return groups;
}

/**
 * The student's college goals as plain sentences: every kind of college and every college they named (the
 * material count includes each of them, so each has a place here; they join only a draft short of material).
 */
export function collegeGoalSentences(profile: StudentProfile): string[] {
  const kinds = profile.collegeTypes.map((kind) => `${/^[aeiou]/i.test(kind) ? 'an' : 'a'} ${kind.toLowerCase()}`);
  const either = kinds.length > 1 ? `${kinds.slice(0, -1).join(', ')} or ${kinds[kinds.length - 1]}` : kinds[0] ?? '';
  return [
    kinds.length > 0 ? `I am looking at ${either}.` : '',
    profile.specificColleges.length > 0 ? `The colleges on my list include ${joinList(profile.specificColleges)}.` : '',
  ].filter((sentence) => sentence !== '').map(asSentence);
}

/** Transitions for the paragraphs that have none (the opening scene, the writing-sample passage). */
const SHORT_DRAFT_FRAMES = {
  0: ['Let me start with one moment.', 'I want to begin with a single scene.', 'This is where my story begins.'],
  3.5: ['Here it is in my own words.', 'I have tried to put this into words before.', 'This is how I would tell it.'],
} as Partial<Record<Section, string[]>>;

const fitsWords = (chosen: readonly Chosen[]): number => chosenWords(chosen);

/**
 * A short draft from at least this much material gets a transition for each paragraph without one; below it the
 * draft is a few of the student's sentences, left as they are.
 */
const FRAMED_MATERIAL_WORDS = 150;

export function composeEssayWithSources(input: EssayInput, profile: StudentProfile, chooser: Chooser): SourcedParagraph[] {
  const framed = withFrames(essayGroups(input, profile, chooser), ESSAY_FRAMES, chooser);
  const core = framed.filter((group) => group.tier === 'core');
  const supported = framed.filter((group) => group.tier !== 'reserve');
  let chosen = fitGroups(core, ENOUGH_WORDS, ESSAY_WORD_LIMIT);
  if (fitsWords(chosen) < ENOUGH_WORDS) chosen = fitGroups(supported, Math.round(ESSAY_WORD_LIMIT * 0.9), ESSAY_WORD_LIMIT);
  // Below the Common App minimum the rest of the student's material joins, so length comes from their words;
  // if that is still short, the paragraphs without a transition get their one (short, stating no fact).
  if (fitsWords(chosen) < PERSONAL_STATEMENT_MIN_WORDS) chosen = fitGroups(framed, Math.round(ESSAY_WORD_LIMIT * 0.9), ESSAY_WORD_LIMIT);
  const material = essayMaterial(input.form, input.followUpResponses).words;
  if (fitsWords(chosen) < PERSONAL_STATEMENT_MIN_WORDS && material >= FRAMED_MATERIAL_WORDS) {
    chosen = fitGroups(withFrames(framed, SHORT_DRAFT_FRAMES, chooser), Math.round(ESSAY_WORD_LIMIT * 0.9), ESSAY_WORD_LIMIT);
  }
  return arrangeWithSources(chosen);
}
