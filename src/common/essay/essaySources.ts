// Which of the student's own answers each paragraph of an essay was built from. The offline composer knows a
// paragraph's sources exactly; for a model's essay (or any paragraph the composer's draft no longer matches)
// they are derived from the words a paragraph shares with each answer. The server and the result page use the
// same functions.
import { ACTIVITY_CATEGORY_LABELS, INSIGHT_KEYS, INSIGHT_QUESTIONS } from '../questionnaire/questionnaire.ts';
import { OWN_TOPIC_PROMPT_NUMBER, promptNumberOf } from './prompts.ts';
import type { FormDocument } from '../questionnaire/formDocument.ts';

/** One of the student's answers: its source key (as the composer names it), what it answers, and its text. */
export type StudentAnswer = { key: string; label: string; text: string };

type AnswerForm = Pick<FormDocument, 'academics' | 'collegeGoals' | 'activities' | 'personal' | 'activitiesAndInvolvement' | 'personalInsights' | 'selectedTopic'>;

const squeeze = (text: string): string => text.replace(/\s+/g, ' ').trim();

/** The essay's paragraphs as the page shows them: split on blank lines, whitespace squeezed, empty ones dropped. */
export const essayParagraphs = (essay: string): string[] =>
  essay.split(/\n\s*\n/).map(squeeze).filter((paragraph) => paragraph !== '');

/**
 * Every answer the student gave that an essay can be built from, keyed like the composer's sources:
 * `followUp:<question>`, `insight:<key>`, `activity:<n>` (n counts the activities that have any text),
 * `writingSample`, `academics`, `collegeGoals`, `ownTopic`, `legacy:<field>`.
 */
export function studentAnswers(form: AnswerForm, followUpResponses: Record<string, string> = {}): StudentAnswer[] {
  const answers: StudentAnswer[] = [];
  const add = (key: string, label: string, text: string): void => {
    if (squeeze(text) !== '') answers.push({ key, label, text: squeeze(text) });
  };
  for (const [question, answer] of Object.entries(followUpResponses)) add(`followUp:${question}`, question, answer);
  for (const key of INSIGHT_KEYS) add(`insight:${key}`, INSIGHT_QUESTIONS[key], form.personalInsights[key]);
  const activities = form.activitiesAndInvolvement.activities.filter((entry) =>
    [entry.category, entry.otherCategory, entry.leadership, entry.description].some((text) => squeeze(text) !== ''));
  activities.forEach((entry, index) => {
    const name = squeeze(entry.otherCategory) || (entry.category === '' ? '' : ACTIVITY_CATEGORY_LABELS[entry.category]);
    add(`activity:${index}`, `Activity${name ? `: ${name}` : ` ${index + 1}`}`, [entry.leadership, entry.description].join(' '));
  });
  const sample = form.personalInsights.writingSample;
  add('writingSample', sample.title ? `Writing sample: ${sample.title}` : 'Writing sample', sample.text);
  add('academics', 'Academics (majors and subjects)', [...form.academics.majors, ...form.academics.subjects].join(', '));
  add('collegeGoals', 'College goals', [...form.collegeGoals.collegeTypes, ...form.collegeGoals.specificColleges].join(', '));
  const topic = form.selectedTopic;
  if (topic && promptNumberOf(topic.prompt) === OWN_TOPIC_PROMPT_NUMBER) add('ownTopic', 'Your own topic', `${topic.idea} ${topic.description}`);
  add('legacy:background', 'Background', form.personal.background);
  add('legacy:challenge', 'A challenge', form.personal.challenge);
  add('legacy:volunteerWork', 'Volunteer work', form.activities.volunteerWork);
  add('legacy:values', 'Values', form.personal.values.join(', '));
  return answers;
}

// Words that say nothing about where a sentence came from.
const STOP_WORDS = new Set(('about after again also because been before being could every first from have into just like made make more most much never only other over really some such than that their them then there these they this those through very want were what when where which while with would your ' +
  'essay college school student students always things thing something').split(' '));

const contentWords = (text: string): Set<string> =>
  new Set((text.toLowerCase().match(/[\p{L}\p{N}']+/gu) ?? []).map((word) => word.replace(/'s$/, '')).filter((word) => word.length >= 4 && !STOP_WORDS.has(word)));

/** The most sources a derived paragraph lists: the best few, not every answer that shares a word. */
const MAX_DERIVED_SOURCES = 3;
/** Shared content words an answer needs with a paragraph to count as one of its sources. */
const MIN_SHARED_WORDS = 3;

/** A paragraph's sources derived from word overlap: the answers sharing the most distinctive words with it. */
export function overlapSources(paragraph: string, answers: readonly StudentAnswer[]): string[] {
  const words = contentWords(paragraph);
  return answers
    .map((answer) => ({ key: answer.key, shared: [...contentWords(answer.text)].filter((word) => words.has(word)).length }))
    .filter(({ shared }) => shared >= MIN_SHARED_WORDS)
    .sort((a, b) => b.shared - a.shared)
    .slice(0, MAX_DERIVED_SOURCES)
    .map(({ key }) => key);
}
