// The coach's request and review as zod schemas: the API checks what a browser sends, and the browser checks the
// review it receives. The review's shape is the plain types' (types.ts), checked here at compile time.
import { z } from 'zod';
import { followUpResponsesSchema, formDocumentSchema } from '../questionnaire/formDocument.ts';
import { boundedText } from '../contract/textLength.ts';
import {
  COACH_MAX_CHARS, COACH_MAX_COMMENTS_PER_PARAGRAPH, COACH_MAX_PARAGRAPHS, COACH_MAX_WORD_LIMIT, COACH_MIN_WORD_LIMIT,
  COACH_MODEL_COMMENTS_MAX, COACH_PROMPT_MAX, COACH_QUESTION_MAX, COACH_QUOTE_MAX,
} from './limits.ts';
import { paragraphCount } from './text.ts';
import { BANDS, COMMENT_KINDS, PARAGRAPH_ROLES, type CoachInput, type CoachReview, type Dimension } from './types.ts';

// The length is checked first (and stops the checks when it fails), so paragraphs are only counted in a short text.
const draftText = boundedText(COACH_MAX_CHARS).refine(
  (draft) => paragraphCount(draft) <= COACH_MAX_PARAGRAPHS,
  { message: `must have at most ${COACH_MAX_PARAGRAPHS} paragraphs` },
);
const WORD_LIMIT_MESSAGE = `must be a whole number from ${COACH_MIN_WORD_LIMIT} to ${COACH_MAX_WORD_LIMIT}, or null for no length check`;
/** A number of words, or null: "no length check" is said explicitly, never by leaving the limit out. */
const wordLimit = z.number({ error: WORD_LIMIT_MESSAGE }).int({ error: WORD_LIMIT_MESSAGE })
  .min(COACH_MIN_WORD_LIMIT, { error: WORD_LIMIT_MESSAGE }).max(COACH_MAX_WORD_LIMIT, { error: WORD_LIMIT_MESSAGE }).nullable();
const material = z.strictObject({ form: formDocumentSchema, followUpResponses: followUpResponsesSchema });

export const coachInputSchema: z.ZodType<CoachInput> = z.discriminatedUnion('kind', [
  z.strictObject({
    kind: z.literal('personal'), draft: draftText, prompt: boundedText(COACH_PROMPT_MAX).optional(),
    wordLimit: wordLimit.optional(), material: material.optional(),
  }),
  z.strictObject({
    kind: z.literal('supplemental'), draft: draftText, prompt: boundedText(COACH_PROMPT_MAX).refine((prompt) => prompt.trim() !== '', 'is required'),
    wordLimit, material: material.optional(),
  }),
]);

const count = z.number().int().min(0);

/** A comment's own words: the student's quote and the coach's question (a model's are checked by it too). */
const commentTextSchema = {
  kind: z.enum(COMMENT_KINDS),
  quote: boundedText(COACH_QUOTE_MAX).min(1),
  question: boundedText(COACH_QUESTION_MAX).refine((question) => question.endsWith('?'), 'must ask a question'),
};

export const commentSchema = z.strictObject({ ...commentTextSchema, source: z.enum(['rules', 'model']) });

const paragraphSchema = z.strictObject({
  index: count,
  words: count,
  role: z.enum(PARAGRAPH_ROLES),
  targetWords: count.nullable(),
  comments: z.array(commentSchema).max(COACH_MAX_COMMENTS_PER_PARAGRAPH),
});

const finding = <D extends Dimension>(dimension: D) => z.strictObject({
  dimension: z.literal(dimension),
  band: z.enum(BANDS),
  reason: boundedText(300).min(1),
  paragraph: count.nullable(),
});

export const coachReviewSchema = z.strictObject({
  engine: z.enum(['offline', 'model']),
  words: count,
  wordLimit,
  paragraphs: z.array(paragraphSchema).max(COACH_MAX_PARAGRAPHS),
  // The five dimensions, each once, in their order.
  overall: z.tuple([finding('voice'), finding('specificity'), finding('reflection'), finding('craft'), finding('answers-the-prompt')]),
}) satisfies z.ZodType<CoachReview>;

const supplementalPrompt = boundedText(COACH_PROMPT_MAX).refine((prompt) => prompt.trim() !== '', 'is required');

/**
 * POST /api/coach/review: the draft and what it answers, with the student's form document (as PUT
 * /api/forms/me takes it) for the material the coach compares the draft with.
 */
export const coachReviewRequestSchema = z.discriminatedUnion('kind', [
  z.strictObject({
    kind: z.literal('personal'), draft: draftText.refine((draft) => draft.length > 0, 'is required'),
    prompt: boundedText(COACH_PROMPT_MAX).optional(), wordLimit: wordLimit.optional(), formData: formDocumentSchema.optional(),
  }),
  z.strictObject({
    kind: z.literal('supplemental'), draft: draftText.refine((draft) => draft.length > 0, 'is required'),
    prompt: supplementalPrompt, wordLimit, formData: formDocumentSchema.optional(),
  }),
]);
export type CoachReviewRequest = z.infer<typeof coachReviewRequestSchema>;

/**
 * What a revision of a draft keeps besides its text: the version of the rules it was written under (its
 * offline review is recomputed from the text) and the questions a model asked about it, with their paragraph.
 */
const placedCommentsSchema = z.array(z.strictObject({ paragraph: count.max(COACH_MAX_PARAGRAPHS - 1), ...commentTextSchema }))
  .max(COACH_MODEL_COMMENTS_MAX);

export const coachVersionDataSchema = z.strictObject({
  rulesVersion: z.number().int().min(1).max(100_000),
  comments: placedCommentsSchema,
});

/**
 * A model's questions alone, with their paragraph, each through the gate: what "Ask the coach" answers to a device
 * that has the rules' review already. 'offline' with none when no model could ask.
 */
export const coachQuestionsSchema = z.strictObject({ engine: z.enum(['offline', 'model']), comments: placedCommentsSchema });
export type CoachVersionData = z.infer<typeof coachVersionDataSchema>;
