// Every word the material count includes has a place in a draft: a thin profile's essay uses all of it.
import { describe, expect, it } from 'vitest';
import { createComposer } from '../../../src/server/ai/composer/index.ts';
import { collectText } from '../../../src/server/ai/port.ts';
import { DEFAULT_FOLLOWUP_QUESTIONS } from '../../../src/common/essay/prompts.ts';
import { essayMaterial } from '../../../src/common/essay/essayMaterial.ts';
import { type FormDocument } from '../../../src/common/questionnaire/formDocument.ts';
import { emptyFormDocument } from '../../../src/common/questionnaire/formDocumentDefaults.ts';

const essayOf = (form: FormDocument): Promise<string> =>
  collectText(createComposer().essay({ form, prompt: '1', idea: 'My shelter dogs', followUpResponses: form.followUpResponses, variant: 0 }));

describe('material the composer counts', () => {
  it('includes every college type and every college named, and a short draft names them all', async () => {
    const form = emptyFormDocument();
    form.personalInsights.hobby = 'Walking shelter dogs on Sunday mornings.';
    form.collegeGoals = {
      collegeTypes: ['Public University', 'Liberal Arts College', 'Art School'],
      specificColleges: ['Oberlin College', 'Reed College', 'Grinnell College', 'Kenyon College', 'Bard College'],
    };
    const text = await essayOf(form);
    for (const name of [...form.collegeGoals.specificColleges, 'public university', 'liberal arts college', 'an art school']) expect(text).toContain(name);
  });

  it('includes every sentence of a long answer, and a short draft uses them all', async () => {
    const form = emptyFormDocument();
    const sentences = Array.from({ length: 20 }, (_, i) => `Dog ${i + 1} came to the shelter.`);
    form.followUpResponses = { [DEFAULT_FOLLOWUP_QUESTIONS[0] as string]: sentences.join(' ') };
    expect(essayMaterial(form).words).toBe(120);
    const text = await essayOf(form);
    for (const sentence of sentences) expect(text).toContain(sentence);
  });
});
