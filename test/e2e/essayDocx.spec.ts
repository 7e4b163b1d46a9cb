import { readFile } from 'node:fs/promises';
import mammoth from 'mammoth';
import AxeBuilder from '@axe-core/playwright';
import { SAMPLE_DISCLAIMER } from '../../src/common/essay/aiCopy.ts';
import { unzip } from '../fixtures/unzip.ts';
import { expectEssayGenerated, grantPaid, press, shownEssay } from './essayFlow.ts';
import { arriveAt, expect, test } from './support/seededStudent.ts';

const isDocxChunk = (url: string): boolean => /\/assets\/essayDocx-[^/]*\.js$/.test(url);

test.describe('the essay as a Word file, and how it was made @mobile', () => {
  test.use({ seed: 'freeResult' });

  test('each paragraph’s sources open on demand, and the record of how it was made can go into the file', async ({ page, request }) => {
    test.setTimeout(90_000);
    await arriveAt(page, 'freeResult');
    await grantPaid(page, request);
    await expectEssayGenerated(page);
    const record = page.getByRole('region', { name: 'How this essay was made' });
    await expect(record).toContainText('assembled by Essay Studio’s offline composer');
    await expect(record).toContainText('Since then you have rewritten 0% of its words.');
    await expect(page.getByRole('list', { name: 'Sources of paragraph 1' })).toHaveCount(0);
    await press(page.getByRole('button', { name: 'Show sources for paragraph 1' }));
    // The first paragraph quotes the student's own answers: one of them is listed with what it answered.
    await expect(page.getByRole('list', { name: 'Sources of paragraph 1' }).getByRole('listitem').first()).toBeVisible();
    expect((await new AxeBuilder({ page }).analyze()).violations).toEqual([]);

    await press(page.getByRole('checkbox', { name: 'Include this record in the download' }), 'check');
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      press(page.getByRole('button', { name: 'Download .docx' })),
    ]);
    const { value: html } = await mammoth.convertToHtml({ buffer: await readFile(await download.path()) });
    expect(html).toContain('<h2>How this essay was made</h2>');
    expect(html).toContain('Since then you have rewritten 0% of its words.');
    expect(html).toMatch(/Paragraph 1 of the generated essay: [^<]+/);
  });
});

// Which files load when, and what the Word file holds, are the same at any width: the laptop's run proves it
// (the download and the record at a phone's width are checked above).
test.describe('the essay as a Word file', () => {
  test.use({ seed: 'freeResult' });

  test('the .docx chunk is not precached, is fetched only on the click, and the file reads back', async ({ page, request }) => {
    test.setTimeout(90_000);
    // The service worker's precache list names every file it installs: the Word code is not one of them.
    const worker = await (await request.get('/sw.js')).text();
    expect(worker).toMatch(/precacheAndRoute/);
    expect(worker).not.toMatch(/essayDocx/);

    const fetched: string[] = [];
    page.on('request', (request) => fetched.push(request.url()));
    // The pages the student passed through on the way (each loaded as a student's return would), then /result.
    for (const path of ['/form', '/essay-type', '/topics', '/followup']) {
      await page.goto(path);
      await expect(page).toHaveURL(new RegExp(`${path}$`));
    }
    await arriveAt(page, 'freeResult');
    await grantPaid(page, request);
    await expectEssayGenerated(page);
    const essay = await shownEssay(page);
    expect(fetched.filter(isDocxChunk)).toEqual([]);

    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Download .docx' }).click(),
    ]);
    expect(fetched.filter(isDocxChunk)).toHaveLength(1);
    expect(download.suggestedFilename()).toBe('college-essay.docx');
    const buffer = await readFile(await download.path());

    const { value: html } = await mammoth.convertToHtml({ buffer });
    // The prompt of Prompt 1 is the heading; every paragraph the page shows is a paragraph of the file.
    expect(html).toMatch(/<h1>Some students have a background, identity, interest, or talent/);
    const { value: text } = await mammoth.extractRawText({ buffer });
    const fileParagraphs = text.split('\n').map((line) => line.trim()).filter((line) => line !== '');
    const pageParagraphs = essay.split('\n\n').map((paragraph) => paragraph.replace(/\s+/g, ' ').trim());
    expect(pageParagraphs.length).toBeGreaterThan(1);
    expect(fileParagraphs.slice(1)).toEqual(pageParagraphs);
    const footers = [...unzip(buffer).entries()].filter(([name]) => name.startsWith('word/footer'));
    expect(footers.some(([, xml]) => xml.includes(SAMPLE_DISCLAIMER))).toBe(true);
  });
});
