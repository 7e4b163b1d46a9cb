// Activity descriptions as students write them in an activities list: fragments, not sentences. The composer
// uses every part of them (a phrase with a frame naming the activity, a verb-led fragment with "I"), so the
// words the material count includes are words the draft can use.
import { describe, expect, it } from 'vitest';
import { activityFacts, activityStory } from '../../../src/server/ai/composer/activities.ts';
import { createComposer } from '../../../src/server/ai/composer/index.ts';
import { describePart } from '../../../src/server/ai/composer/prose.ts';
import { collectText } from '../../../src/server/ai/port.ts';
import type { StudentActivity } from '../../../src/server/ai/profile.ts';
import { essayMaterial } from '../../../src/common/essay/essayMaterial.ts';
import { PERSONAL_STATEMENT_MIN_WORDS } from '../../../src/common/limits/limits.ts';
import { countWords } from '../../../src/common/text/wordCount.ts';
import { fragmentActivities, QUALITY_CASES, type PersonalCase } from '../../fixtures/qualityProfiles.ts';
import { measure } from './essayQuality.ts';

const activity = (entry: Partial<StudentActivity>): StudentActivity => ({
  name: '', category: '', leadership: '', description: '', years: [], hoursPerWeek: '', ...entry,
});
const told = (entry: Partial<StudentActivity>): string[] => [...activityFacts(activity(entry)), ...activityStory(activity(entry))];

describe('a sentence of an activity description', () => {
  it('is a sentence, a phrase without a verb, or a clause that belongs to the sentence before it', () => {
    expect(describePart('Weekend bike repair on my front steps.')).toEqual({ kind: 'phrase', text: 'Weekend bike repair on my front steps' });
    expect(describePart('Running the register on Fridays.')).toEqual({ kind: 'phrase', text: 'Running the register on Fridays' });
    expect(describePart('Every Saturday morning.')).toEqual({ kind: 'clause', text: 'Every Saturday morning' });
    expect(describePart('Because my mom needed help.')).toEqual({ kind: 'clause', text: 'Because my mom needed help' });
    expect(describePart('Because the shop was busy, I stayed late.')).toEqual({ kind: 'sentence', text: 'Because the shop was busy, I stayed late.' });
    expect(describePart('Kids from the block come by.')).toEqual({ kind: 'sentence', text: 'Kids from the block come by.' });
  });

  it('led by a verb gets "I" in the verb’s own tense', () => {
    expect(describePart('Help at the church kitchen on Sunday.').text).toBe('I help at the church kitchen on Sunday.');
    expect(describePart('Teaches younger kids Scratch').text).toBe('I teach younger kids Scratch.');
    expect(describePart('Organized the winter food drive.').text).toBe('I organized the winter food drive.');
    // A verb-shaped word naming a group is a name.
    expect(describePart('Swim team captain.').kind).toBe('phrase');
  });
});

describe('an activity described in fragments', () => {
  it('becomes sentences naming the activity, with every word of the description', () => {
    expect(told({ category: 'work_experience', years: ['11th'], hoursPerWeek: '4', description: 'Weekend bike repair on my front steps for kids in the neighbourhood.' }))
      .toEqual(['I have worked in 11th grade, about 4 hours a week.', 'My job is weekend bike repair on my front steps for kids in the neighbourhood.']);
    expect(told({ category: 'community_service', description: 'Dog walking and kennel cleaning at the shelter. Every Saturday morning.' }))
      .toEqual(['My volunteer work is dog walking and kennel cleaning at the shelter, every Saturday morning.']);
    expect(told({ category: 'other', name: 'Hackathons', description: 'Running the register on Fridays. Teaches younger kids Scratch.' }))
      .toEqual(['I have been involved in hackathons.', 'My part in hackathons is running the register on Fridays.', 'I teach younger kids Scratch.']);
  });

  it('keeps the student’s tense and never doubles a word at the seam', () => {
    expect(told({ category: 'sports', description: 'Varsity soccer on the county travel team for four years. Organized the warm-ups.' }))
      .toEqual(['My sport was varsity soccer on the county travel team for four years.', 'I organized the warm-ups.']);
    expect(told({ category: 'work_experience', description: 'Opening baker at Café Crème. I start the dough at 5 a.m. I taught myself to laminate butter.' })[0])
      .toBe('My job is opening baker at Café Crème.');
    expect(told({ category: 'religious', years: ['9th'], description: 'Youth group at St. Anne. We packed lunch bags for the shelter.' }))
      .toEqual(['I have been active in my religious community in 9th grade.', 'My part in my faith community was youth group at St. Anne.', 'We packed lunch bags for the shelter.']);
    expect(told({ category: 'community_service', description: 'Volunteer Arabic interpreter at the free clinic.' })).toEqual(['My volunteer work is volunteer Arabic interpreter at the free clinic.']);
    expect(told({ category: 'student_government', description: 'Student government treasurer and prom committee.' }))
      .toEqual(['My part in student government is treasurer and prom committee.']);
    expect(told({ category: 'other', name: 'Chess', leadership: 'was', description: 'Because. Because I like it.' }).join(' ')).not.toMatch(/\b(\w+),? \1\b/i);
  });

  it('says a role of any length, not only one of five words', () => {
    expect(told({ category: 'work_experience', leadership: 'Front desk and refill reminders for the older customers' }))
      .toEqual(['My role there is front desk and refill reminders for the older customers.']);
    expect(told({ category: 'sports', leadership: 'Captain. Ran the warm-ups before every game.' }))
      .toEqual(['My role there was Captain.', 'I ran the warm-ups before every game.']);
  });
});

describe('a personal statement from activities written in fragments', () => {
  const cases = [fragmentActivities, QUALITY_CASES.find((c) => c.name === 'own topic, moderate') as PersonalCase];
  // Material spread over many answers gets a transition per paragraph, so it reaches the minimum from less than
  // the stated threshold (that one is set by material in a single passage, see essayMinimum.test.ts).
  const spreadMaterialWords = 150;

  it.each(cases)('$name: reaches the minimum from 150 words of material, using the fragments', async (c) => {
    expect(essayMaterial(c.form, c.followUpResponses).words).toBeGreaterThanOrEqual(spreadMaterialWords);
    const text = await collectText(createComposer().essay({ form: c.form, prompt: c.prompt, idea: c.idea, followUpResponses: c.followUpResponses, variant: 0 }));
    expect(countWords(text)).toBeGreaterThanOrEqual(PERSONAL_STATEMENT_MIN_WORDS);
    const essay = text.toLowerCase();
    for (const { description } of c.form.activitiesAndInvolvement.activities) {
      for (const word of description.toLowerCase().match(/\p{L}{4,}/gu) ?? []) expect(essay).toContain(word);
    }
    const q = measure(text, { studentText: JSON.stringify([c.form, c.followUpResponses, c.idea]), planted: c.planted });
    expect(q.seams).toEqual([]);
    expect(q.unsupported).toEqual([]);
  });
});
