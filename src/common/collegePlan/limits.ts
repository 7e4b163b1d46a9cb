// The college plan's limits, apart from its zod schema (schema.ts) so that the page, which only shows them,
// never loads zod: the browser's schemas run in the contract worker alone.
export const COLLEGE_PLAN_LIMITS = {
  colleges: 40,
  promptsPerCollege: 10,
  stories: 60,
  collegeNameChars: 120,
  promptChars: 1500,
  wordLimit: { min: 25, max: 1000 },
  storyTitleChars: 120,
  storySummaryChars: 300,
  /** The whole document as stored (jsonb text), in bytes. */
  documentBytes: 512 * 1024,
} as const;
