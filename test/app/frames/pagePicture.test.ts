// Taking and keeping the pictures of the pages, with a real store and a page in jsdom.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { MAX_PICTURE_CHARS, PICTURE_DELAY_MS, keepPagePictures, pictureOf } from '../../../src/app/frames/pagePicture.ts';
import { PICTURE_SOURCES, PICTURE_STAMPS_KEY, type StoredPicture, pictureKey } from '../../../src/app/frames/pagePictureFormat.ts';
import { PERSISTED_SLICES } from '../../../src/app/persistence/localPersistence.ts';
import { PLAN_STAMP_UNKNOWN, fingerprint, stampsOf } from '../../../src/app/frames/pictureStamps.ts';
import { makeStore } from '../../../src/app/store.ts';
import { fetchPlan } from '../../../src/app/session/sessionSlice.ts';
import { fullNameChanged, writingSampleTextChanged } from '../../../src/features/wizard/wizardSlice.ts';
import { generateTopics, topicSelected } from '../../../src/features/topics/index.ts';

const storedPicture = (path: string): StoredPicture | null => {
  const text = localStorage.getItem(pictureKey(path));
  return text === null ? null : (JSON.parse(text) as StoredPicture);
};
const storedStamps = () => JSON.parse(localStorage.getItem(PICTURE_STAMPS_KEY) ?? 'null') as Record<string, string> | null;

function pageRoot(markup: string): HTMLElement {
  const root = document.createElement('div');
  root.id = 'root';
  root.innerHTML = markup;
  document.body.append(root);
  return root;
}

beforeEach(() => {
  localStorage.clear();
  window.history.replaceState(null, '', '/form');
});
afterEach(() => {
  document.body.innerHTML = '';
  vi.useRealTimers();
});

describe('pictureOf', () => {
  it('keeps what the student typed, as markup nothing can be typed into, hidden from assistive technology', () => {
    const root = pageRoot('<main><label for="name">Full name</label><input id="name" type="text">'
      + '<textarea id="sample" aria-label="Writing sample"></textarea><input type="checkbox" id="stem">'
      + '<select id="rank"><option>Top 5%</option><option>Top 10%</option></select>'
      + '<a href="/topics">Topics</a><button type="button">Next</button></main><div class="toast">Saved</div>');
    (root.querySelector('#name') as HTMLInputElement).value = 'Maya <Okafor>';
    (root.querySelector('#sample') as HTMLTextAreaElement).value = 'The arm dropped the cube.';
    (root.querySelector('#stem') as HTMLInputElement).checked = true;
    (root.querySelector('#rank') as HTMLSelectElement).selectedIndex = 1;

    const copy = document.createElement('div');
    copy.innerHTML = pictureOf(root);
    expect((copy.querySelector('input[type="text"]') as HTMLInputElement).value).toBe('Maya <Okafor>');
    expect(copy.querySelector('textarea')?.value).toBe('The arm dropped the cube.');
    expect((copy.querySelector('input[type="checkbox"]') as HTMLInputElement).checked).toBe(true);
    expect(copy.querySelector('select')?.value).toBe('Top 10%');
    for (const control of copy.querySelectorAll('input, textarea, select, button')) expect(control.hasAttribute('disabled')).toBe(true);
    expect(copy.querySelector('[href]')).toBeNull();
    expect(copy.querySelector('#name, #sample, [for], [aria-label]')).toBeNull();
    expect([...copy.children].map((child) => child.getAttribute('aria-hidden'))).toEqual(['true', 'true']);
    // The live page is untouched.
    expect(root.querySelector('#name')?.hasAttribute('disabled')).toBe(false);
  });

  it('leaves out open dialogs and style attributes', () => {
    const root = pageRoot('<main><div class="ui-progress__fill" style="width: 40%"></div></main>'
      + '<div role="dialog" aria-label="Send feedback"><textarea></textarea></div><dialog open>Deal</dialog>');
    const picture = pictureOf(root);
    expect(picture).not.toMatch(/style=|role="dialog"|<dialog|Deal/);
    expect(picture).toContain('ui-progress__fill');
  });
});

