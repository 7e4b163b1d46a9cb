// The story bank's suggestions from what the student already told the app: the personal statement's topic, the
// questionnaire, the follow-up answers and the coach's drafts, each a title and a one-line summary within the
// bank's limits, so the contract accepts every one.
import { describe, expect, it } from 'vitest';
import { COLLEGE_PLAN_LIMITS } from '../../../src/common/collegePlan/limits.ts';
import { storySchema } from '../../../src/common/collegePlan/schema.ts';
import { emptyFormDocument } from '../../../src/common/questionnaire/formDocumentDefaults.ts';
import type { EssayVersion } from '../../../src/client-core/essayVersions.ts';
import { COACH_SUGGESTIONS_MAX, type StoryMaterial, storySuggestions } from '../../../src/features/collegePlan/storySuggestions.ts';
import { PROFILES } from '../../fixtures/profiles.ts';

const L = COLLEGE_PLAN_LIMITS;
const robotics = PROFILES[0]!;
const version = (at: string, text: string): EssayVersion => ({ id: `v-${at}`, at, kind: 'coach', text });

const material = (over: Partial<StoryMaterial> = {}): StoryMaterial => ({
  profile: robotics.form,
  followUpResponses: robotics.followUpResponses,
  selectedTopic: { prompt: '2', idea: robotics.idea, description: 'The night the arm snapped and the freshmen rebuilt it with me.' },
  coach: { draft: '', versions: {} },
  ...over,
});

describe('the story bank\'s suggestions', () => {
  it('offers the personal statement\'s topic first, then the questionnaire, every follow-up answer and the coach\'s drafts', () => {
    const suggestions = storySuggestions(material({
      coach: {
        draft: 'My unsaved draft about the library.\nIt goes on.',
        versions: {
          'coach-prompt-aaaaaaaaaaaaaaaa': [version('2026-10-02T10:00:00Z', 'Rice’s lab on the third floor. More words.'), version('2026-10-01T10:00:00Z', 'Older text.')],
          'coach-personal': [version('2026-10-03T10:00:00Z', 'The arm hung like a broken wing!')],
        },
      },
    }));
    expect(suggestions[0]).toEqual({ title: robotics.idea, summary: 'The night the arm snapped and the freshmen rebuilt it with me.', source: 'personalStatement' });
    const bySource = (source: string) => suggestions.filter((story) => story.source === source);
    expect(bySource('questionnaire').map((story) => story.title)).toEqual(expect.arrayContaining(['Academic Clubs', 'My role model', 'The Arm']));
    const answers = Object.values(robotics.followUpResponses).filter((answer) => answer.trim() !== '');
    expect(bySource('followUp')).toHaveLength(answers.length);
    expect(bySource('followUp')[0]!.title).toBe('The moment that inspired me most was two in the morning in the pit, when the freshmen stopped waiting for me to fix…');
    expect(bySource('coach').map((story) => story.title)).toEqual([
      'My unsaved draft about the library.', 'The arm hung like a broken wing!', 'Rice’s lab on the third floor.',
    ]);
    expect(bySource('coach')[0]!.summary).toBe('My unsaved draft about the library. It goes on.');
  });

  it('makes every title and summary one line within the bank\'s limits, which the contract accepts', () => {
    const long = `${'A very long sentence without an end '.repeat(20)}\u202e\u200b`;
    const form = emptyFormDocument();
    form.personalInsights.writingSample = { title: `Two\nlines`, text: long };
    const suggestions = storySuggestions(material({ profile: form, selectedTopic: null, followUpResponses: { 'Why?': long }, coach: { draft: long } }));
    expect(suggestions.map((story) => story.source)).toEqual(['questionnaire', 'followUp']);
    expect(suggestions[0]!.title).toBe('Two lines');
    expect(suggestions[1]!.title).toMatch(/^A very long sentence without an end A very .* very…$/);
    for (const story of suggestions) {
      expect([...story.title].length).toBeLessThanOrEqual(L.storyTitleChars);
      expect([...story.summary].length).toBeLessThanOrEqual(L.storySummaryChars);
      expect(story.summary).not.toMatch(/[\u202e\u200b\n]/);
      expect(storySchema.safeParse({ id: 's', ...story }).success).toBe(true);
    }
  });

  it('offers each title once, nothing for empty answers, and only the newest coach essays', () => {
    const versions = Object.fromEntries(Array.from({ length: 15 }, (_, i) => [
      `coach-prompt-${String(i).padStart(16, '0')}`, [version(`2026-10-${String(i + 1).padStart(2, '0')}T00:00:00Z`, `Draft number ${i}.`)],
    ]));
    const suggestions = storySuggestions(material({
      profile: emptyFormDocument(), selectedTopic: null, followUpResponses: { 'First?': '  ', 'Second?': 'Same. Words.', 'Third?': 'Same. Other words.' }, coach: { draft: '', versions },
    }));
    expect(suggestions.filter((story) => story.source === 'followUp')).toEqual([{ title: 'Same.', summary: 'Same. Words.', source: 'followUp' }]);
    const coach = suggestions.filter((story) => story.source === 'coach');
    expect(coach).toHaveLength(COACH_SUGGESTIONS_MAX);
    expect(coach[0]!.title).toBe('Draft number 14.');
  });

  it('titles a draft by its first sentence, where a title or an initial does not end one', () => {
    const suggestions = storySuggestions(material({
      profile: emptyFormDocument(), selectedTopic: null, coach: { draft: '' },
      followUpResponses: { 'Who?': 'Dr. Okafor ran the night class at St. Anne’s. I went every week.' },
    }));
    expect(suggestions.map((story) => story.title)).toEqual(['Dr. Okafor ran the night class at St. Anne’s.']);
  });
});
