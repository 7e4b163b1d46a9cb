// Seven follow-up questions about the chosen topic, one per theme of the defaults, each naming the topic.
import type { AnyPromptNumber } from '../../../common/essay/prompts.ts';
import type { StudentProfile } from '../profile.ts';
import { THEMES, type Theme } from '../themes.ts';
import type { Chooser } from './random.ts';
import { countWords, excerpt, joinList } from './text.ts';

type Template = (topic: string, extra: { field: string; prompt: AnyPromptNumber | null }) => string;

const TEMPLATES: Record<Theme, Template[]> = {
  inspiring: [
    (t, { prompt }) => prompt === '4'
      ? `What moment made you realise how much ${t} meant to you?`
      : `What moment in ${t} inspired you most, and why does it stay with you?`,
    (t) => `Which single moment of ${t} would you relive if you could, and why that one?`,
    (t) => `When did ${t} first spark something in you? Walk through that moment.`,
  ],
  perspective: [
    (t) => `How did ${t} change your perspective on yourself or the people around you?`,
    (t) => `What do you see differently now because of ${t}?`,
    (t) => `Before ${t}, how did you view this part of your life, and how has that view shifted?`,
  ],
  details: [
    (t) => `Picture one specific scene from ${t}: where were you, who was there, and what was said?`,
    (t) => `What concrete details of ${t} do you remember most vividly: sounds, objects, words someone said?`,
  ],
  goals: [
    (t, { field }) => `How does ${t} connect to your goals for college${field ? `, where you hope to study ${field},` : ''} and beyond?`,
    (t, { field }) => `Where do you want ${t} to lead you in college and after${field ? `, alongside ${field}` : ''}?`,
  ],
  learning: [
    (t) => `What did ${t} teach you about yourself that nobody taught you directly?`,
    (t) => `What did you have to figure out on your own during ${t}, and how did you learn it?`,
  ],
  values: [
    (t) => `Which of your values or beliefs does ${t} show, and when is that clearest?`,
    (t) => `What does ${t} reveal about what matters most to you?`,
  ],
  challenge: [
    (t, { prompt }) => prompt === '2'
      ? `What exactly went wrong in ${t}, and what did you do next to overcome it?`
      : `What was the hardest part of ${t}, and how did you get through it?`,
    (t) => `What obstacle did you hit in ${t}, and what did you do to overcome it?`,
  ],
};

const ownTopicQuestion = (topic: string): string =>
  `Why did you choose ${topic} as your topic, and what moment shows why it matters to you?`;

/** The topic as the questions name it: in quotation marks, shortened when long. */
export function topicReference(idea: string): string {
  const base = idea.replace(/[“”"]/g, '').trim();
  if (base === '') return 'this topic';
  return `“${countWords(base) <= 12 ? base.replace(/(?<![.!?])[.!?]+$/, '') : excerpt(base, 10)}”`;
}

export function composeQuestions(
  profile: StudentProfile, prompt: AnyPromptNumber | null, idea: string, chooser: Chooser,
): string[] {
  const topic = topicReference(idea);
  const field = joinList(profile.majors.slice(0, 2));
  return THEMES.map((theme) => {
    const question = chooser.pick(TEMPLATES[theme], `question:${theme}`)(topic, { field, prompt });
    // A topic of the student's own (the seventh prompt) starts from why they chose it.
    return theme === 'inspiring' && prompt === '7' ? ownTopicQuestion(topic) : question;
  });
}
