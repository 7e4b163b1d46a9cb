// The checks across the list: a college told one story twice (by two of its prompts, or by a prompt and the
// personal statement every college reads), the reuse groups, and the deadlines within 7 days, nearest first.
import { describe, expect, it } from 'vitest';
import { dueWithinAWeek, reuseGroups, sameStoryPrompts } from '../../../src/features/collegePlan/planChecks.ts';
import { planCollege, planPrompt, planStory, threeColleges } from '../../fixtures/collegePlans.ts';

describe('the checks across the college list', () => {
  it('finds a college\'s second prompt telling the story of its first, and not the same story told to two colleges', () => {
    const plan = threeColleges();
    plan.colleges[0]!.prompts[1]!.storyId = 'bikes';
    plan.colleges[1]!.prompts[0]!.storyId = 'bikes';
    const repeats = sameStoryPrompts(plan);
    expect([...repeats.keys()]).toEqual(['tufts-short']);
    expect(repeats.get('tufts-short')).toEqual({ kind: 'prompt', prompt: plan.colleges[0]!.prompts[0] });
  });

  it('finds a prompt telling the personal statement\'s story, at every college', () => {
    const plan = threeColleges();
    plan.stories.push(planStory('arm', { title: 'Rebuilding the robot arm', source: 'personalStatement' }));
    plan.colleges[1]!.prompts[0]!.storyId = 'arm';
    plan.colleges[2]!.prompts[1]!.storyId = 'arm';
    const repeats = sameStoryPrompts(plan);
    expect(repeats.get('rice-why')).toEqual({ kind: 'personalStatement' });
    expect(repeats.get('umich-activity')).toEqual({ kind: 'personalStatement' });
    expect(repeats.has('umich-community')).toBe(false);
  });

  it('groups prompts of one reusable type across colleges, never short answers, nor one college alone', () => {
    const groups = reuseGroups(threeColleges());
    expect(groups.map((group) => [group.type, group.prompts.map(({ prompt }) => prompt.id)])).toEqual([['whyUs', ['tufts-why', 'rice-why']]]);
    const oneCollege = { colleges: [planCollege('a', { prompts: [planPrompt('a1'), planPrompt('a2')] })], stories: [] };
    expect(reuseGroups(oneCollege)).toEqual([]);
  });

  it('lists deadlines from today to 7 days on, nearest first, and none past or later', () => {
    const college = (id: string, deadline: string) => planCollege(id, { name: id, deadline });
    const colleges = [
      college('week', '2026-11-08'), college('past', '2026-10-31'), college('today', '2026-11-01'),
      college('eight', '2026-11-09'), college('tomorrow', '2026-11-02'),
    ];
    expect(dueWithinAWeek(colleges, '2026-11-01').map((c) => c.id)).toEqual(['today', 'tomorrow', 'week']);
  });
});
