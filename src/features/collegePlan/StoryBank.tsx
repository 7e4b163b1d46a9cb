// The story bank: the student's stories, each a title and a one-line summary, drawn from what they already told
// the app (their activities, their answers about themselves, their writing sample) or written here. A prompt is
// assigned one from its own list.
import { type FormEvent, useState } from 'react';
import { useAppDispatch, useAppSelector } from '../../app/hooks.ts';
import { COLLEGE_PLAN_LIMITS } from '../../common/collegePlan/schema.ts';
import { ACTIVITY_CATEGORY_LABELS } from '../../common/questionnaire/questionnaire.ts';
import { codePointLength, cutToCodePoints } from '../../common/text/codePoints.ts';
import { Button, Field } from '../../ui/index.ts';
import { selectProfile } from '../wizard/index.ts';
import { type Story, storyAdded, storyRemoved } from './collegePlanSlice.ts';
import { newId } from './newId.ts';

const L = COLLEGE_PLAN_LIMITS;
const oneLine = (text: string, max: number): string => cutToCodePoints(text.replace(/\s+/g, ' ').trim(), max);

type Suggestion = Pick<Story, 'title' | 'summary' | 'source'>;

/** Stories from the questionnaire: each activity, each answer about the student, the writing sample. */
function suggestionsFrom(profile: ReturnType<typeof selectProfile>): Suggestion[] {
  const activities = profile.activitiesAndInvolvement.activities.flatMap((activity): Suggestion[] => {
    const name = activity.category === 'other' ? activity.otherCategory : activity.category === '' ? '' : ACTIVITY_CATEGORY_LABELS[activity.category];
    if (name.trim() === '' && activity.description.trim() === '') return [];
    return [{ title: oneLine(name || activity.description, L.storyTitleChars), summary: oneLine(activity.description, L.storySummaryChars), source: 'questionnaire' }];
  });
  const insights = profile.personalInsights;
  const answers: Array<[string, string]> = [
    ['What makes me happy', insights.happy], ['My role model', insights.roleModel], ['A lesson I learned', insights.lesson],
    ['My hobby', insights.hobby], ['What makes me unique', insights.unique],
  ];
  const told = answers.filter(([, text]) => text.trim() !== '')
    .map(([title, text]): Suggestion => ({ title, summary: oneLine(text, L.storySummaryChars), source: 'questionnaire' }));
  const sample = insights.writingSample;
  const writing: Suggestion[] = sample.title.trim() === '' ? [] : [{ title: oneLine(sample.title, L.storyTitleChars), summary: oneLine(sample.text, L.storySummaryChars), source: 'questionnaire' }];
  return [...activities, ...told, ...writing];
}

export function StoryBank({ stories }: { stories: readonly Story[] }) {
  const dispatch = useAppDispatch();
  const profile = useAppSelector(selectProfile);
  const [title, setTitle] = useState('');
  const [summary, setSummary] = useState('');
  const [error, setError] = useState<string | null>(null);
  const full = stories.length >= L.stories;
  const known = new Set(stories.map((story) => story.title));
  const suggestions = suggestionsFrom(profile).filter((suggestion) => !known.has(suggestion.title));

  const add = (event: FormEvent) => {
    event.preventDefault();
    const cleanTitle = oneLine(title, Infinity);
    if (cleanTitle === '' || codePointLength(cleanTitle) > L.storyTitleChars) {
      setError(cleanTitle === '' ? 'Give the story a title.' : `Keep the title to ${L.storyTitleChars} characters.`);
      return;
    }
    dispatch(storyAdded({ id: newId(), title: cleanTitle, summary: oneLine(summary, L.storySummaryChars), source: 'own' }));
    setTitle('');
    setSummary('');
    setError(null);
  };

  return (
    <section className="story-bank" aria-labelledby="story-bank-title">
      <h2 id="story-bank-title">Story bank</h2>
      <p>Each college should hear a different part of your story. Assign a story to each prompt below.</p>
      {stories.length > 0 && (
        <ul aria-label="Your stories">
          {stories.map((story) => (
            <li key={story.id}>
              <strong>{story.title}</strong>{story.summary && <>: {story.summary}</>}
              {' '}<Button variant="ghost" onClick={() => dispatch(storyRemoved(story.id))}>Remove story {story.title}</Button>
            </li>
          ))}
        </ul>
      )}
      {!full && suggestions.length > 0 && (
        <ul aria-label="From what you told us">
          {suggestions.slice(0, 10).map((suggestion) => (
            <li key={`${suggestion.title}-${suggestion.summary}`}>
              {suggestion.title}{suggestion.summary && <>: {suggestion.summary}</>}
              {' '}<Button variant="secondary" onClick={() => dispatch(storyAdded({ id: newId(), ...suggestion }))}>Add story {suggestion.title}</Button>
            </li>
          ))}
        </ul>
      )}
      {full ? <p>Your story bank holds {L.stories} stories, the most it may hold.</p> : (
        <form onSubmit={add} noValidate aria-label="Add a story">
          <Field label="Story title" value={title} onChange={(event) => setTitle(event.target.value)} error={error} required />
          <Field label="One-line summary" value={summary} maxLength={L.storySummaryChars} onChange={(event) => setSummary(event.target.value)} />
          <Button type="submit" variant="secondary">Add a story</Button>
        </form>
      )}
    </section>
  );
}
