// Every prompt of every college in one table: type, story, word limit, status and deadline. At phone width each
// row becomes a card of labelled lines (collegePlan.css), so nothing scrolls sideways at 375 px.
import { PROMPT_TYPE_NAMES } from '../../common/collegePlan/promptTypes.ts';
import { PROMPT_STATUS_NAMES } from '../../common/collegePlan/vocabulary.ts';
import { type College, promptType, type Story } from './collegePlanSlice.ts';
import { limitText } from './PromptItem.tsx';
import { promptDrafts, shownStatus, useDraftsByKey } from './promptDrafts.ts';

export function PlanGrid({ colleges, stories }: { colleges: readonly College[]; stories: readonly Story[] }) {
  const drafts = useDraftsByKey();
  const storyTitle = new Map(stories.map((story) => [story.id, story.title]));
  const rows = colleges.flatMap((college) => college.prompts.map((prompt, index) => ({ college, prompt, number: index + 1 })));
  if (rows.length === 0) return null;
  return (
    <section aria-labelledby="plan-grid-title">
      <h2 id="plan-grid-title">Every prompt at a glance</h2>
      <table className="plan-grid">
        <thead>
          <tr><th scope="col">College</th><th scope="col">Prompt</th><th scope="col">Type</th><th scope="col">Story</th><th scope="col">Word limit</th><th scope="col">Status</th><th scope="col">Deadline</th></tr>
        </thead>
        <tbody>
          {rows.map(({ college, prompt, number }) => (
            <tr key={prompt.id}>
              <th scope="row" data-label="College">{college.name}</th>
              <td data-label="Prompt">{number}</td>
              <td data-label="Type">{PROMPT_TYPE_NAMES[promptType(prompt)]}</td>
              <td data-label="Story">{(prompt.storyId && storyTitle.get(prompt.storyId)) ?? '—'}</td>
              <td data-label="Word limit">{limitText(prompt.wordLimit)}</td>
              <td data-label="Status">{PROMPT_STATUS_NAMES[shownStatus(prompt, promptDrafts(drafts, prompt))]}</td>
              <td data-label="Deadline">{college.deadline}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}
