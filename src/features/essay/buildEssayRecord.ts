// The record kept beside an essay: which of the student's answers each paragraph draws on, as essayRecord.ts
// words it. Made by the essay thunks when they run (loadEssayRecord), so its code never comes with a page.
import { essayParagraphs, overlapSources, studentAnswers } from '../../common/essay/essaySources.ts';
import type { EssayRecord } from './essaySlice.ts';

/** How much of an answer the sources panel quotes. */
const EXCERPT_CHARS = 160;

type Form = Parameters<typeof studentAnswers>[0] & { followUpResponses: Record<string, string> };

/**
 * The record kept beside the essay: the server's sources per paragraph, named with the answers as they were
 * when the essay was made; derived from word overlap here when the server sent none.
 */
export function buildEssayRecord(form: Form, essay: string, sent: string[][] | undefined): EssayRecord {
  const answers = studentAnswers(form, form.followUpResponses);
  const byKey = new Map(answers.map((answer) => [answer.key, answer]));
  const paragraphs = essayParagraphs(essay);
  const keys = sent && sent.length === paragraphs.length ? sent : paragraphs.map((paragraph) => overlapSources(paragraph, answers));
  return {
    generatedAt: new Date().toISOString(),
    paragraphs: keys.map((list) => list.flatMap((key) => {
      const answer = byKey.get(key);
      if (!answer) return [];
      const excerpt = answer.text.length > EXCERPT_CHARS ? `${answer.text.slice(0, EXCERPT_CHARS).trimEnd()}…` : answer.text;
      return [{ key, label: answer.label, excerpt }];
    })),
  };
}

