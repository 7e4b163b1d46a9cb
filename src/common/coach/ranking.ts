// Which comment a student should read first: a broken rule of the form, then meaning, then detail, then polish.
// The one ranking, used by the rules when they keep three comments a paragraph and by a model's questions merged in.
import type { CommentKind } from './types.ts';

/**
 * Each finding's place, lower first; a length comment ranks by why it was made, and the student's own material
 * comes before polish on a thin draft, where it helps most.
 */
export const PRIORITY = {
  swapTest: 0, overLimit: 1, reflection: 2, materialOnThinDraft: 3, specificity: 4, tellNotShow: 5, generic: 6, cliche: 7,
  unusedMaterial: 8, voice: 9, repetition: 10, paragraphLength: 11, underLimit: 12,
} as const;

const KIND_PRIORITY: Record<CommentKind, number> = {
  'swap-test': PRIORITY.swapTest, length: PRIORITY.overLimit, reflection: PRIORITY.reflection,
  specificity: PRIORITY.specificity, 'tell-not-show': PRIORITY.tellNotShow, generic: PRIORITY.generic,
  cliche: PRIORITY.cliche, 'unused-material': PRIORITY.unusedMaterial, voice: PRIORITY.voice, repetition: PRIORITY.repetition,
};

/** A comment of this kind whose reason is not known (a model's question): its kind's highest place. */
export const kindPriority = (kind: CommentKind): number => KIND_PRIORITY[kind];
