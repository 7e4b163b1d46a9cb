// The story bank: the student's stories, each a title and a one-line summary, drawn from what they already told
// the app (storySuggestions.ts: the personal statement's topic, the questionnaire, the follow-up answers, their
// drafts with the coach) or written here. A prompt is assigned one from its own list.
import { type FormEvent, useState } from 'react';
import { useAppDispatch, useAppSelector } from '../../app/hooks.ts';
import { COLLEGE_PLAN_LIMITS } from '../../common/collegePlan/limits.ts';
import { STORY_SOURCE_NAMES } from '../../common/collegePlan/vocabulary.ts';
import { normaliseOneLine } from '../../common/text/oneLine.ts';
import { Button, Field } from '../../ui/index.ts';
import type { CoachRootState } from '../coach/index.ts';
import { type FollowupRootState, selectFollowUpResponses } from '../followup/index.ts';
import { selectSelectedTopic, type TopicsRootState } from '../topics/index.ts';
import { selectProfile } from '../wizard/index.ts';
import { type Story, storyAdded, storyRemoved } from './collegePlanSlice.ts';
import { newId } from './newId.ts';
import { storySuggestions } from './storySuggestions.ts';

const L = COLLEGE_PLAN_LIMITS;
/** Suggestions shown at once: the bank grows as the student adds them, and the next ones show. */
const SUGGESTIONS_SHOWN = 12;

/** The one-line rule's reason, as the form says it. */
function fieldProblem(field: 'title' | 'summary', problem: string, max: number): string {
  if (problem === 'is required') return 'Give the story a title.';
  if (problem.startsWith('must be at most')) return `Keep the ${field} to ${max} characters.`;
  return `The ${field} ${problem}.`;
}

export function StoryBank({ stories }: { stories: readonly Story[] }) {
  const dispatch = useAppDispatch();
  const profile = useAppSelector(selectProfile);
  const followUpResponses = useAppSelector((state: FollowupRootState) => selectFollowUpResponses(state));
  const selectedTopic = useAppSelector((state: TopicsRootState) => selectSelectedTopic(state));
  const coach = useAppSelector((state: CoachRootState) => state.coach);
  const [title, setTitle] = useState('');
  const [summary, setSummary] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [summaryError, setSummaryError] = useState<string | null>(null);
  const full = stories.length >= L.stories;
  const known = new Set(stories.map((story) => story.title));
  const suggestions = storySuggestions({ profile, followUpResponses, selectedTopic, coach })
    .filter((suggestion) => !known.has(suggestion.title));

  const add = (event: FormEvent) => {
    event.preventDefault();
    // The student's own words: refused with the rule's reason rather than mended, as the server would refuse them.
    const cleanTitle = title.trim() === '' ? { problem: 'is required' } : normaliseOneLine(title.replace(/\s+/g, ' '), { maxChars: L.storyTitleChars });
    const cleanSummary = summary.trim() === '' ? { value: '' } : normaliseOneLine(summary.replace(/\s+/g, ' '), { maxChars: L.storySummaryChars });
    setError('problem' in cleanTitle ? fieldProblem('title', cleanTitle.problem, L.storyTitleChars) : null);
    setSummaryError('problem' in cleanSummary ? fieldProblem('summary', cleanSummary.problem, L.storySummaryChars) : null);
    if ('problem' in cleanTitle || 'problem' in cleanSummary) return;
    dispatch(storyAdded({ id: newId(), title: cleanTitle.value, summary: cleanSummary.value, source: 'own' }));
    setTitle('');
    setSummary('');
  };

  return (
    <section className="story-bank" aria-labelledby="story-bank-title">
      <h2 id="story-bank-title">Story bank</h2>
      <p>Each college should hear a different part of your story. Assign a story to each prompt below.</p>
      {stories.length > 0 && (
        <ul aria-label="Your stories">
          {stories.map((story) => (
            <li key={story.id}>
              <strong>{story.title}</strong>{story.summary && <>: {story.summary}</>} <small>({STORY_SOURCE_NAMES[story.source]})</small>
              {' '}<Button variant="ghost" onClick={() => dispatch(storyRemoved(story.id))}>Remove story {story.title}</Button>
            </li>
          ))}
        </ul>
      )}
      {!full && suggestions.length > 0 && (
        <ul aria-label="From what you told us">
          {suggestions.slice(0, SUGGESTIONS_SHOWN).map((suggestion) => (
            <li key={suggestion.title}>
              {suggestion.title}{suggestion.summary && <>: {suggestion.summary}</>} <small>({STORY_SOURCE_NAMES[suggestion.source]})</small>
              {' '}<Button variant="secondary" onClick={() => dispatch(storyAdded({ id: newId(), ...suggestion }))}>Add story {suggestion.title}</Button>
            </li>
          ))}
        </ul>
      )}
      {full ? <p>Your story bank holds {L.stories} stories, the most it may hold.</p> : (
        <form onSubmit={add} noValidate aria-label="Add a story">
          <Field label="Story title" value={title} onChange={(event) => setTitle(event.target.value)} error={error} required />
          <Field label="One-line summary" value={summary} maxLength={L.storySummaryChars} error={summaryError} onChange={(event) => setSummary(event.target.value)} />
          <Button type="submit" variant="secondary">Add a story</Button>
        </form>
      )}
    </section>
  );
}
