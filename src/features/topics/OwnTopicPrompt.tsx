// The seventh Common App prompt, after the six: no suggestions, the student writes their own topic (a title and
// an optional description). Choosing it, or typing in it, records the selected topic {prompt, idea, description};
// Next waits until the title is one the server accepts, and the page says what is wrong with it meanwhile.
import { useState } from 'react';
import { useAppDispatch, useAppSelector } from '../../app/hooks.ts';
import {
  OWN_TOPIC_PROMPT, OWN_TOPIC_PROMPT_NUMBER, isOwnTopicPrompt, OWN_TOPIC_TITLE_MAX_CHARS, ownTopicTitleProblem,
} from '../../common/essay/prompts.ts';
import { TOPIC_DESCRIPTION_MAX_CHARS } from '../../common/limits/limits.ts';
import { Field, TextAreaField } from '../../ui/index.ts';
import { selectSelectedTopic, topicSelected } from './topicsSlice.ts';

export function OwnTopicPrompt() {
  const dispatch = useAppDispatch();
  const selected = useAppSelector(selectSelectedTopic);
  const chosen = selected !== null && isOwnTopicPrompt(selected.prompt);
  // What the student wrote stays here while they look at a suggestion, so coming back does not lose it. It
  // follows the chosen own topic wherever that comes from: typed here, or read back after the page first showed.
  const [draft, setDraft] = useState({ idea: '', description: '' });
  if (chosen && (draft.idea !== selected.idea || draft.description !== selected.description)) {
    setDraft({ idea: selected.idea, description: selected.description });
  }
  const [touched, setTouched] = useState(false);

  const record = (next: { idea: string; description: string }) => {
    setDraft(next);
    dispatch(topicSelected({ prompt: OWN_TOPIC_PROMPT, ...next }));
  };
  const problem = chosen ? ownTopicTitleProblem(selected.idea) : null;

  return (
    <fieldset className="prompt-card">
      <legend className="prompt-card__legend">Prompt {OWN_TOPIC_PROMPT_NUMBER}</legend>
      <p className="prompt-card__text">{OWN_TOPIC_PROMPT}</p>
      <label className="topic-option own-topic__choice">
        <input
          type="radio"
          name="topic"
          value={`${OWN_TOPIC_PROMPT_NUMBER}:own`}
          checked={chosen}
          onChange={() => record(draft)}
        />
        <span>
          <span className="topic-option__title">Write about a topic of my own</span>
          <span className="topic-option__text">No suggestions here: you name the topic and, if you like, say what it is about.</span>
        </span>
      </label>
      {chosen && (
        <div className="own-topic">
          <Field
            label="Your topic title"
            required
            value={selected.idea}
            maxLength={OWN_TOPIC_TITLE_MAX_CHARS}
            hint={`A few words, up to ${OWN_TOPIC_TITLE_MAX_CHARS} characters.`}
            error={touched && problem !== null ? `Your topic title ${problem}.` : null}
            onBlur={() => setTouched(true)}
            onChange={(event) => record({ idea: event.target.value, description: selected.description })}
          />
          <TextAreaField
            label="What your topic is about (optional)"
            rows={3}
            value={selected.description}
            maxLength={TOPIC_DESCRIPTION_MAX_CHARS}
            onChange={(event) => record({ idea: selected.idea, description: event.target.value })}
          />
        </div>
      )}
    </fieldset>
  );
}
