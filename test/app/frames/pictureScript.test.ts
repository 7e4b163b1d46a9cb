// The frame's picture lines, run as a browser runs them: inside the frame's HTML while it is parsed.
import { JSDOM } from 'jsdom';
import { describe, expect, it } from 'vitest';
import { APP_HTML_MARKER, framePage } from '../../../src/app/frames/frameMarkup.ts';
import {
  PICTURE_ATTRIBUTE, PICTURE_FORMAT, PICTURE_STAMPS_KEY, type PictureStamps, pictureKey,
} from '../../../src/app/frames/pagePictureFormat.ts';

const template = `<!doctype html><html><head><script type="module" crossorigin src="/assets/index-1.js"></script></head>
<body><div id="root">${APP_HTML_MARKER}</div></body></html>`;
const head = { styles: '', stylesheetHrefs: [], modulePreloads: [] };
const framed = framePage(template, '<main><h1>Tell us about yourself</h1><textarea disabled=""></textarea></main>', head, ['wizard', 'plan']);

const stamps: PictureStamps = { plan: 'free', wizard: 'w1', topics: 't1' };
const picture = {
  format: PICTURE_FORMAT,
  html: '<main aria-hidden="true"><h1>Tell us about yourself</h1><textarea disabled="">My grandfather fixed radios.</textarea></main>',
  stamps,
};

/** Parses the frame at `url` with `storage` already in localStorage, running its inline scripts. */
function open(url: string, storage: Record<string, string>): Document {
  const dom = new JSDOM(framed, {
    url,
    runScripts: 'dangerously',
    beforeParse(window) {
      for (const [key, value] of Object.entries(storage)) window.localStorage.setItem(key, value);
    },
  });
  return dom.window.document;
}

/** /form with its picture stored, and `current` as the stamps of the student's data now. */
const openFormWith = (current: PictureStamps | null) => open('http://localhost/form', {
  [pictureKey('/form')]: JSON.stringify(picture),
  [PICTURE_STAMPS_KEY]: JSON.stringify(current),
});

const root = (document: Document) => document.getElementById('root') as HTMLElement;

describe("the frame's picture lines", () => {
  it('show the current picture of this address in place of the frame, under the loading status', () => {
    const page = openFormWith({ ...stamps, topics: 'changed elsewhere' });
    expect(root(page).hasAttribute(PICTURE_ATTRIBUTE)).toBe(true);
    expect(page.querySelector('textarea')?.value).toBe('My grandfather fixed radios.');
    expect(page.querySelectorAll('main')).toHaveLength(1);
    expect(root(page).lastElementChild?.previousElementSibling?.id).toBe('frame-status');
    expect(root(page).firstElementChild?.getAttribute('aria-hidden')).toBe('true');
  });

  it('keep the frame when a part the page shows has changed since the picture', () => {
    const changedAnswers = openFormWith({ ...stamps, wizard: 'w2' });
    expect(root(changedAnswers).hasAttribute(PICTURE_ATTRIBUTE)).toBe(false);
    expect(changedAnswers.querySelector('textarea')?.value).toBe('');
    const nowPaid = openFormWith({ ...stamps, plan: 'paid' });
    expect(root(nowPaid).hasAttribute(PICTURE_ATTRIBUTE)).toBe(false);
  });

  it('keep the frame without a picture of this very address, or with one of another format or damaged', () => {
    const cases: Array<[string, Record<string, string>]> = [
      ['http://localhost/form', {}],
      ['http://localhost/form?step=2', { [pictureKey('/form')]: JSON.stringify(picture), [PICTURE_STAMPS_KEY]: JSON.stringify(stamps) }],
      ['http://localhost/form', { [pictureKey('/form')]: JSON.stringify({ ...picture, format: PICTURE_FORMAT + 1 }), [PICTURE_STAMPS_KEY]: JSON.stringify(stamps) }],
      ['http://localhost/form', { [pictureKey('/form')]: '{"format":1,"html":', [PICTURE_STAMPS_KEY]: JSON.stringify(stamps) }],
    ];
    for (const page of [...cases.map(([url, storage]) => open(url, storage)), openFormWith(null)]) {
      expect(root(page).hasAttribute(PICTURE_ATTRIBUTE)).toBe(false);
      expect(page.querySelector('h1')?.textContent).toBe('Tell us about yourself');
      expect(page.getElementById('frame-status')).not.toBeNull();
    }
  });
});
