// The coach's input and its review, as plain types: the browser runs the analysis without loading zod, and
// schema.ts checks the same shapes where they cross the network.
import type { FormDocument } from '../questionnaire/formDocument.ts';

/** What the student already told the app: the questionnaire and their follow-up answers. */
export interface CoachMaterial {
  form: FormDocument;
  followUpResponses: Record<string, string>;
}

interface InputBase {
  draft: string;
  material?: CoachMaterial;
}

export type CoachInput =
  | (InputBase & { kind: 'personal'; prompt?: string; wordLimit?: WordLimit })
  | (InputBase & { kind: 'supplemental'; prompt: string; wordLimit: WordLimit });

/** The words a draft may have, or null for "no length check": no length rules and no paragraph targets. */
export type WordLimit = number | null;

export const COMMENT_KINDS = [
  'cliche', 'generic', 'specificity', 'tell-not-show', 'reflection', 'repetition', 'length', 'unused-material',
  'swap-test', 'voice',
] as const;
export type CommentKind = (typeof COMMENT_KINDS)[number];

export const PARAGRAPH_ROLES = ['scene', 'context', 'turn', 'reflection', 'closing', 'other'] as const;
export type ParagraphRole = (typeof PARAGRAPH_ROLES)[number];

/** The five dimensions of the overall view, in the order a review lists them. */
export const DIMENSIONS = ['voice', 'specificity', 'reflection', 'craft', 'answers-the-prompt'] as const;
export type Dimension = (typeof DIMENSIONS)[number];

export const BANDS = ['strong', 'developing', 'missing'] as const;
export type Band = (typeof BANDS)[number];

export interface CoachComment {
  kind: CommentKind;
  /** The student's exact words the comment is about: a substring of the trimmed paragraph. */
  quote: string;
  /** A question that ends with "?": the coach asks, it never supplies wording. */
  question: string;
  /** The rules written by people, or a language model's question (only when the student asked for one). */
  source: 'rules' | 'model';
}

export interface ParagraphReview {
  index: number;
  words: number;
  role: ParagraphRole;
  /** The words its part deserves; null with no length check. */
  targetWords: number | null;
  comments: CoachComment[];
}

export interface OverallFinding {
  dimension: Dimension;
  band: Band;
  reason: string;
  paragraph: number | null;
}

export interface CoachReview {
  /** 'model' once a language model's questions were merged in; the offline analysis alone says 'offline'. */
  engine: 'offline' | 'model';
  words: number;
  wordLimit: WordLimit;
  paragraphs: ParagraphReview[];
  overall: OverallFinding[];
}
