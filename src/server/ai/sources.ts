// The sources of each paragraph of a finished essay, sent with it so the result page can show what each
// paragraph was built from. The offline composer's draft names them exactly (the same input gives the same
// draft, so it is rebuilt here rather than carried through the stream); a paragraph the draft does not match
// (a model's essay, or text cut to the word limit) gets the answers it shares the most words with.
import { essayParagraphs, overlapSources, studentAnswers } from '../../common/essay/essaySources.ts';
import type { AiPort, EssayInput } from './port.ts';

const squeeze = (text: string): string => text.replace(/\s+/g, ' ').trim();

export async function essaySources(ai: AiPort, input: EssayInput, essay: string): Promise<string[][]> {
  const exact = await ai.essayParagraphSources?.(input) ?? [];
  const known = new Map(exact.map(({ text, sources }) => [squeeze(text), sources]));
  const answers = studentAnswers(input.form, input.followUpResponses);
  return essayParagraphs(essay).map((paragraph) => known.get(paragraph) ?? overlapSources(paragraph, answers));
}

