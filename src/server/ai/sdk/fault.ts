// What a structured answer's failure may say in a log line: the kind of fault, and for a schema mismatch the
// places and zod codes, never a value. The SDK's own messages quote the model's answer ("Value: {…}", "Text: …"),
// and a model asked about a draft quotes the draft, which is never logged.
import { JSONParseError, TypeValidationError } from 'ai';

export const NO_ANSWER = 'the model gave no answer';
export const CHECK_FAILED = 'the answer failed the product\'s checks';
const NOT_JSON = 'the answer was not JSON';
const NO_OBJECT = 'the answer held no usable object';
const MAX_ISSUES = 5;

interface ZodLikeIssue { code?: unknown; path?: unknown }

/** A path segment the schema itself names (a key or an index); anything else could be the model's text. */
const segment = (part: unknown): string => (typeof part === 'number' || (typeof part === 'string' && /^\w{1,32}$/.test(part)) ? String(part) : '?');

function issuesOf(cause: unknown): ZodLikeIssue[] {
  const issues = (cause as { issues?: unknown } | null | undefined)?.issues;
  return Array.isArray(issues) ? (issues as ZodLikeIssue[]) : [];
}

export function faultOf(cause: unknown): string {
  if (JSONParseError.isInstance(cause)) return NOT_JSON;
  if (!TypeValidationError.isInstance(cause)) return NO_OBJECT;
  const issues = issuesOf(cause.cause);
  const places = issues.slice(0, MAX_ISSUES).map((issue) => {
    const path = Array.isArray(issue.path) ? issue.path.map(segment).join('.') : '';
    const code = typeof issue.code === 'string' ? segment(issue.code) : '?';
    return `${path === '' ? '(root)' : path}: ${code}`;
  });
  const more = issues.length > MAX_ISSUES ? ` and ${issues.length - MAX_ISSUES} more` : '';
  return places.length === 0 ? 'the answer did not fit the schema' : `the answer did not fit the schema at ${places.join(', ')}${more}`;
}
