// How much of the student's own writing an essay can draw on, measured the same way by the offline composer,
// the "what would make this stronger" notes and the result page, so the page can say before generating what
// the draft will be short of. Material is the student's words only: the five insight answers, the writing
// sample, the follow-up answers, the activities' descriptions and roles, and the college goals, and with the
// seventh prompt the description the student wrote for their own topic.
import { INSIGHT_KEYS, INSIGHT_QUESTIONS } from '../questionnaire/questionnaire.ts';
import type { FormDocument } from '../questionnaire/formDocument.ts';
import { scrubJunk } from '../text/junk.ts';
import { isOwnTopicPrompt } from './prompts.ts';
import { countWords } from '../text/wordCount.ts';
/**
 * With at least this much material the offline composer's personal statement reaches the minimum: the student's
 * words plus only the short transitions and framing clauses it sets around them, never filler. Those add about
 * 20 words when all the material is one passage (a writing sample alone), more when it is spread over many
 * answers. Measured, not hoped: test/server/ai/essayMinimum.test.ts cuts every harness student to just over
 * this figure and takes them through topics, follow-up answers and the essay.
 */
export const MATERIAL_FOR_MINIMUM_WORDS = 230;

export interface EssayMaterial {
  /** Words of the student's own writing the draft can use. */
  words: number;
  /** What to fill in for more material, most useful first; each names the place in the questionnaire. */
  toAdd: string[];
}

const SHORT_ANSWER_WORDS = 12;

export function essayMaterial(form: FormDocument, followUpResponses: Record<string, string> = form.followUpResponses): EssayMaterial {
  const insights = INSIGHT_KEYS.map((key) => form.personalInsights[key] ?? '');
  const activities = form.activitiesAndInvolvement.activities;
  const answers = Object.values(followUpResponses ?? {});
  const texts = [
    ...insights,
    form.personalInsights.writingSample?.text ?? '',
    ...answers,
    ...activities.flatMap((activity) => [activity.description, activity.leadership]),
    ...form.collegeGoals.collegeTypes, ...form.collegeGoals.specificColleges,
    // A suggestion's description under prompts 1–6 is generated text; only the student's own topic counts.
    form.selectedTopic && isOwnTopicPrompt(form.selectedTopic.prompt) ? form.selectedTopic.description : '',
  ];
  // Template leftovers and runaway "words" are not the student's prose and never reach a draft: not counted.
  const words = texts.reduce((sum, text) => sum + countWords(scrubJunk(String(text ?? ''))), 0);

  const toAdd: string[] = [];
  const answered = answers.filter((answer) => countWords(answer) > 0);
  if (answered.length === 0 || answered.some((answer) => countWords(answer) < SHORT_ANSWER_WORDS)) {
    toAdd.push('Three or four sentences for each follow-up answer (what happened, what you did, what changed)');
  }
  const emptyInsights = INSIGHT_KEYS.filter((key) => countWords(form.personalInsights[key] ?? '') < SHORT_ANSWER_WORDS);
  if (emptyInsights.length > 0) {
    toAdd.push(`Fuller Personal Insights answers, such as “${INSIGHT_QUESTIONS[emptyInsights[0]!]}”`);
  }
  if (!activities.some((activity) => countWords(activity.description) >= SHORT_ANSWER_WORDS)) {
    toAdd.push('An activity in Activities & Involvement with a few sentences on what you do and your role');
  }
  if (countWords(form.personalInsights.writingSample?.text ?? '') === 0) {
    toAdd.push('A writing sample in Personal Insights');
  }
  return { words, toAdd };
}

/** True when the material is too thin for a personal statement of the minimum length without filler. */
export const materialIsShort = (material: EssayMaterial): boolean => material.words < MATERIAL_FOR_MINIMUM_WORDS;
