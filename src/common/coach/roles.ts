// Each paragraph's part in a personal narrative, and the words that part deserves (the rule is in README.md).
import type { ParagraphInfo } from './analysis.ts';
import type { ParagraphRole } from './types.ts';

type StoryRole = Exclude<ParagraphRole, 'closing' | 'other'>;

/** Which role wins a tie, by where the paragraph sits: openings show, middles turn, endings reflect. */
const TIE_ORDER: Record<'first' | 'middle' | 'last', StoryRole[]> = {
  first: ['scene', 'context', 'turn', 'reflection'],
  middle: ['turn', 'scene', 'context', 'reflection'],
  last: ['reflection', 'turn', 'context', 'scene'],
};

export function paragraphRole(paragraph: ParagraphInfo, count: number): ParagraphRole {
  const last = paragraph.index === count - 1;
  if (count >= 2 && last && paragraph.cues.closing > 0) return 'closing';
  const position = paragraph.index === 0 ? 'first' : last ? 'last' : 'middle';
  let best: ParagraphRole = 'other';
  let bestScore = 0;
  for (const role of TIE_ORDER[position]) {
    if (paragraph.cues[role] > bestScore) {
      best = role;
      bestScore = paragraph.cues[role];
    }
  }
  return best;
}

/** The three shares of a narrative's words: what happened, the turn, and what it meant. */
const GROUPS: Array<{ roles: ParagraphRole[]; share: number }> = [
  { roles: ['scene', 'context'], share: 0.4 },
  { roles: ['turn'], share: 0.3 },
  { roles: ['reflection', 'closing'], share: 0.3 },
];

/**
 * Target words per paragraph: an "other" paragraph gets an even share of the limit; the rest of the limit is
 * split among the groups present in the ratio 40:30:30, and each group's part evenly among its paragraphs.
 */
export function roleTargets(roles: readonly ParagraphRole[], wordLimit: number): number[] {
  const count = roles.length;
  if (count === 0) return [];
  const others = roles.filter((role) => role === 'other').length;
  const evenShare = wordLimit / count;
  const storyWords = wordLimit - others * evenShare;
  const present = GROUPS.filter((group) => roles.some((role) => group.roles.includes(role)));
  const shareTotal = present.reduce((sum, group) => sum + group.share, 0);
  return roles.map((role) => {
    const group = present.find((candidate) => candidate.roles.includes(role));
    if (!group) return Math.round(evenShare);
    const members = roles.filter((other) => group.roles.includes(other)).length;
    return Math.round((storyWords * group.share) / shareTotal / members);
  });
}
