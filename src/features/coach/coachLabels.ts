// The words the page uses for the coach's kinds, roles and bands.
import type { Band, CommentKind, Dimension, ParagraphRole } from '../../common/coach/types.ts';

export const KIND_LABELS: Record<CommentKind, string> = {
  cliche: 'Stock phrase',
  generic: 'A claim the reader cannot see',
  specificity: 'Specific detail',
  'tell-not-show': 'Show, not tell',
  reflection: 'Reflection',
  repetition: 'Repetition',
  length: 'Length',
  'unused-material': 'Something you already told us',
  'swap-test': 'Swap test',
  voice: 'Your voice',
};

export const ROLE_LABELS: Record<ParagraphRole, string> = {
  scene: 'a scene',
  context: 'context',
  turn: 'the turn',
  reflection: 'reflection',
  closing: 'the closing',
  other: 'no clear role',
};

export const DIMENSION_LABELS: Record<Dimension, string> = {
  voice: 'Voice',
  specificity: 'Specificity',
  reflection: 'Reflection',
  craft: 'Craft',
  'answers-the-prompt': 'Answers the prompt',
};

export const BAND_LABELS: Record<Band, string> = { strong: 'Strong', developing: 'Developing', missing: 'Missing' };

/** What the page shows where a limit would stand, for a prompt with no word limit. */
export const NO_LENGTH_CHECK = 'no length check';
