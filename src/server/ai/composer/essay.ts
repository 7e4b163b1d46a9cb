// The personal statement: the student's answers arranged in an arc (scene, context, turning point, reflection,
// forward-looking close), fitted to 585–650 words when the material allows and never over 650.
import { ESSAY_WORD_LIMIT, type PromptNumber } from '../../../shared/constants.ts';
import type { EssayInput } from '../port.ts';
import { answeredResponses, type StudentProfile } from '../profile.ts';
import { resolvePrompt } from '../promptRef.ts';
import { classifyQuestion, type Theme } from '../themes.ts';
import { activityFacts, activityStory, commitment } from './activities.ts';
import { arrange, ESSAY_FRAMES, withFrames, type Section } from './assemble.ts';
import { fitInTiers, type Group } from './fit.ts';
import { answerSentences, fieldSentence, insightSentences, keywords, MAX_SAMPLE_SENTENCES, overlap } from './material.ts';
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

export function essayGroups(input: EssayInput, profile: StudentProfile, chooser: Chooser): Group[] {
  const prompt = resolvePrompt(input.prompt).number;
  const groups: Group[] = [];
  let order = 0;
  const add = (sentences: string[], section: Section, weight: number, filler = false): void => {
    if (sentences.length > 0) groups.push({ sentences, section, weight, order: (order += 1), filler });
  };

  const answers = answeredResponses(input.followUpResponses);
  const openFirst = chooser.pick<Theme[]>([['details', 'inspiring'], ['inspiring', 'details']], 'opening');
  const rank = (theme: Theme | 'other'): number => (openFirst.indexOf(theme as Theme) + 1) || 3;
  const sorted = [...answers].sort((a, b) => rank(classifyQuestion(a.question)) - rank(classifyQuestion(b.question)));
  for (const { question, answer } of sorted) {
    const [section, weight] = THEME_PLACE[classifyQuestion(question)];
    add(answerSentences(answer, classifyQuestion(question)), section, weight);
  }

  // Beyond the answers, only material about the topic (or that the prompt asks for) joins the essay: a list
  // of everything the student has done reads as a résumé, not a story.
  const topicWords = keywords(`${input.idea} ${answers.map((a) => a.answer).join(' ')}`);
  const relevance = (text: string): number => overlap(keywords(text), topicWords);
  const activities = [...profile.activities]
    .map((activity) => ({ activity, score: relevance(`${activity.name} ${activity.description} ${activity.leadership}`) }))
    .sort((a, b) => b.score * 10 + commitment(b.activity) - (a.score * 10 + commitment(a.activity)));
  activities.forEach(({ activity, score }, i) => {
    if (i === 0 || score >= 2) add([...activityFacts(activity), ...activityStory(activity)], 1, i === 0 ? 7 : 2.5, i > 0);
  });

  for (const [key, [section, byPrompt, otherwise]] of Object.entries(INSIGHT_PLACE)) {
    const text = profile.insights[key as keyof typeof INSIGHT_PLACE];
    const asked = prompt ? byPrompt[prompt] : undefined;
    const weight = asked ?? (relevance(text) >= 2 ? otherwise : 0);
    if (weight > 0) add(insightSentences(key as keyof typeof INSIGHT_PLACE, text), section as Section, weight, asked === undefined);
  }
  if (relevance(profile.legacy.background) >= 1) add(answerSentences(profile.legacy.background), 1, 3, true);
  if (relevance(profile.legacy.challenge) >= 1) add(answerSentences(profile.legacy.challenge), 2, 4, true);
  // The writing sample is used as a passage from its start, and only when it is about the same story.
  if (relevance(profile.writingSample.text) >= 3) add(answerSentences(profile.writingSample.text, 'other', MAX_SAMPLE_SENTENCES), 3.5 as Section, 2, true);

  const field = fieldSentence(profile, chooser.pick(['a', 'b'], 'field'));
  if (field && groups.length > 0) add([field], 4, 6);
  return groups;
}

export function composeEssay(input: EssayInput, profile: StudentProfile, chooser: Chooser): string[][] {
  const groups = essayGroups(input, profile, chooser);
  const framed = withFrames(groups, ESSAY_FRAMES, chooser);
  const chosen = fitInTiers(framed, ENOUGH_WORDS, Math.round(ESSAY_WORD_LIMIT * 0.9), ESSAY_WORD_LIMIT);
  return arrange(chosen);
}
