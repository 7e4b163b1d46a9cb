// The coach's request and review as zod schemas: the API checks what a browser sends, and the browser checks the
// review it receives. The review's shape is the plain types' (types.ts), checked here at compile time.
import { z } from 'zod';
import { followUpResponsesSchema, formDocumentSchema } from '../formDocument.ts';
import { boundedText } from '../textLength.ts';
import {
  COACH_MAX_CHARS, COACH_MAX_COMMENTS_PER_PARAGRAPH, COACH_MAX_PARAGRAPHS, COACH_PROMPT_MAX, COACH_QUESTION_MAX,
  COACH_QUOTE_MAX, COACH_WORD_LIMIT_MAX, COACH_WORD_LIMIT_MIN,
} from './limits.ts';
import { paragraphCount } from './text.ts';
import { BANDS, COMMENT_KINDS, PARAGRAPH_ROLES, type CoachInput, type CoachReview, type Dimension } from './types.ts';

// The length is checked first (and stops the checks when it fails), so paragraphs are only counted in a short text.
const draftText = boundedText(COACH_MAX_CHARS).refine(
  (draft) => paragraphCount(draft) <= COACH_MAX_PARAGRAPHS,
  { message: `must have at most ${COACH_MAX_PARAGRAPHS} paragraphs` },
);
const wordLimit = z.number().int().min(COACH_WORD_LIMIT_MIN).max(COACH_WORD_LIMIT_MAX);
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

const commentSchema = z.strictObject({
  kind: z.enum(COMMENT_KINDS),
  quote: boundedText(COACH_QUOTE_MAX).min(1),
  question: boundedText(COACH_QUESTION_MAX).refine((question) => question.endsWith('?'), 'must ask a question'),
  source: z.literal('rules'),
});

const paragraphSchema = z.strictObject({
  index: count,
  words: count,
  role: z.enum(PARAGRAPH_ROLES),
  targetWords: count,
  comments: z.array(commentSchema).max(COACH_MAX_COMMENTS_PER_PARAGRAPH),
});

const finding = <D extends Dimension>(dimension: D) => z.strictObject({
  dimension: z.literal(dimension),
  band: z.enum(BANDS),
  reason: boundedText(300).min(1),
  paragraph: count.nullable(),
});

export const coachReviewSchema = z.strictObject({
  engine: z.literal('offline'),
  words: count,
  wordLimit: z.number().int().min(COACH_WORD_LIMIT_MIN).max(COACH_WORD_LIMIT_MAX),
  paragraphs: z.array(paragraphSchema).max(COACH_MAX_PARAGRAPHS),
  // The five dimensions, each once, in their order.
  overall: z.tuple([finding('voice'), finding('specificity'), finding('reflection'), finding('craft'), finding('answers-the-prompt')]),
}) satisfies z.ZodType<CoachReview>;
