// The largest bodies the contract allows for every route that carries the form document or essay text, each
// text at its limit made of one piece repeated (hostile characters, or prose): what the hostile suites send to
// prove no body holds the loop, and what the CPU bench (test/bench/routeCpu.ts) measures each route's figure at.
import { COACH_MAX_CHARS, COACH_MAX_PARAGRAPHS } from '../../../src/common/coach/limits.ts';
import { versionSize, versionsWithin } from '../../../src/common/essay/versionPruning.ts';
import {
  ESSAY_VERSION_MAX_CHARS, ESSAY_VERSIONS_PER_REQUEST, ESSAY_VERSIONS_REQUEST_BYTES, FORM_DOCUMENT_MAX_BYTES,
} from '../../../src/common/limits/limits.ts';
import type { FormDocument } from '../../../src/common/questionnaire/formDocument.ts';
import { fullDocument } from '../../app/fixtures.ts';
import { fill } from './hostileText.ts';
import type { HostileRoute } from './hostileRoutes.ts';

export type HandBuilt = { name: string; route: Pick<HostileRoute, 'method' | 'url' | 'needs'>; body: string };

/** A form document as large as the store takes, every text at its limit with hostile characters. */
export function maximalDocument(piece: string): FormDocument {
  const form = fullDocument();
  form.basicInfo.fullName = fill(piece, 300);
  form.personalInsights.happy = fill(piece, 1000);
  form.personalInsights.writingSample.text = fill(piece, 2000);
  form.activitiesAndInvolvement.activities = Array.from({ length: 30 }, (_, i) => ({
    ...form.activitiesAndInvolvement.activities[0]!, otherCategory: fill(piece, 300), leadership: fill(`${i}${piece}`, 300), description: fill(piece, 5000),
  }));
  form.followUpResponses = Object.fromEntries(Array.from({ length: 20 }, (_, i) => [fill(`${i}${piece}`, 1000), fill(piece, 5000)]));
  // Then as many of the big parts as the store's limit takes (a NUL is six bytes of JSON, an emoji four).
  const answers = Object.entries(form.followUpResponses);
  while (Buffer.byteLength(JSON.stringify(form)) > FORM_DOCUMENT_MAX_BYTES) {
    if (form.activitiesAndInvolvement.activities.length > 1) form.activitiesAndInvolvement.activities.pop();
    else if (answers.length > 1) {
      answers.pop();
      form.followUpResponses = Object.fromEntries(answers);
    } else throw new Error('the smallest maximal document is still too large');
  }
  return form;
}

/** A draft as long as the coach reads, in as many paragraphs as it takes, every one of them `piece` repeated. */
export const coachDraft = (piece: string): string => {
  const paragraph = fill(piece, Math.floor(COACH_MAX_CHARS / COACH_MAX_PARAGRAPHS) - 2);
  return Array.from({ length: COACH_MAX_PARAGRAPHS }, () => paragraph).join('\n\n');
};

/** How many versions of `text` one request carries: by count, and by bytes. */
const versionsFitting = (text: string): number =>
  versionsWithin(Array.from({ length: ESSAY_VERSIONS_PER_REQUEST }, () => versionSize(text)), ESSAY_VERSIONS_REQUEST_BYTES);

export const nested = (depth: number): string => `${'{"a":'.repeat(depth)}1${'}'.repeat(depth)}`;

export const put = { method: 'PUT', url: '/api/forms/me' } as const;
export const post = (url: string, needs?: 'paid') => ({ method: 'POST', url, needs } as const);

/** For each of `pieces`, the largest body of every route that carries the form document or essay text. */
export function largestBodies(pieces: string[]): HandBuilt[] {
  const cases = [];
  for (const piece of pieces) {
    const document = maximalDocument(piece);
    cases.push(
      { name: `largest document of ${JSON.stringify(piece)}`, route: put, body: JSON.stringify({ document, baseRevision: 0 }) },
      { name: `topics for the largest document of ${JSON.stringify(piece)}`, route: post('/api/topic-suggestions'), body: JSON.stringify({ formData: document }) },
      {
        name: `essay for the largest document of ${JSON.stringify(piece)}`, route: post('/api/generate-essay', 'paid'),
        body: JSON.stringify({ formData: document, selectedPrompt: fill(piece, 2000), selectedIdea: fill(piece, 300), followUpResponses: document.followUpResponses }),
      },
      {
        name: `supplemental for the largest document of ${JSON.stringify(piece)}`, route: post('/api/supplemental-essay'),
        body: JSON.stringify({ formData: document, essayPrompt: fill(piece === '.' ? 'why ' : piece, 5000), wordCount: 1000 }),
      },
      {
        name: `the coach's review of the longest draft, with the largest document, of ${JSON.stringify(piece)}`, route: post('/api/coach/review'),
        body: JSON.stringify({ kind: 'personal', draft: coachDraft(piece), prompt: fill(piece, 2000), formData: document }),
      },
      {
        name: `the most essay versions a request carries, of ${JSON.stringify(piece)}`, route: post('/api/essay-versions'),
        body: JSON.stringify({
          versions: Array.from({ length: versionsFitting(fill(piece, ESSAY_VERSION_MAX_CHARS)) }, (_, i) => ({
            id: `hostile-version-${i}`, essayKey: 'personal', at: new Date(Date.UTC(2026, 0, 1, 0, 0, i)).toISOString(), kind: 'edited', text: fill(piece, ESSAY_VERSION_MAX_CHARS),
          })),
        }),
      },
    );
  }
  return cases;
}

