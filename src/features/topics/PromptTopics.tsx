// One Common App prompt and the topic suggestions already generated for it, as a radio group:
// choosing one records the selected topic {prompt, idea, description}.
import { useAppDispatch, useAppSelector } from '../../app/hooks.ts';
import { COMMON_APP_PROMPTS } from '../../common/essay/prompts.ts';
import type { PromptNumber } from '../../common/essay/prompts.ts';
import { selectSelectedTopic, selectTopicSuggestions, topicSelected } from './topicsSlice.ts';

export function PromptTopics({ number }: { number: PromptNumber }) {
  const dispatch = useAppDispatch();
  const prompt = COMMON_APP_PROMPTS[number];
  const suggestions = useAppSelector(selectTopicSuggestions)[number] ?? [];
  const selected = useAppSelector(selectSelectedTopic);

  return (
    <fieldset className="prompt-card">
      <legend className="prompt-card__legend">Prompt {number}</legend>
      <p className="prompt-card__text">{prompt}</p>
      {suggestions.length > 0 && (
        <ul className="topic-options">
          {suggestions.map((suggestion) => (
            <li key={suggestion.title}>
              <label className="topic-option">
                <input
                  type="radio"
                  name="topic"
                  value={`${number}:${suggestion.title}`}
                  checked={selected?.prompt === prompt && selected.idea === suggestion.title}
                  onChange={() => dispatch(topicSelected({
                    prompt, idea: suggestion.title, description: suggestion.description,
                  }))}
                />
                <span>
                  <span className="topic-option__title">{suggestion.title}</span>
                  <span className="topic-option__text">{suggestion.description}</span>
                </span>
              </label>
            </li>
          ))}
        </ul>
      )}
    </fieldset>
  );
}
