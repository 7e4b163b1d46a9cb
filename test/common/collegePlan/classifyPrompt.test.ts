// The prompt classifier against the labelled corpus (labels written before the rules), and its stated rules one
// by one. The misses are listed by prompt, with why: a new miss, or a listed one the rules now get right, fails.
import { describe, expect, it } from 'vitest';
import { classifyPrompt, SHORT_ANSWER_UNDER_WORDS } from '../../../src/common/collegePlan/classifyPrompt.ts';
import { PROMPT_TYPES, PROMPT_TYPE_NAMES, type PromptType } from '../../../src/common/collegePlan/promptTypes.ts';
import { COLLEGE_PROMPTS } from '../../fixtures/collegePrompts.ts';

/** The corpus prompts typed otherwise than labelled, by their opening words, with the type given and why. */
const EXPECTED_MISSES: ReadonlyArray<{ opening: string; typed: PromptType; why: string }> = [
  {
    opening: 'Describe how you plan to pursue your academic interests and why you want to explore them at USC',
    typed: 'whyMajor',
    why: 'asks why USC but through the majors; "at USC specifically" is no why-us cue, so the major words decide',
  },
  {
    opening: 'Everyone belongs to many different communities',
    typed: 'curiosity',
    why: '"intellectual heritage" in its list of kinds of community reads as a curiosity cue, tried before community',
  },
];

const missFor = (text: string) => EXPECTED_MISSES.find(({ opening }) => text.startsWith(opening));

describe('the labelled corpus', () => {
  it('holds at least 80 prompts, each labelled with a known type and noting the page it models', () => {
    expect(COLLEGE_PROMPTS.length).toBeGreaterThanOrEqual(80);
    for (const prompt of COLLEGE_PROMPTS) {
      const label: PromptType = prompt.label;
      expect(PROMPT_TYPES).toContain(label);
      expect(prompt.models).toMatch(/^https:\/\/[a-z0-9.-]+\.[a-z]+\//);
    }
    // Every type is represented, so none is judged on nothing.
    expect(new Set(COLLEGE_PROMPTS.map(({ label }) => label))).toEqual(new Set(PROMPT_TYPES));
  });

  it('names each listed miss once, and each is a corpus prompt', () => {
    for (const { opening } of EXPECTED_MISSES) {
      expect(COLLEGE_PROMPTS.filter(({ text }) => text.startsWith(opening))).toHaveLength(1);
    }
  });

  it.each(COLLEGE_PROMPTS.map((prompt) => [prompt.text.slice(0, 60), prompt] as const))('types %s… as expected', (_opening, prompt) => {
    const expected = missFor(prompt.text)?.typed ?? prompt.label;
    expect(classifyPrompt(prompt).type).toBe(expected);
  });

  it('types at least 90 % of the corpus as labelled', () => {
    const right = COLLEGE_PROMPTS.filter((prompt) => classifyPrompt(prompt).type === prompt.label).length;
    expect(right / COLLEGE_PROMPTS.length).toBeGreaterThanOrEqual(0.9);
    expect(COLLEGE_PROMPTS.length - right).toBe(EXPECTED_MISSES.length);
  });
});

describe('classifyPrompt', () => {
  it('gives a one-line reason: what the type asks, and the words that said so', () => {
    expect(classifyPrompt({ text: 'In short, "Why Tufts?"', wordLimit: 150 })).toEqual({
      type: 'whyUs', reason: 'Asks why you want to attend this college (“Why Tufts”)',
    });
    for (const prompt of COLLEGE_PROMPTS) expect(classifyPrompt(prompt).reason).not.toMatch(/\n/);
  });

  it('quotes the cue with its spaces evened out and at most 40 characters', () => {
    const { reason } = classifyPrompt({ text: 'What   led\nyou to apply?', wordLimit: 200 });
    expect(reason).toBe('Asks why you want to attend this college (“led you to apply”)');
  });

  it(`calls a prompt with no cue and a limit under ${SHORT_ANSWER_UNDER_WORDS} words a Short answer`, () => {
    const text = 'What is your favorite word, and why?';
    expect(classifyPrompt({ text, wordLimit: SHORT_ANSWER_UNDER_WORDS - 1 }).type).toBe('shortAnswer');
    expect(classifyPrompt({ text, wordLimit: SHORT_ANSWER_UNDER_WORDS }).type).toBe('other');
    expect(classifyPrompt({ text, wordLimit: null })).toEqual({ type: 'other', reason: 'None of the types\' cues: an open or unusual question' });
  });

  it('lets a cue beat a short limit', () => {
    expect(classifyPrompt({ text: 'Briefly describe one extracurricular you love.', wordLimit: 50 }).type).toBe('activity');
  });

  it('tries why-us before the major and the community a why-us prompt mentions', () => {
    expect(classifyPrompt({ text: 'Why Vassar? Mention the majors or community you would join.', wordLimit: 200 }).type).toBe('whyUs');
    expect(classifyPrompt({ text: 'Mention the majors you would study.', wordLimit: 200 }).type).toBe('whyMajor');
  });

  it('reads "why" before a word that is no name as no why-us cue', () => {
    expect(classifyPrompt({ text: 'Why are you drawn to your intended major?', wordLimit: 200 }).type).toBe('whyMajor');
  });

  it('files identity words before community, and softer "perspective" words after activities and challenges', () => {
    expect(classifyPrompt({ text: 'How has your identity shaped what you bring to our community?', wordLimit: 250 }).type).toBe('identity');
    expect(classifyPrompt({ text: 'What perspective would you bring to our community?', wordLimit: 250 }).type).toBe('community');
    expect(classifyPrompt({ text: 'How has a setback shaped your perspective?', wordLimit: 250 }).type).toBe('challenge');
    expect(classifyPrompt({ text: 'How has your perspective changed this year?', wordLimit: 250 }).type).toBe('identity');
  });

  it('has a name for every type', () => {
    expect(Object.keys(PROMPT_TYPE_NAMES).sort()).toEqual([...PROMPT_TYPES].sort());
    expect(PROMPT_TYPE_NAMES.curiosity).toBe('Intellectual curiosity');
  });
});
