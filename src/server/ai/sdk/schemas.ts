// The shapes a model must answer in. Lenient where a model may reasonably differ (a few more or fewer
// suggestions); the adapter trims and tops up to the product's shape afterwards.
import { z } from 'zod';

const suggestion = z.object({
  title: z.string().min(1).max(200),
  description: z.string().min(1).max(1000),
});

const suggestions = z.array(suggestion).min(1).max(6);

/** Explicit keys rather than a record, so strict JSON-schema providers require all six. */
export const topicsOutputSchema = z.object({
  '1': suggestions, '2': suggestions, '3': suggestions, '4': suggestions, '5': suggestions, '6': suggestions,
});

export const questionsOutputSchema = z.object({
  questions: z.array(z.string().min(5).max(400)).min(3).max(12),
});
