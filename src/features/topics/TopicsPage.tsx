// /topics (SPEC §2): the six Common App prompts with the topic suggestions the student already has.
// Generating suggestions (Generate / Regenerate Topics, the progress bar) comes with the essay-flow issue.
import { Link, useNavigate } from 'react-router-dom';
import { useAppSelector } from '../../app/hooks.ts';
import { paths } from '../../app/routes.ts';
import { PROMPT_NUMBERS } from '../../shared/constants.ts';
import { Button, buttonClassName } from '../../ui/index.ts';
import { PromptTopics } from './PromptTopics.tsx';
import { selectHasSelectedTopic } from './topicsSlice.ts';

export default function TopicsPage() {
  const navigate = useNavigate();
  const hasTopic = useAppSelector(selectHasSelectedTopic);

  return (
    <section className="page" aria-labelledby="topics-title">
      <h1 id="topics-title">Choose Your Essay Topic</h1>
      <p>Each Common App prompt below can become your personal statement. Pick a topic for one of them.</p>
      <ol className="prompt-list">
        {PROMPT_NUMBERS.map((number) => (
          <li key={number}><PromptTopics number={number} /></li>
        ))}
      </ol>
      <div className="page-actions">
        <Link to={paths.essayType} className={buttonClassName('secondary')}>Back to Essay Type</Link>
        {/* SPEC §2: Next stays disabled until a prompt and a topic are chosen. */}
        <Button disabled={!hasTopic} onClick={() => void navigate(paths.followup)}>Next</Button>
      </div>
    </section>
  );
}
