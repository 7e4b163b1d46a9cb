// The sizes that cut a large request's work on the event loop into slices stay within one slice's bytes
// (LOOP_SLICE_BYTES, chosen from measurements: src/server/limits/README.md): a page of versions and a slice of
// "Download my data", a batch a device sends, the form document, the export's stream buffer, a slice of a share's
// comments, and the largest single version and comment (which go alone). How long a slice takes is the bench's
// (test/bench/routeCpu.ts); this holds the structure that keeps it short. versionRoutes.test.ts checks real pages
// and batches against them, commentSlices.test.ts real slices of comments.
import { describe, expect, it } from 'vitest';
import { COACH_MODEL_COMMENTS_MAX, COACH_QUESTION_MAX, COACH_QUOTE_MAX } from '../../../src/common/coach/limits.ts';
import { versionSize } from '../../../src/common/essay/versionPruning.ts';
import {
  ESSAY_VERSION_MAX_CHARS, ESSAY_VERSIONS_PAGE_BYTES, ESSAY_VERSIONS_REQUEST_BYTES, FORM_DOCUMENT_MAX_BYTES,
} from '../../../src/common/limits/limits.ts';
import { LOOP_SLICE_BYTES } from '../../../src/server/limits/budgets.ts';
import { STREAM_BUFFER_BYTES } from '../../../src/server/routes/myData.ts';
import { COMMENT_SLICE_BYTES, LARGEST_COMMENT_BYTES } from '../../../src/server/stages/shares/commentSlices.ts';

describe('the slices of the loop\'s work', () => {
  it('are each at most LOOP_SLICE_BYTES', () => {
    const sizes = {
      'a page of versions (and of the export)': ESSAY_VERSIONS_PAGE_BYTES,
      'a batch of versions': ESSAY_VERSIONS_REQUEST_BYTES,
      'the form document': FORM_DOCUMENT_MAX_BYTES,
      'the export\'s stream buffer': STREAM_BUFFER_BYTES,
      'a slice of a share\'s comments': COMMENT_SLICE_BYTES,
    };
    for (const [what, bytes] of Object.entries(sizes)) expect(bytes, what).toBeLessThanOrEqual(LOOP_SLICE_BYTES);
  });

  it('hold the largest version alone within one slice', () => {
    // The longest text in the most bytes (emoji), with the most coach comments, each at its longest.
    const comment = { paragraph: 0, kind: 'reflection', quote: '😀'.repeat(COACH_QUOTE_MAX), question: `${'😀'.repeat(COACH_QUESTION_MAX - 1)}?` };
    const coach = { rulesVersion: 1, comments: Array.from({ length: COACH_MODEL_COMMENTS_MAX }, () => comment) };
    expect(versionSize('😀'.repeat(ESSAY_VERSION_MAX_CHARS), coach)).toBeLessThanOrEqual(LOOP_SLICE_BYTES);
  });

  it('hold the heaviest comment, with every reply it may have, within one slice', () => {
    expect(LARGEST_COMMENT_BYTES).toBeLessThanOrEqual(COMMENT_SLICE_BYTES);
  });
});
