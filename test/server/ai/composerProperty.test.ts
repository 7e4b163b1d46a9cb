// A property test over generated students: random mixes of fields, lengths and unicode, with template
// leftovers and runaway words mixed in. In 1,000 drafts (500 personal statements, 500 supplementals) the
// composer never leaves a seam, junk or an empty paragraph, and never runs past its limit, on every prompt
// (under the seventh, with the student's own topic description as material).
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { activityFacts, activityStory } from '../../../src/server/ai/composer/activities.ts';
import { createComposer } from '../../../src/server/ai/composer/index.ts';
import { collectText } from '../../../src/server/ai/port.ts';
import {
  ACTIVITY_CATEGORIES, HOURS_PER_WEEK, MAJOR_CATEGORIES, SCHOOL_YEARS, SUBJECTS,
} from '../../../src/common/questionnaire/questionnaire.ts';
import { ALL_PROMPT_NUMBERS, ALL_PROMPTS, DEFAULT_FOLLOWUP_QUESTIONS } from '../../../src/common/essay/prompts.ts';
import { ESSAY_WORD_LIMIT } from '../../../src/common/limits/limits.ts';
import { type FormDocument } from '../../../src/common/questionnaire/formDocument.ts';
import { emptyFormDocument } from '../../../src/common/questionnaire/formDocumentDefaults.ts';
import { countWords } from '../../../src/common/text/wordCount.ts';
import { measure } from './essayQuality.ts';

const VOCAB = [
  'I', 'my', 'we', 'the', 'a', 'grandmother', 'robot', 'kitchen', 'when', 'because', 'learned', 'built', 'ran',
  'Outside', 'school', 'love', 'moment', 'first', 'time', 'hardest', 'part', 'was', 'team', 'library', 'Ms.', 'Ortiz',
  'Zoë', 'café', 'São', 'Paulo', '東京', 'друзья', 'mañana', '🎉', 'really', 'very', 'fold', 'paper', 'and', 'then', '3,200',
  'cans', 'at', '5', 'a.m.', 'Seeing', 'Taught', 'Elected', 'volunteer', 'undefined', '{{name}}', '${x}', '[object Object]',
  'null', '<b>', 'x'.repeat(60), '—', '"quoted"', 'it’s',
];

const word = fc.constantFrom(...VOCAB);
const sentence = fc.tuple(fc.array(word, { minLength: 1, maxLength: 16 }), fc.constantFrom('.', '!', '?', '', '...'))
  .map(([words, end]) => `${words.join(' ')}${end}`);
const prose = fc.array(sentence, { minLength: 1, maxLength: 7 }).map((sentences) => sentences.join(' '));
const text = fc.oneof(
  { weight: 2, arbitrary: fc.constant('') },
  { weight: 5, arbitrary: prose },
  { weight: 1, arbitrary: fc.string({ unit: 'grapheme', maxLength: 120 }) },
  { weight: 1, arbitrary: fc.tuple(prose, fc.string({ unit: 'binary', maxLength: 40 })).map(([a, b]) => `${a} ${b}`) },
);
const short = fc.oneof(fc.constant(''), fc.array(word, { minLength: 1, maxLength: 4 }).map((w) => w.join(' ')));

const activity = fc.record({
  category: fc.constantFrom('' as const, ...ACTIVITY_CATEGORIES),
  otherCategory: short,
  years: fc.subarray([...SCHOOL_YEARS]),
  leadership: short,
  description: text,
  hoursPerWeek: fc.constantFrom('' as const, ...HOURS_PER_WEEK),
});

const student = fc.record({
  // The questionnaire offers subjects and majors as choices; a few students type their own.
  subjects: fc.array(fc.oneof(fc.constantFrom(...SUBJECTS), fc.constantFrom('Música', 'Ökonomie', '数学')), { maxLength: 3 }),
  majors: fc.array(fc.oneof(fc.constantFrom(...MAJOR_CATEGORIES), fc.constantFrom('Marine Biology', 'Études françaises')), { maxLength: 2 }),
  collegeTypes: fc.array(fc.constantFrom('Public University', 'Liberal Arts College', 'Community College'), { maxLength: 2 }),
  specificColleges: fc.array(fc.constantFrom('Georgia Tech', 'Oberlin College', 'Universidad de Chile'), { maxLength: 2 }),
  activities: fc.array(activity, { maxLength: 5 }),
  insights: fc.record({ happy: text, roleModel: text, lesson: text, hobby: text, unique: text }),
  sample: text,
  answers: fc.array(text, { minLength: 7, maxLength: 7 }),
  prompt: fc.constantFrom(...ALL_PROMPT_NUMBERS),
  idea: short,
  /** Under the seventh prompt, the student's own words about their topic. */
  topicDescription: text,
  essayPrompt: fc.constantFrom(
    'Why Georgia Tech? Describe what you would contribute to our campus.', 'Why do you want to study your intended major?',
    'Describe a community you belong to.', 'Tell us about a challenge you overcame.', 'Anything else?', '{{prompt}}',
  ),
  wordCount: fc.integer({ min: 50, max: 650 }),
  variant: fc.integer({ min: 0, max: 5 }),
});

type Student = typeof student extends fc.Arbitrary<infer T> ? T : never;

