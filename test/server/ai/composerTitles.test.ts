// Topic titles name a topic in a few of the student's words, never read their sentence back to them, and the
// description beside a title quotes what the title does not already say.
import { describe, expect, it } from 'vitest';
import { INSIGHT_KEYS } from '../../../src/common/questionnaire/questionnaire.ts';
import { PROMPT_NUMBERS } from '../../../src/common/essay/prompts.ts';
import type { FormDocument } from '../../../src/common/questionnaire/formDocument.ts';
import { createComposer } from '../../../src/server/ai/composer/index.ts';
import { personPhrase, titlePhrase } from '../../../src/server/ai/composer/titles.ts';
import { QUALITY_CASES, type PersonalCase } from '../../fixtures/qualityProfiles.ts';

const words = (text: string): string[] => text.toLowerCase().replaceAll('’', "'").match(/[\p{L}\p{N}']+/gu) ?? [];
const contains = (haystack: string[], needle: string[]): boolean =>
  ` ${haystack.join(' ')} `.includes(` ${needle.join(' ')} `);

/**
 * The student's sentences, cut into clauses at punctuation, that say "I" or "we": what a title must not hand back
 * whole. A phrase of theirs with no subject ("My lab partner Jun", "Coding late at night") names a topic already.
 */
function clausesOf(form: FormDocument): string[][] {
  const prose = [
    ...INSIGHT_KEYS.map((key) => form.personalInsights[key]), form.personalInsights.writingSample.text,
    ...form.activitiesAndInvolvement.activities.map((activity) => activity.description),
  ];
  return prose.flatMap((text) => text.split(/[.,;:!?—–()"“”]+/)).map(words)
    .filter((clause) => clause.length >= 3 && clause.some((word) => /^(?:i|we|i'm|i've|i'd|we're|we've)$/.test(word)));
}

describe('a title phrase from a sentence of the student’s', () => {
  it.each([
    ['Outside school I fold origami, mostly cranes and frogs that jump.', 'Folding origami'],
    ['When Jayden rode past my house on his new bike.', 'Jayden riding past my house'],
    ['I pushed untested code to our robot an hour before a match.', 'Pushing untested code'],
    ['Patience.', 'Patience'],
    // A verb's particle keeps its object: not "Letting a shy dog".
    ['I let a shy dog off the leash too early and she hid under a car.', 'Letting a shy dog off the leash'],
  ])('%j → %j', (sentence, title) => {
    expect(titlePhrase(sentence)?.phrase).toBe(title);
  });

  it('gives two verbs joined by "and" the same form, and stops at a second subject', () => {
    expect(titlePhrase('Built and programmed the arm of our robot.')?.phrase).toBe('Building and programming the arm of our robot');
    expect(titlePhrase('I ran and won the race.')?.phrase).toBe('Running and winning the race');
    expect(titlePhrase('I cook and my sister cleans.')?.phrase).toBe('Cooking');
    // Where the title's words end, so the description can quote what follows them.
    expect(titlePhrase('I ran and won. Then I slept.')?.end).toBe('I ran and won'.length);
  });

  it('names a person without the reason given for them', () => {
    expect(personPhrase('My grandmother, because she is patient with everyone, even me.')?.phrase).toBe('My grandmother');
  });
});

describe('topic suggestions for every harness student', () => {
  const composer = createComposer();
  const personal = QUALITY_CASES.filter((c): c is PersonalCase => c.kind === 'personal');

  it.each(personal)('$name: no title hands back a clause of the student’s, no description quotes its title or opens a quote mid-sentence', async (c) => {
    const topics = await composer.topicSuggestions(c.form);
    const clauses = clausesOf(c.form);
    for (const prompt of PROMPT_NUMBERS) {
      for (const { title, description } of topics[prompt]) {
        const titleWords = words(title);
        expect(clauses.filter((clause) => contains(titleWords, clause)), title).toEqual([]);
        // Three of the title's words in a row, or a title of one or two words whole, is the title said twice.
        const run = Math.min(3, titleWords.length);
        for (const quoted of description.match(/“[^”]*”/g) ?? []) {
          // A quote from the middle of the student's text says so with an ellipsis, never opens on "and…".
          expect(quoted, title).not.toMatch(/^“(?:and|or|but)\b/i);
          for (let i = 0; i + run <= titleWords.length; i += 1) {
            expect(contains(words(quoted), titleWords.slice(i, i + run)), `${title} | ${quoted}`).toBe(false);
          }
        }
      }
    }
  });
});
