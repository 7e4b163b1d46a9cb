// Turns zod issues from request validation into one sentence a person can read, e.g.
// "body.wordCount: must be at least 50; body: unrecognized field 'foo'". The contract's own messages
// ('is required', 'must be a valid email address') are kept; zod's generic English ones are rephrased.
import type { ZodFastifySchemaValidationError } from 'fastify-type-provider-zod';

const MAX_LISTED = 8;
const ZOD_DEFAULT_MESSAGE = /^(Invalid|Too (small|big)|Unrecognized key)/;
const CONTEXT_NAMES: Record<string, string> = { body: 'body', querystring: 'query', params: 'path', headers: 'headers' };
const TYPE_NAMES: Record<string, string> = {
  string: 'text', number: 'a number', int: 'a whole number', boolean: 'true or false', object: 'an object',
  array: 'a list', null: 'null', date: 'a date',
};

type Params = Record<string, unknown>;

function fieldPath(context: string, instancePath: string): string {
  const segments = instancePath.split('/').filter(Boolean);
  return segments.reduce((path, segment) => (/^\d+$/.test(segment) ? `${path}[${segment}]` : `${path}.${segment}`), context);
}

function sizeMessage(params: Params, bound: 'least' | 'most'): string {
  const limit = String(bound === 'least' ? params.minimum : params.maximum);
  const exclusive = params.inclusive === false;
  switch (params.origin) {
    case 'string':
      return bound === 'least' && limit === '1' ? 'must not be empty' : `must be at ${bound} ${limit} characters long`;
    case 'array':
    case 'set':
      return `must have at ${bound} ${limit} items`;
    default:
      if (exclusive) return `must be ${bound === 'least' ? 'greater' : 'less'} than ${limit}`;
      return `must be at ${bound} ${limit}`;
  }
}

function rephrase(issue: ZodFastifySchemaValidationError): string {
  const params = issue.params as Params;
  switch (issue.keyword) {
    case 'invalid_type':
      if (issue.message?.endsWith('received undefined')) return 'is required';
      return `must be ${TYPE_NAMES[String(params.expected)] ?? String(params.expected)}`;
    case 'too_small':
      return sizeMessage(params, 'least');
    case 'too_big':
      return sizeMessage(params, 'most');
    case 'invalid_format':
      if (params.format === 'email') return 'must be a valid email address';
      if (params.format === 'url') return 'must be a valid URL';
      return 'is not in the expected format';
    case 'invalid_value': {
      const values = Array.isArray(params.values) ? params.values.map((value) => `'${String(value)}'`) : [];
      return values.length === 1 ? `must be ${values[0]}` : `must be one of ${values.join(', ')}`;
    }
    case 'not_multiple_of':
      return `must be a multiple of ${String(params.divisor)}`;
    default:
      return 'is not valid';
  }
}

function describeIssue(issue: ZodFastifySchemaValidationError, context: string): string[] {
  const path = fieldPath(context, issue.instancePath);
  if (issue.keyword === 'unrecognized_keys') {
    const keys = Array.isArray(issue.params.keys) ? issue.params.keys : [];
    return keys.map((key) => `${path}: unrecognized field '${String(key)}'`);
  }
  const message = !issue.message || ZOD_DEFAULT_MESSAGE.test(issue.message) ? rephrase(issue) : issue.message;
  return [`${path}: ${message}`];
}

export function describeValidationErrors(issues: ZodFastifySchemaValidationError[], validationContext = 'body'): string {
  const context = CONTEXT_NAMES[validationContext] ?? validationContext;
  const lines = issues.flatMap((issue) => describeIssue(issue, context));
  const listed = lines.slice(0, MAX_LISTED);
  const more = lines.length - listed.length;
  return more > 0 ? `${listed.join('; ')}; and ${more} more` : listed.join('; ');
}
