// How the coach cuts a draft and what it expects of each paragraph: the splitting rule, the limits, the roles
// and the words each role is given.
import { describe, expect, it } from 'vitest';
import { analyseDraft, COACH_MAX_CHARS, COACH_MAX_PARAGRAPHS, COACH_RULES_VERSION, splitParagraphs } from '../../../src/common/coach/index.ts';
import { roleTargets } from '../../../src/common/coach/roles.ts';
import { STRONG_DRAFTS } from '../../fixtures/coachDrafts.ts';

describe('paragraphs', () => {
  it('splits on one or more blank lines (CRLF and whitespace-only lines too), trims, and drops empty ones', () => {
    const draft = '\r\n  First line\none more.  \r\n\r\nSecond.\n \t\n\n\n   \n\nThird.\r\n';
    expect(splitParagraphs(draft)).toEqual(['First line\none more.', 'Second.', 'Third.']);
    const review = analyseDraft({ kind: 'personal', draft });
    expect(review.paragraphs.map((paragraph) => [paragraph.index, paragraph.words])).toEqual([[0, 4], [1, 1], [2, 1]]);
    expect(review.words).toBe(6);
  });

  it('reads at most the limits the API enforces', () => {
    expect(COACH_MAX_PARAGRAPHS).toBe(100);
    expect(COACH_MAX_CHARS).toBe(20_000);
    const many = Array.from({ length: 130 }, (_, i) => `Paragraph ${i}.`).join('\n\n');
    expect(analyseDraft({ kind: 'personal', draft: many }).paragraphs).toHaveLength(100);
    const long = `${'word '.repeat(5000)}\n\nlast`;
    expect(splitParagraphs(long).join('').length).toBeLessThanOrEqual(COACH_MAX_CHARS);
  });

  it('an empty draft has no paragraphs and every dimension missing', () => {
    const review = analyseDraft({ kind: 'personal', draft: ' \n\n \r\n' });
    expect(review.paragraphs).toEqual([]);
    expect(review.words).toBe(0);
    expect(review.wordLimit).toBe(650);
    expect(review.overall.map((finding) => [finding.band, finding.paragraph])).toEqual(Array.from({ length: 5 }, () => ['missing', null]));
  });

  it('keeps the supplemental word limit it is given, and keeps a rules version to store with a review', () => {
    expect(analyseDraft({ kind: 'supplemental', draft: 'Why here.', prompt: 'Why us?', wordLimit: 250 }).wordLimit).toBe(250);
    expect(['string', 'number']).toContain(typeof COACH_RULES_VERSION);
  });
});

describe('roles and their targets', () => {
  it('gives a 650-word narrative 40 % for scene and context, 30 % for the turn, 30 % for reflection and closing', () => {
    expect(roleTargets(['scene', 'context', 'turn', 'reflection', 'closing'], 650)).toEqual([130, 130, 195, 98, 98]);
    expect(roleTargets(['scene', 'turn', 'reflection'], 650)).toEqual([260, 195, 195]);
  });

  it('scales with the word limit and shares a missing group\'s words among the groups present', () => {
    expect(roleTargets(['scene', 'turn', 'reflection'], 300)).toEqual([120, 90, 90]);
    expect(roleTargets(['scene', 'reflection'], 700)).toEqual([400, 300]);
  });

  it('gives an "other" paragraph an even share of the limit', () => {
    expect(roleTargets(['other', 'other'], 250)).toEqual([125, 125]);
    expect(roleTargets(['scene', 'other', 'reflection', 'other'], 400)).toEqual([114, 100, 86, 100]);
    expect(roleTargets([], 650)).toEqual([]);
  });

  it('reads a narrative by its cues: the opening scene, the background, the turn, what it meant, the look forward', () => {
    const roles = STRONG_DRAFTS.map(({ draft }) => analyseDraft({ kind: 'personal', draft }).paragraphs.map((paragraph) => paragraph.role));
    // The bike-shop draft, paragraph by paragraph.
    expect(roles[0]).toEqual(['scene', 'context', 'turn', 'context', 'reflection', 'closing']);
    for (const draftRoles of roles) {
      expect(draftRoles).toContain('context');
      expect(draftRoles).toContain('turn');
      expect(draftRoles).toContain('reflection');
    }
  });

  it('calls a paragraph with no cue at all "other", and a last paragraph without a look forward not a closing', () => {
    const review = analyseDraft({ kind: 'personal', draft: 'Maybe so.\n\nPerhaps not, either way.' });
    expect(review.paragraphs.map((paragraph) => paragraph.role)).toEqual(['other', 'other']);
  });
});