function formOf(s: Student): FormDocument {
  const form = emptyFormDocument();
  form.academics = { classRank: 'Top 10%', gpa: '', subjects: s.subjects, majors: s.majors };
  form.collegeGoals = { collegeTypes: s.collegeTypes, specificColleges: s.specificColleges };
  form.activitiesAndInvolvement.activities = s.activities;
  form.personalInsights = { ...s.insights, writingSample: { title: '', text: s.sample } };
  form.followUpResponses = Object.fromEntries(DEFAULT_FOLLOWUP_QUESTIONS.map((q, i) => [q, s.answers[i] ?? '']));
  form.selectedTopic = { prompt: ALL_PROMPTS[s.prompt], idea: s.idea, description: s.prompt === '7' ? s.topicDescription : '' };
  return form;
}

const composer = createComposer();

/** What no draft may hold, whatever the student typed: junk, an empty paragraph, a doubled seam. */
function expectClean(essay: string, source: string): void {
  const q = measure(essay, { studentText: source, planted: [] });
  expect(q.junk).toEqual([]);
  expect(essay).not.toMatch(/\n\s*\n\s*\n/);
  expect(essay === '' || essay.split('\n\n').every((paragraph) => paragraph.trim() !== '')).toBe(true);
  expect(q.seams).toEqual([]);
}

describe('the composer on 1,000 generated students', () => {
  it('never leaves a seam, junk or an empty paragraph, and stays within the limit', async () => {
    await fc.assert(fc.asyncProperty(student, async (s) => {
      const form = formOf(s);
      const source = JSON.stringify([form, s.idea]);
      const essay = await collectText(composer.essay({ form, prompt: s.prompt, idea: s.idea, followUpResponses: form.followUpResponses, variant: s.variant }));
      expectClean(essay, source);
      expect(countWords(essay)).toBeLessThanOrEqual(ESSAY_WORD_LIMIT);
      const supplemental = await collectText(composer.supplementalEssay({ form, essayPrompt: s.essayPrompt, wordCount: s.wordCount, variant: s.variant }));
      expectClean(supplemental, source);
      expect(countWords(supplemental)).toBeLessThanOrEqual(s.wordCount);
    }), { numRuns: 500, seed: 20261124 });
  // A thousand essays: about 5 s of CPU alone, and npm test runs it beside the build, lint and type-check.
  }, 120_000);
});

// Activity descriptions as an activities list holds them: phrases without a verb, verb-led fragments, a trailing
// "every Saturday", full sentences, in any order. Each part has a place in the draft, so none may be dropped.
const FRAGMENT_WORDS = ['weekend', 'bike', 'repair', 'kennel', 'shelter', 'register', 'Fridays', 'robotics', 'soccer', 'kids', 'block', 'neighbourhood', 'captain', 'treasurer'];
const tail = fc.array(fc.constantFrom(...FRAGMENT_WORDS, 'on', 'the', 'for', 'my', 'at', 'and'), { minLength: 1, maxLength: 8 }).map((w) => w.join(' '));
const part = fc.oneof(
  tail.map((t) => `${t.charAt(0).toUpperCase()}${t.slice(1)}.`),
  fc.tuple(fc.constantFrom('Running', 'Fixing', 'Teaching', 'Cleaning'), tail).map(([lead, t]) => `${lead} ${t}.`),
  fc.tuple(fc.constantFrom('Help', 'Helps', 'Teach', 'Fixed', 'Organized', 'Built'), tail).map(([lead, t]) => `${lead} ${t}.`),
  fc.tuple(fc.constantFrom('Every Saturday', 'On weekends', 'Because my mom asked', 'After school'), tail).map(([lead, t]) => `${lead} ${t}.`),
  fc.tuple(fc.constantFrom('I love', 'We meet', 'Kids come to'), tail).map(([lead, t]) => `${lead} ${t}.`),
);
const fragmentActivity = fc.record({
  name: fc.constantFrom('', 'Hackathons', 'Bike shop'),
  category: fc.constantFrom('' as const, ...ACTIVITY_CATEGORIES),
  leadership: fc.oneof(fc.constant(''), fc.array(part, { minLength: 1, maxLength: 2 }).map((p) => p.join(' '))),
  description: fc.array(part, { minLength: 1, maxLength: 5 }).map((p) => p.join(' ')),
  years: fc.subarray([...SCHOOL_YEARS]),
  hoursPerWeek: fc.constantFrom('' as const, ...HOURS_PER_WEEK),
});

describe('activities described in fragments', () => {
  it('are told in whole sentences that keep every word of the description and the role, with no doubled seam', () => {
    fc.assert(fc.property(fragmentActivity, fc.constantFrom<'full' | 'years' | 'none'>('full', 'years', 'none'), (activity, detail) => {
      const sentences = [...activityFacts(activity, detail), ...activityStory(activity)];
      const told = sentences.join(' ');
      for (const sentence of sentences) expect(sentence).toMatch(/^\p{Lu}.*[.!?]$/u);
      const said = told.toLowerCase();
      for (const word of `${activity.description} ${activity.leadership}`.toLowerCase().match(/\p{L}{4,}/gu) ?? []) {
        // "Helps" is said as "I help": the person changes, the word stays.
        expect(said.includes(word) || said.includes(word.replace(/s$/, ''))).toBe(true);
      }
      expect(measure(told, { studentText: JSON.stringify(activity), planted: [] }).seams).toEqual([]);
    }), { numRuns: 1000, seed: 20261124 });
  });
});
