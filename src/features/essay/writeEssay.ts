// What one run of generateEssay does (essayThunks.ts is its thunk): streams the essay onto the page as it is
// written (POST /api/generate-essay with Accept: text/event-stream), then keeps it with the record of how it was
// made. Text arriving within a short interval is dispatched together, so a model's token-by-token stream costs a
// few renders a second, not hundreds. A failure is thrown for the thunk to report.
import { endpoints, streamEssay } from '../../api/index.ts';
import type { AppStoreApi } from '../../app/hooks.ts';
import type { FormDocument } from '../../common/questionnaire/formDocument.ts';
import { countWords } from '../../common/text/wordCount.ts';
import { essayGenerated, essayTextStreamed } from './essaySlice.ts';
import { loadEssayRecord } from './loadEssayRecord.ts';

const BATCH_MS = 60;

type Run = { formData: FormDocument; variant: number; signal: AbortSignal; dispatch: AppStoreApi['dispatch'] };

export async function writeEssay({ formData, variant, signal, dispatch }: Run): Promise<void> {
  const topic = formData.selectedTopic;
  let pending = '';
  let timer: ReturnType<typeof setTimeout> | undefined;
  const flush = () => {
    clearTimeout(timer);
    timer = undefined;
    if (pending !== '') dispatch(essayTextStreamed(pending));
    pending = '';
  };
  // Fetched while the essay streams in: it is needed only at the end.
  const recordCode = loadEssayRecord();
  try {
    if (!topic) throw new Error('No topic is selected.');
    const answer = await streamEssay(endpoints.generateEssay, {
      body: {
        formData, selectedPrompt: topic.prompt, selectedIdea: topic.idea,
        followUpResponses: formData.followUpResponses, variant,
      },
      signal,
      onText: (text) => {
        pending += text;
        timer ??= setTimeout(flush, BATCH_MS);
      },
    });
    flush();
    const buildEssayRecord = await recordCode;
    dispatch(essayGenerated({
      essay: answer.essay, topic: topic.idea, wordCount: countWords(answer.essay), notes: answer.notes ?? [],
      engine: answer.engine ?? null, variant, record: buildEssayRecord(formData, answer.essay, answer.sources),
    }));
  } catch (error) {
    clearTimeout(timer);
    throw error;
  }
}
