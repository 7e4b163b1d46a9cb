// The checks on a prompt's newest draft, on a list of three colleges: over the word limit, and for a Why-us
// prompt naming another listed college or passing the coach's swap test across the list.
import { describe, expect, it } from 'vitest';
import { draftWarnings, warningText } from '../../../src/features/collegePlan/draftChecks.ts';
import { threeColleges } from '../../fixtures/collegePlans.ts';

const plan = threeColleges();
const tufts = plan.colleges[0]!;
const [tuftsWhy, tuftsShort] = tufts.prompts as [typeof tufts.prompts[number], typeof tufts.prompts[number]];
const specific = 'I want to build robots in the Nolop FAST Facility with Professor Chris Rogers, and sing with the Beelzebubs on the steps of Goddard Chapel.';

describe('the checks on a prompt\'s draft', () => {
  it('says a Why-us draft names another college on the list, whatever its case and spacing', () => {
    const warnings = draftWarnings(plan, tufts, tuftsWhy, `${specific} Unlike rice  university, Tufts has the Nolop lab.`);
    expect(warnings).toEqual([{ kind: 'namesAnother', college: 'Rice University' }]);
    expect(warningText(warnings[0]!)).toBe('Names another college on your list: Rice University.');
  });

  it('says a Why-us draft that names nothing only this college has would read the same with another college\'s name', () => {
    const warnings = draftWarnings(plan, tufts, tuftsWhy, 'Tufts University has a great community, amazing professors and a beautiful campus. I would thrive there.');
    expect(warnings).toEqual([{ kind: 'readsTheSame', college: 'Rice University' }]);
    expect(warningText(warnings[0]!)).toMatch(/^Names another college on your list: it would read the same with Rice University/);
  });

  it('finds nothing wrong with a specific Why-us draft within its limit, or a name that is only part of a word', () => {
    expect(draftWarnings(plan, tufts, tuftsWhy, specific)).toEqual([]);
    expect(draftWarnings(plan, tufts, tuftsWhy, `${specific} Pricey rice university-style dorms aside.`)).toEqual([{ kind: 'namesAnother', college: 'Rice University' }]);
    expect(draftWarnings(plan, tufts, tuftsWhy, `${specific} Pricey Riceuniversity dorms aside.`)).toEqual([]);
  });

  it('says a draft is over its word limit, and leaves a prompt of another type out of the college checks', () => {
    const long = Array.from({ length: 51 }, () => 'Rice').join(' ');
    const warnings = draftWarnings(plan, tufts, tuftsShort, long);
    expect(warnings).toEqual([{ kind: 'overLimit', words: 51, limit: 50 }]);
    expect(warningText(warnings[0]!)).toBe('Over the word limit: 51 words of 50.');
    expect(draftWarnings(plan, tufts, { ...tuftsShort, wordLimit: null }, long)).toEqual([]);
  });
});
