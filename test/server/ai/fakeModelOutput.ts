// What the fake model answers by default: plausible output built from the fenced student data, shaped as the
// adapter asked (topics, questions, or an essay near the requested length).
import type { ChatRequest } from './fakeOpenAiServer.ts';

interface StudentData {
  profile?: {
    activities?: Array<{ name?: string; description?: string }>;
    favourite_subjects?: string[];
    personal_insights?: Array<{ answer?: string }>;
  };
  chosen_topic?: string;
  follow_up_answers?: Array<{ answer?: string }>;
  draft_paragraphs?: Array<{ paragraph: number; text: string }>;
}

export const textOf = (content: unknown): string =>
  typeof content === 'string'
    ? content
    : Array.isArray(content) ? content.map((part: { text?: string }) => part.text ?? '').join('') : '';

/** The last user message: the prompt with the fenced student data. */
export const userPrompt = (body: ChatRequest): string =>
  textOf([...body.messages].reverse().find((m) => m.role === 'user')?.content);

export function studentData(body: ChatRequest): StudentData {
  const match = /<student_data>\n([\s\S]*)\n<\/student_data>/.exec(userPrompt(body));
  return match ? (JSON.parse(match[1] as string) as StudentData) : {};
}

const ANGLES = ['', 'the part of me you would miss', 'the setback that taught me', 'the belief I questioned', 'the person I thank', 'the moment I grew', 'what I lose track of time in'];

function topics(data: StudentData): Record<string, Array<{ title: string; description: string }>> {
  const names = (data.profile?.activities ?? []).map((a) => a.name ?? '').filter((n) => n !== '');
  const sources = names.length > 0 ? names : data.profile?.favourite_subjects ?? ['My story'];
  return Object.fromEntries(['1', '2', '3', '4', '5', '6'].map((n) => [n, [0, 1, 2].map((i) => {
    const name = sources[(Number(n) + i) % sources.length] as string;
    return { title: `${name}: ${ANGLES[Number(n)]}`, description: `Write about ${name} and ${ANGLES[Number(n)]}, in your own words.` };
  })]));
}

function questions(data: StudentData): { questions: string[] } {
  const topic = data.chosen_topic ?? 'your topic';
  return {
    questions: [
      `What moment in ${topic} inspired you most?`,
      `How did ${topic} change your perspective?`,
      `What concrete details of ${topic} do you remember most vividly?`,
      `How does ${topic} connect to your goals for college?`,
      `What did ${topic} teach you about yourself that nobody taught you?`,
      `Which of your values does ${topic} show?`,
      `What challenge did you face in ${topic}, and how did you overcome it?`,
    ],
  };
}

/** A counsellor's question on each paragraph, quoting its opening words exactly. */
function coachQuestions(data: StudentData): { comments: Array<{ paragraph: number; kind: string; quote: string; question: string }> } {
  return {
    comments: (data.draft_paragraphs ?? []).map(({ paragraph, text }) => {
      const space = text.indexOf(' ', 30);
      return { paragraph, kind: 'specificity', quote: space === -1 ? text : text.slice(0, space), question: 'What would a reader see and hear at this moment?' };
    }),
  };
}

export function plausibleJson(body: ChatRequest): string {
  const name = body.response_format?.json_schema?.name;
  const data = studentData(body);
  if (name === 'topic_suggestions') return JSON.stringify(topics(data));
  if (name === 'followup_questions') return JSON.stringify(questions(data));
  if (name === 'coach_questions') return JSON.stringify(coachQuestions(data));
  return '{}';
}

/** An essay of about 90% of the length the prompt asks for, made of the student's own sentences. */
export function plausibleEssay(body: ChatRequest): string {
  const prompt = userPrompt(body);
  const limit = Number(/never more than (\d+)/.exec(prompt)?.[1] ?? 650);
  const data = studentData(body);
  const material = [
    ...(data.follow_up_answers ?? []).map((a) => a.answer ?? ''),
    ...(data.profile?.personal_insights ?? []).map((i) => i.answer ?? ''),
    ...(data.profile?.activities ?? []).map((a) => a.description ?? ''),
  ].flatMap((text) => text.split(/(?<=[.!?])\s+/)).filter((s) => /[.!?]$/.test(s));
  const sentences = material.length > 0 ? material : ['I wrote about what matters to me.'];
  const out: string[] = [];
  let words = 0;
  for (let i = 0; words < limit * 0.9; i += 1) {
    const sentence = sentences[i % sentences.length] as string;
    const count = sentence.split(/\s+/).length;
    if (words + count > limit * 0.95) break;
    out.push(sentence);
    words += count;
  }
  return out.map((s, i) => (i > 0 && i % 5 === 0 ? `\n\n${s}` : ` ${s}`)).join('').trim();
}
