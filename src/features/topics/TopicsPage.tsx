// /topics: the six Common App prompts with their generated topic suggestions, then the seventh, where the
// student writes their own topic; Generate / Regenerate Topics with the progress bar, and Next once a prompt
// and a topic are chosen.
import { useEffect, useRef } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { useAppDispatch, useAppSelector } from '../../app/hooks.ts';
import { paths } from '../../client-core/routes.ts';
import { PROMPT_NUMBERS } from '../../common/essay/prompts.ts';
import { Alert, Button, ProgressBar, buttonClassName } from '../../ui/index.ts';
import { OwnTopicPrompt } from './OwnTopicPrompt.tsx';
import { PromptTopics } from './PromptTopics.tsx';
import { selectTopicsRequest } from './topicsRequests.ts';
import { selectHasSelectedTopic, selectHasSuggestions, selectTopicsVariant, topicsPageLeft } from './topicsSlice.ts';
import { generateTopics } from './topicsThunks.ts';
import { useProgressBar } from './useProgressBar.ts';

export default function TopicsPage() {
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const hasTopic = useAppSelector(selectHasSelectedTopic);
  const hasSuggestions = useAppSelector(selectHasSuggestions);
  const variant = useAppSelector(selectTopicsVariant);
  const { status, notice, error } = useAppSelector(selectTopicsRequest);
  const progress = useProgressBar(status);
  const pending = status === 'pending';
  // The run this page started, so leaving the page can abort it (its retries stop; see topicsThunks.ts).
  const run = useRef<{ abort: () => void } | null>(null);
  useEffect(() => () => {
    run.current?.abort();
    dispatch(topicsPageLeft());
  }, [dispatch]);
  const generate = (next: number) => {
    run.current = dispatch(generateTopics({ variant: next }));
  };

  return (
    <section className="page" aria-labelledby="topics-title">
      <h1 id="topics-title">Choose Your Essay Topic</h1>
      <p>Each of the seven Common App prompts below can become your personal statement. Generate topic ideas from your answers for prompts 1–6 and pick one, or write a topic of your own under prompt 7.</p>
      <div className="page-actions page-actions--start">
        <Button disabled={pending} onClick={() => generate(hasSuggestions ? variant + 1 : 0)}>
          {hasSuggestions ? 'Regenerate Topics' : 'Generate Topics'}
        </Button>
      </div>
      {progress !== null && <ProgressBar value={progress} label="Generating topics" />}
      {notice && <Alert tone="warning">{notice}</Alert>}
      {error && <Alert tone="error">{error}</Alert>}
      <ol className="prompt-list" aria-busy={pending}>
        {PROMPT_NUMBERS.map((number) => (
          <li key={number}><PromptTopics number={number} /></li>
        ))}
        <li><OwnTopicPrompt /></li>
      </ol>
      <div className="page-actions">
        <Link to={paths.essayType} className={buttonClassName('secondary')}>Back to Essay Type</Link>
        {/* Next stays disabled until a prompt and a topic are chosen (under prompt 7, a title of the student's own). */}
        <Button disabled={!hasTopic} onClick={() => void navigate(paths.followup)}>Next</Button>
      </div>
    </section>
  );
}
