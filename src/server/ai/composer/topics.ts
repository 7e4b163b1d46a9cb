// Topic suggestions for all six prompts: up to three built from the student's profile, topped up with honest
// suggestions that say which detail to add when the profile is too thin to build two.
import { INSIGHT_QUESTIONS } from '../../../common/questionnaire/questionnaire.ts';
import { PROMPT_NUMBERS, type PromptNumber } from '../../../common/essay/prompts.ts';
import { TOPIC_DESCRIPTION_MAX_CHARS, TOPIC_TITLE_MAX_CHARS } from '../../../common/limits/limits.ts';
import type { TopicSuggestion } from '../../../common/questionnaire/formDocument.ts';
import { repairedOneLine } from '../../../common/text/oneLine.ts';
import type { TopicSuggestionsByPrompt } from '../port.ts';
import type { StudentProfile } from '../profile.ts';
import type { Chooser } from './random.ts';
import { fitChars } from './text.ts';
import { TOPIC_BUILDERS, type Candidate } from './topicCandidates.ts';

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

const isActivity = (c: Candidate): boolean => /^(?:activity|role):/.test(c.source);

/**
 * Suggestions for all six prompts. No title repeats across the prompts and no two prompts draw on the same
 * detail (an insight answer, an activity, a role, the writing sample…): the first two ideas of every prompt are
 * a matching of prompts to details (augmenting paths, so one prompt's choice never leaves another without), the
 * third comes from what is left. Only when the profile has fewer details than the prompts need does a prompt get
 * a second angle on a detail another prompt uses, and with nothing left, an honest "add this" idea.
 */
export function composeTopics(profile: StudentProfile, chooser: Chooser): TopicSuggestionsByPrompt {
  const pools = new Map(PROMPT_NUMBERS.map((prompt) => {
    const shuffled = chooser.shuffle(TOPIC_BUILDERS[prompt].flatMap((build) => build(profile) ?? []));
    // Ideas about what the student does come first for a prompt's first idea, the rest first for its second.
    return [prompt, [
      [...shuffled.filter(isActivity), ...shuffled.filter((c) => !isActivity(c))],
      [...shuffled.filter((c) => !isActivity(c)), ...shuffled.filter(isActivity)],
    ]] as const;
  }));
  const slots = PROMPT_NUMBERS.flatMap((prompt) => [0, 1].map((k) => ({ prompt, k, pick: undefined as Candidate | undefined })));
  const holder = new Map<string, number>();
  const assign = (slot: number, visited: Set<string>): boolean => {
    const { prompt, k } = slots[slot] as (typeof slots)[number];
    for (const candidate of pools.get(prompt)?.[k] ?? []) {
      if (visited.has(candidate.source)) continue;
      visited.add(candidate.source);
      const other = holder.get(candidate.source);
      if (other === undefined || assign(other, visited)) {
        holder.set(candidate.source, slot);
        (slots[slot] as (typeof slots)[number]).pick = candidate;
        return true;
      }
    }
    return false;
  };
  slots.forEach((_, slot) => assign(slot, new Set()));

  const chosen = new Map<PromptNumber, TopicSuggestion[]>(PROMPT_NUMBERS.map((prompt) => [prompt, []]));
  const titles = new Set<string>();
  const sources = new Set<string>();
  const take = (prompt: PromptNumber, candidate: Candidate): void => {
    if (titles.has(candidate.title)) return;
    chosen.get(prompt)?.push({ title: candidate.title, description: candidate.description });
    titles.add(candidate.title);
    sources.add(candidate.source);
  };
  for (const { prompt, pick } of slots) if (pick) take(prompt, pick);
  for (const prompt of PROMPT_NUMBERS) {
    const third = pools.get(prompt)?.[0].find((c) => !titles.has(c.title) && !sources.has(c.source));
    if (third && (chosen.get(prompt)?.length ?? 0) < MAX_SUGGESTIONS) take(prompt, third);
  }
  for (const prompt of PROMPT_NUMBERS) {
    const list = chosen.get(prompt) ?? [];
    // More prompts than details: a second angle on a detail of the student's beats asking for what they gave.
    for (const again of pools.get(prompt)?.[0] ?? []) {
      if (list.length >= MIN_SUGGESTIONS) break;
      if (titles.has(again.title)) continue;
      list.push({ title: again.title, description: again.description });
      titles.add(again.title);
    }
    for (const extra of fallbacks(prompt, profile)) {
      if (list.length >= MIN_SUGGESTIONS) break;
      if (titles.has(extra.title)) continue;
      list.push(extra);
      titles.add(extra.title);
    }
  }
  // A name or answer at its own limit can make a sentence longer than a suggestion's field allows. A title quotes
  // the student's words, so it is made one line like any topic idea (and two that end up alike show once).
  const shown = new Set<string>();
  const fitted = (list: TopicSuggestion[]): TopicSuggestion[] => list.flatMap((s) => {
    const title = repairedOneLine(fitChars(s.title, TOPIC_TITLE_MAX_CHARS), TOPIC_TITLE_MAX_CHARS);
    if (title === '' || shown.has(title)) return [];
    shown.add(title);
    return [{ title, description: fitChars(s.description, TOPIC_DESCRIPTION_MAX_CHARS) }];
  });
  return Object.fromEntries(PROMPT_NUMBERS.map((prompt) => [prompt, fitted(chosen.get(prompt) ?? [])])) as TopicSuggestionsByPrompt;
}