describe('stampsOf', () => {
  it('fingerprints each part by its content, and keeps the last known plan until the server has answered', () => {
    const first = makeStore();
    const second = makeStore();
    first.dispatch(fullNameChanged('Maya'));
    second.dispatch(fullNameChanged('Maya'));
    expect(stampsOf(first.getState(), 'paid')).toEqual(stampsOf(second.getState(), 'paid'));
    expect(stampsOf(first.getState(), 'paid').plan).toBe('paid');

    const before = stampsOf(first.getState(), PLAN_STAMP_UNKNOWN);
    first.dispatch(fullNameChanged('Maya O.'));
    const after = stampsOf(first.getState(), PLAN_STAMP_UNKNOWN);
    expect(after.wizard).not.toBe(before.wizard);
    expect({ ...after, wizard: undefined }).toEqual({ ...before, wizard: undefined });

    first.dispatch(fetchPlan.fulfilled('free', 'request'));
    expect(stampsOf(first.getState(), 'paid').plan).toBe('free');
  });

  it("stamps the student's data, not a request's state (a page pictured mid-request shows the same answers)", () => {
    const store = makeStore();
    const before = stampsOf(store.getState(), 'paid');
    store.dispatch(generateTopics.pending('request-1', { variant: 0 }));
    expect(store.getState().topics.request?.status).toBe('pending');
    expect(stampsOf(store.getState(), 'paid')).toEqual(before);
    store.dispatch(topicSelected({ prompt: 'Prompt', idea: 'An idea', description: '' }));
    expect(stampsOf(store.getState(), 'paid').topics).not.toBe(before.topics);
  });

  it('stamps every part of the device copy (a slice added to it must be stamped too)', () => {
    const stamped = PICTURE_SOURCES.filter((source) => source !== 'plan');
    expect([...stamped].sort()).toEqual(PERSISTED_SLICES.filter((slice) => slice !== 'sync').sort());
  });

  it('tells apart values that differ anywhere', () => {
    expect(fingerprint({ a: 'x', b: 'y' })).not.toBe(fingerprint({ a: 'y', b: 'x' }));
    expect(fingerprint('a'.repeat(1000))).not.toBe(fingerprint(`${'a'.repeat(999)}b`));
  });
});

describe('keepPagePictures', () => {
  const start = (root: HTMLElement, store = makeStore(), showsPage = () => true) => ({
    store,
    stop: keepPagePictures({ getState: store.getState, subscribe: store.subscribe, root, showsPage }),
  });

  it('pictures the page once it has been still for a moment, with the stamps of what it shows', async () => {
    vi.useFakeTimers();
    const root = pageRoot('<main><h1>Tell us about yourself</h1><textarea></textarea></main>');
    const { store, stop } = start(root);
    store.dispatch(writingSampleTextChanged('The arm dropped the cube.'));
    (root.querySelector('textarea') as HTMLTextAreaElement).value = 'The arm dropped the cube.';
    await vi.advanceTimersByTimeAsync(PICTURE_DELAY_MS - 50);
    expect(storedPicture('/form')).toBeNull();
    await vi.advanceTimersByTimeAsync(100);
    const picture = storedPicture('/form');
    expect(picture?.html).toContain('The arm dropped the cube.');
    expect(picture?.stamps).toEqual(storedStamps());
    expect(picture?.stamps.wizard).toBe(stampsOf(store.getState(), PLAN_STAMP_UNKNOWN).wizard);

    // A change the page does not show still moves the stamps (another page's picture stops being current).
    store.dispatch(fullNameChanged('Maya'));
    await vi.advanceTimersByTimeAsync(PICTURE_DELAY_MS + 50);
    expect(storedStamps()?.wizard).not.toBe(picture?.stamps.wizard);
    stop();
  });

  it('pictures the page at once when it is hidden or closed', () => {
    const root = pageRoot('<main><h1>Your College Essay</h1></main>');
    window.history.replaceState(null, '', '/result');
    const { stop } = start(root);
    window.dispatchEvent(new Event('pagehide'));
    expect(storedPicture('/result')?.html).toContain('Your College Essay');
    stop();
    localStorage.clear();
    window.dispatchEvent(new Event('pagehide'));
    expect(storedPicture('/result')).toBeNull();
  });

  it('writes nothing after another tab cleared localStorage, until this tab has the new data', () => {
    const root = pageRoot('<main><p>Maya</p></main>');
    const { store, stop } = start(root);
    store.dispatch(fullNameChanged('Maya'));
    localStorage.clear();
    window.dispatchEvent(new StorageEvent('storage', { key: null, storageArea: localStorage }));
    window.dispatchEvent(new Event('pagehide'));
    expect(storedPicture('/form')).toBeNull();
    expect(storedStamps()).toBeNull();
    // The deletion reaches this tab: its page and stamps are the new, empty ones.
    store.dispatch(fullNameChanged(''));
    root.innerHTML = '<main><p></p></main>';
    window.dispatchEvent(new Event('pagehide'));
    expect(storedPicture('/form')?.html).not.toContain('Maya');
    expect(storedStamps()?.wizard).toBe(stampsOf(store.getState(), PLAN_STAMP_UNKNOWN).wizard);
    stop();
  });

  it('keeps no picture of a page without a frame, of a start-up notice, or one too large to keep', () => {
    const root = pageRoot('<main><h1>Dashboard</h1></main>');
    window.history.replaceState(null, '', '/admin');
    const admin = start(root);
    window.dispatchEvent(new Event('pagehide'));
    expect(storedPicture('/admin')).toBeNull();
    admin.stop();

    window.history.replaceState(null, '', '/form');
    const notice = start(root, makeStore(), () => false);
    window.dispatchEvent(new Event('pagehide'));
    expect(storedPicture('/form')).toBeNull();
    expect(storedStamps()).not.toBeNull();
    notice.stop();

    localStorage.setItem(pictureKey('/form'), 'an older picture');
    root.innerHTML = `<main><p>${'x'.repeat(MAX_PICTURE_CHARS)}</p></main>`;
    const large = start(root);
    window.dispatchEvent(new Event('pagehide'));
    expect(localStorage.getItem(pictureKey('/form'))).toBeNull();
    large.stop();
  });
});
