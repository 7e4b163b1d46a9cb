// Harness students cut down to just over a given amount of material, and taken through the ordinary flow:
// topic suggestions, the first suggestion for a prompt, the composer's follow-up questions answered with the
// student's own answers (matched by theme), then the essay. For the property "material at the stated
// minimum gives a personal statement of at least 250 words".
import {
  DEFAULT_FOLLOWUP_QUESTIONS, PROMPT_NUMBERS, type AnyPromptNumber, isOwnTopicPrompt,
} from '../../../src/common/essay/prompts.ts';
import { INSIGHT_KEYS } from '../../../src/common/questionnaire/questionnaire.ts';
import { essayMaterial } from '../../../src/common/essay/essayMaterial.ts';
import type { FormDocument } from '../../../src/common/questionnaire/formDocument.ts';
import { createChooser } from '../../../src/server/ai/composer/random.ts';
import { sentenceTexts as splitSentences } from '../../../src/common/text/sentences.ts';
import type { AiPort, EssayInput } from '../../../src/server/ai/port.ts';
import { classifyQuestion } from '../../../src/server/ai/themes.ts';
import type { PersonalCase } from '../../fixtures/qualityProfiles.ts';

export interface Trimmed {
  form: FormDocument;
  answers: Record<string, string>;
}

interface Field { get(): string; set(text: string): void }

/** Every text of the student's the material count includes, as a field of the copy to cut down. */
function fieldsOf({ form, answers }: Trimmed): Field[] {
  const insights = form.personalInsights;
  return [
    ...INSIGHT_KEYS.map((key) => ({ get: () => insights[key], set: (text: string) => { insights[key] = text; } })),
    { get: () => insights.writingSample.text, set: (text: string) => { insights.writingSample.text = text; } },
    ...Object.keys(answers).map((question) => ({ get: () => answers[question]!, set: (text: string) => { answers[question] = text; } })),
    ...form.activitiesAndInvolvement.activities.map((activity) => ({
      get: () => activity.description, set: (text: string) => { activity.description = text; },
    })),
  ];
}

export const materialWords = ({ form, answers }: Trimmed): number => essayMaterial(form, answers).words;

/** Drops the last part of one field (a sentence, or a number of words) unless the material would fall below `floor`. */
function dropWhileOver(student: Trimmed, field: Field, floor: number, cut: (text: string) => string): boolean {
  const before = field.get();
  const after = cut(before);
  if (after === before) return false;
  field.set(after);
  if (materialWords(student) >= floor) return true;
  field.set(before);
  return false;
}

/**
 * A copy of the student with their material cut to just over `floor`: whole sentences dropped in a seeded
 * order while the count stays at or over it, then single words from the ends of answers. Null when the
 * student has less material than that to begin with.
 */
export function trimmedTo(c: PersonalCase, floor: number, seed: number): Trimmed | null {
  const student: Trimmed = { form: structuredClone(c.form), answers: { ...c.followUpResponses } };
  if (materialWords(student) < floor) return null;
  const chooser = createChooser(`trim ${c.name}`, seed);
  const fields = fieldsOf(student);
  const lastSentence = (text: string): string => splitSentences(text).slice(0, -1).join(' ');
  const lastWord = (text: string): string => text.trim().split(/\s+/).slice(0, -1).join(' ');
  for (const cut of [lastSentence, lastWord]) {
    let dropped = true;
    while (dropped) {
      dropped = chooser.shuffle(fields).some((field) => field.get().trim() !== '' && dropWhileOver(student, field, floor, cut));
    }
  }
  return student;
}

/** The student's answer to a question of the composer's: their answer to the default question of the same theme. */
function answersFor(questions: readonly string[], answers: Record<string, string>): Record<string, string> {
  const byTheme = new Map(DEFAULT_FOLLOWUP_QUESTIONS.map((question) => [classifyQuestion(question), answers[question] ?? '']));
  return Object.fromEntries(questions.map((q) => [q, byTheme.get(classifyQuestion(q)) ?? '']).filter(([, answer]) => answer !== ''));
}

/**
 * The essay requests a student makes in the ordinary flow: for each of prompts 1–6 the first suggestion, and
 * for a student who chose a topic of their own (the seventh prompt) that topic.
 */
export async function ordinaryFlow(port: AiPort, student: Trimmed): Promise<EssayInput[]> {
  const topics = await port.topicSuggestions(student.form);
  const own = student.form.selectedTopic;
  const chosen: Array<{ prompt: AnyPromptNumber; idea: string; description: string }> = PROMPT_NUMBERS.flatMap((prompt) => {
    const first = topics[prompt][0];
    return first ? [{ prompt, idea: first.title, description: first.description }] : [];
  });
  if (own && isOwnTopicPrompt(own.prompt)) chosen.push({ prompt: '7', idea: own.idea, description: own.description });
  return Promise.all(chosen.map(async ({ prompt, idea, description }) => {
    const form: FormDocument = { ...student.form, selectedTopic: { prompt: prompt === '7' ? own!.prompt : prompt, idea, description } };
    const questions = await port.followupQuestions(form, prompt, idea);
    const followUpResponses = answersFor(questions, student.answers);
    return { form: { ...form, followUpQuestions: questions, followUpResponses }, prompt, idea, followUpResponses, variant: 0 };
  }));
}
