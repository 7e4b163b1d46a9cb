// The Word file read back by a real parser: mammoth finds the heading and the paragraphs, and the footer part
// of the package (which mammoth skips) holds the sample-for-reference notice.
import mammoth from 'mammoth';
import { describe, expect, it } from 'vitest';
import { essayDocxBlob } from '../../../src/features/essay/essayDocx.ts';
import { SAMPLE_DISCLAIMER } from '../../../src/common/essay/aiCopy.ts';
import { unzip } from '../../fixtures/unzip.ts';

const ESSAY = 'The arm dropped the cube for the fortieth time.\n\nI traced every line with a pencil until I found it.\n\n  \n\nWe did not win the regional.';
const PROMPT = 'The lessons we take from obstacles we encounter can be fundamental to later success.';

describe('the essay as a Word document', () => {
  it('has the prompt as a heading, each paragraph, and the notice in the footer', async () => {
    const blob = await essayDocxBlob({ heading: PROMPT, essay: ESSAY });
    expect(blob.type).toBe('application/vnd.openxmlformats-officedocument.wordprocessingml.document');
    const buffer = Buffer.from(await blob.arrayBuffer());

    const { value: html } = await mammoth.convertToHtml({ buffer });
    expect(html).toContain(`<h1>${PROMPT}</h1>`);
    expect(html).toContain('<p>The arm dropped the cube for the fortieth time.</p>');
    expect(html).toContain('<p>I traced every line with a pencil until I found it.</p>');
    expect(html).toContain('<p>We did not win the regional.</p>');
    const { value: text } = await mammoth.extractRawText({ buffer });
    // Three paragraphs and the heading: the blank one is dropped.
    expect(text.split('\n').filter((line) => line.trim() !== '')).toHaveLength(4);

    const parts = unzip(buffer);
    const footers = [...parts.entries()].filter(([name]) => /^word\/footer\d*\.xml$/.test(name));
    expect(footers.length).toBeGreaterThan(0);
    expect(footers.some(([, xml]) => xml.includes(SAMPLE_DISCLAIMER))).toBe(true);
  });

  it('adds a closing section when asked', async () => {
    const blob = await essayDocxBlob({ heading: PROMPT, essay: ESSAY, appendix: { title: 'How this essay was made', lines: ['Generated on 24 November 2026.'] } });
    const { value: html } = await mammoth.convertToHtml({ buffer: Buffer.from(await blob.arrayBuffer()) });
    expect(html).toContain('<h2>How this essay was made</h2>');
    expect(html).toContain('<p>Generated on 24 November 2026.</p>');
  });
});
