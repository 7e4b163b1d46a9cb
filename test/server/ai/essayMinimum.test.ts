// The minimum the composer states: a student whose material is at MATERIAL_FOR_MINIMUM_WORDS (the figure the
// page uses to say a draft will be short) gets a personal statement of at least 250 words in the ordinary flow.
// Every harness student is cut down to just that much of their own writing, in several orders, and taken
// through topic suggestions, follow-up questions and the essay for every prompt.
import { describe, expect, it } from 'vitest';
import { MATERIAL_FOR_MINIMUM_WORDS, materialIsShort, essayMaterial } from '../../../src/common/essay/essayMaterial.ts';
import { PERSONAL_STATEMENT_MIN_WORDS } from '../../../src/common/limits/limits.ts';
import { countWords } from '../../../src/common/text/wordCount.ts';
import { createComposer } from '../../../src/server/ai/composer/index.ts';
import { collectText } from '../../../src/server/ai/port.ts';
import { QUALITY_CASES, type PersonalCase } from '../../fixtures/qualityProfiles.ts';
import { analyseDraft } from '../../../src/common/coach/index.ts';
import { coachFailures } from './coachFindings.ts';
import { materialWords, ordinaryFlow, trimmedTo } from './materialVariants.ts';

const composer = createComposer();
const personal = QUALITY_CASES.filter((c): c is PersonalCase => c.kind === 'personal');
const SEEDS = [0, 1, 2];
/** How far over the threshold a cut-down student may stay: a few words, so the test sits at the threshold. */
const SLACK_WORDS = 5;

describe('a student with just the stated minimum of material', () => {
  it('is cut from most harness students, the one with only a writing sample too', () => {
    const reachable = personal.filter((c) => trimmedTo(c, MATERIAL_FOR_MINIMUM_WORDS, 0) !== null).map((c) => c.shape);
    expect(reachable.length).toBeGreaterThanOrEqual(8);
    // A single passage gets the fewest transitions, so it sets the threshold.
    expect(reachable).toContain('writing-sample-only');
  });

  it.each(personal.filter((c) => trimmedTo(c, MATERIAL_FOR_MINIMUM_WORDS, 0) !== null))('$name ($shape): a personal statement of the minimum for every prompt, passing the coach', async (c) => {
    for (const seed of SEEDS) {
      const student = trimmedTo(c, MATERIAL_FOR_MINIMUM_WORDS, seed)!;
      const material = materialWords(student);
      expect(material).toBeGreaterThanOrEqual(MATERIAL_FOR_MINIMUM_WORDS);
      expect(material).toBeLessThan(MATERIAL_FOR_MINIMUM_WORDS + SLACK_WORDS);
      expect(materialIsShort(essayMaterial(student.form, student.answers))).toBe(false);
      const requests = await ordinaryFlow(composer, student);
      expect(requests.length).toBeGreaterThanOrEqual(6);
      for (const request of requests) {
        // The answers given in the flow are the student's own and count as material, as on the page.
        expect(essayMaterial(request.form, request.followUpResponses).words).toBeGreaterThanOrEqual(MATERIAL_FOR_MINIMUM_WORDS);
        const draft = await collectText(composer.essay(request));
        expect(countWords(draft), `seed ${seed}, prompt ${request.prompt}`).toBeGreaterThanOrEqual(PERSONAL_STATEMENT_MIN_WORDS);
        // Thin material is no excuse for a draft the coach would flag: the same rule as the harness drafts.
        const behind = { form: request.form, followUpResponses: request.followUpResponses };
        expect(coachFailures(analyseDraft({ draft, kind: 'personal', material: behind })), `seed ${seed}, prompt ${request.prompt}`).toEqual([]);
      }
    }
  });
});
