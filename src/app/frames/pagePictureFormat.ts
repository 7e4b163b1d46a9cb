// What a page picture is, shared by the browser, which takes and keeps the pictures (pagePicture.ts), and the
// build, which writes the few inline lines that show one in a route's frame before any script has loaded
// (frameMarkup.ts). Both sides must agree on every name here.
//
// A picture is the page as this student last saw it at one address, made inert, kept in localStorage: the
// one storage a page can read before its first paint. Beside it, the picture records the stamps of what it
// shows: a short fingerprint of each part of the student's data (and of their plan) when it was taken. The
// current stamps are kept too; a frame shows a picture only while the parts its page shows still have the
// stamps the picture recorded, so a page is never shown with answers that have changed since.

/** The parts of the student's data a page can show: the persisted slices, and the plan (from the server). */
export const PICTURE_SOURCES = ['wizard', 'essayType', 'topics', 'followup', 'essay', 'supplemental', 'coach', 'plan'] as const;
export type PictureSource = (typeof PICTURE_SOURCES)[number];
export type PictureStamps = Partial<Record<PictureSource, string>>;

/** Bumped when the stored shape changes: a frame shows only pictures of its own format. */
export const PICTURE_FORMAT = 1;
export const PICTURE_KEY_PREFIX = 'essay-studio:picture:';
export const PICTURE_STAMPS_KEY = 'essay-studio:picture-stamps';

export interface StoredPicture {
  format: typeof PICTURE_FORMAT;
  /** The inert markup of #root's content. */
  html: string;
  stamps: PictureStamps;
}

/** The picture's key for an address: its path and query (the thank-you page's session id is the query). */
export const pictureKey = (pathAndQuery: string): string => `${PICTURE_KEY_PREFIX}${pathAndQuery}`;

/** On #root while a frame shows a picture (the app removes it with the frame's other marks). */
export const PICTURE_ATTRIBUTE = 'data-picture';

/**
 * The addresses that keep pictures (every route with a frame), with what each page shows. Every student page
 * shows the plan in its header. The header's flow steps follow every part, but a step drawn from an older
 * answer is no reason to hide the student's own text: they are not counted here. The referrals page and the
 * thank-you page show only what the server said (the latter keyed by its session id).
 */
export const PICTURE_DEPENDS_ON: Readonly<Record<string, readonly PictureSource[]>> = {
  '/form': ['wizard', 'plan'],
  '/essay-type': ['essayType', 'plan'],
  '/topics': ['essayType', 'topics', 'plan'],
  '/followup': ['topics', 'followup', 'plan'],
  '/result': ['essay', 'plan'],
  '/supplemental': ['supplemental', 'plan'],
  '/referrals': ['plan'],
  '/thank-you': [],
};
