// Topic suggestions for all six prompts: up to three built from the student's profile, topped up with honest
// suggestions that say which detail to add when the profile is too thin to build two.
import { INSIGHT_QUESTIONS, PROMPT_NUMBERS, type PromptNumber } from '../../../shared/constants.ts';
import { TOPIC_DESCRIPTION_MAX_CHARS, TOPIC_TITLE_MAX_CHARS, type TopicSuggestion } from '../../../shared/formDocument.ts';
import type { TopicSuggestionsByPrompt } from '../port.ts';
import type { StudentProfile } from '../profile.ts';
import type { Chooser } from './random.ts';
import { fitChars } from './text.ts';
import { TOPIC_BUILDERS } from './topicCandidates.ts';

const MAX_SUGGESTIONS = 3;
const MIN_SUGGESTIONS = 2;

const ask = (key: keyof typeof INSIGHT_QUESTIONS): string => `“${INSIGHT_QUESTIONS[key]}”`;

function fallbacks(prompt: PromptNumber, p: StudentProfile): TopicSuggestion[] {
  const field = p.majors[0] ?? p.subjects[0];
  const then = 'and regenerate: the suggestions will then be built from your own answers.';
  const byField: TopicSuggestion | null = field ? {
    '1': { title: `What ${field} says about who I am`, description: `Your profile lists ${field}. Add a moment when ${field} mattered to you outside class, in Activities & Involvement or Personal Insights, ${then}` },
    '2': { title: `The hardest thing ${field} asked of me`, description: `Your profile lists ${field}. Think of a time it went badly and what you did next; add it to ${ask('lesson')} ${then}` },
    '3': { title: `Questioning an assumption in ${field}`, description: `Your profile lists ${field}. Name one idea there you once took for granted; add activities or insights about it ${then}` },
    '4': { title: `The person who opened ${field} up for me`, description: `Your profile lists ${field}. Was there a teacher or someone at home who made it click? Answer ${ask('roleModel')} ${then}` },
    '5': { title: `The moment ${field} clicked`, description: `Your profile lists ${field}. Add the accomplishment or realisation that changed how you see it, in Activities & Involvement or Personal Insights, ${then}` },
    '6': { title: `Why ${field} makes me lose track of time`, description: `Your profile lists ${field}. Answer ${ask('hobby')} to say what pulls you in, ${then}` },
  }[prompt] : null;
  const generic: Record<PromptNumber, TopicSuggestion> = {
    '1': { title: 'The story my application would be incomplete without', description: `Your profile has no activities or personal insights yet. Answer ${ask('unique')} ${then}` },
    '2': { title: 'A time things went wrong, and what I did next', description: `Answer ${ask('lesson')} or add an activity where something went wrong, ${then}` },
    '3': { title: 'An idea I stopped taking for granted', description: `Think of a belief you once held and changed. Add it to ${ask('unique')} ${then}` },
    '4': { title: 'Someone who did more for me than they know', description: `Answer ${ask('roleModel')} ${then}` },
    '5': { title: 'The moment I realised I had grown', description: `Add an activity with a role you took on, or answer ${ask('happy')} ${then}` },
    '6': { title: 'The rabbit hole I keep going back to', description: `Answer ${ask('hobby')} ${then}` },
  };
  const more: Record<PromptNumber, TopicSuggestion> = {
    '1': { title: 'Something I do that nobody asked me to', description: `Add an activity you chose for yourself in Activities & Involvement, with a sentence about what you do, ${then}` },
    '2': { title: 'The hardest week of my year', description: `Add an activity where things got hard, with a sentence about what happened, ${then}` },
    '3': { title: 'A time I changed my mind', description: `Answer ${ask('lesson')} with what you believed before and after, ${then}` },
    '4': { title: 'A small kindness I still think about', description: `Answer ${ask('happy')} ${then}` },
    '5': { title: 'Something I built, led or finished', description: `Add an activity with your role and what you achieved, ${then}` },
    '6': { title: 'The subject I would study for free', description: `Add your favourite subjects and intended majors in Academic Information, ${then}` },
  };
  return [byField, generic[prompt], more[prompt]].filter((s): s is TopicSuggestion => s !== null);
}

function forPrompt(prompt: PromptNumber, profile: StudentProfile, chooser: Chooser): TopicSuggestion[] {
  const built = TOPIC_BUILDERS[prompt]
    .map((build) => build(profile))
    .filter((s): s is TopicSuggestion => s !== null);
  const seen = new Set<string>();
  const unique = chooser.shuffle(built).filter((s) => !seen.has(s.title) && seen.add(s.title));
  const chosen = unique.slice(0, MAX_SUGGESTIONS);
  for (const extra of fallbacks(prompt, profile)) {
    if (chosen.length >= MIN_SUGGESTIONS) break;
    if (!seen.has(extra.title)) chosen.push(extra);
  }
  // A name or answer at its own limit can make a sentence longer than a suggestion's field allows.
  return chosen.map((s) => ({ title: fitChars(s.title, TOPIC_TITLE_MAX_CHARS), description: fitChars(s.description, TOPIC_DESCRIPTION_MAX_CHARS) }));
}

export function composeTopics(profile: StudentProfile, chooser: Chooser): TopicSuggestionsByPrompt {
  return Object.fromEntries(
    PROMPT_NUMBERS.map((prompt) => [prompt, forPrompt(prompt, profile, chooser)]),
  ) as TopicSuggestionsByPrompt;
}
