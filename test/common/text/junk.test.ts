import { describe, expect, it } from 'vitest';
import { essayMaterial } from '../../../src/common/essay/essayMaterial.ts';
import { emptyFormDocument } from '../../../src/common/questionnaire/formDocumentDefaults.ts';
import { scrubJunk } from '../../../src/common/text/junk.ts';

describe('junk in the student’s text', () => {
  it('scrubs template leftovers without leaving a doubled word behind', () => {
    expect(scrubJunk('I built {{app}} a bus tracker. undefined [object Object]')).toBe('I built a bus tracker.');
    expect(scrubJunk('We ran ${x} ran to the field.')).toBe('We ran to the field.');
    expect(scrubJunk(`Coding ${'a'.repeat(60)} at night <script>alert(1)</script>.`)).toBe('Coding at night alert(1).');
  });

  it('is not counted as material, since no draft can use it', () => {
    const form = emptyFormDocument();
    form.personalInsights.hobby = `Coding late at night. ${'a'.repeat(480)} undefined undefined {{hobby}} [object Object]`;
    expect(essayMaterial(form).words).toBe(4);
  });
});
