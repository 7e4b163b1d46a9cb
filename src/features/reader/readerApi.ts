// The reader's calls, and only those: the link's token is posted once to open it (never put in a URL the browser
// requests), then the share's own paths carry the reader's cookie. No student session, no store, no retries
// queued on the device: a reader who is offline is told so and keeps their words on screen.
import type { z } from 'zod';
import type { commentSchema, readerShareSchema } from '../../common/comments/schema.ts';
import type { TextQuoteAnchor } from '../../common/comments/anchor.ts';

export type ReaderShare = z.infer<typeof readerShareSchema>;
export type ReaderComment = z.infer<typeof commentSchema>;

/** The link no longer opens (the server's words: expired, stopped or not a link), or a call failed. */
export class ReaderError extends Error {
  constructor(message: string, readonly status?: number) {
    super(message);
  }

  /** 404 and 410 on the reader's paths: the link itself no longer opens (or never did). */
  get linkEnded(): boolean {
    return this.status === 404 || this.status === 410;
  }
}

const OFFLINE = 'We could not reach Essay Studio. Check your connection and try again.';
const UNREADABLE = 'Something went wrong. Please try again.';

async function call<T>(method: string, path: string, body?: unknown): Promise<T | undefined> {
  let response: Response;
  try {
    response = await fetch(path, {
      method,
      credentials: 'same-origin',
      cache: 'no-store',
      referrerPolicy: 'no-referrer',
      ...(body === undefined ? {} : { headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) }),
    });
  } catch {
    throw new ReaderError(OFFLINE);
  }
  if (response.status === 204) return undefined;
  const answer = await response.json().catch(() => undefined) as { error?: unknown } | undefined;
  if (response.ok) return answer as T;
  const message = typeof answer?.error === 'string' ? answer.error : UNREADABLE;
  // A missing comment is a 404 too, but only a comment deleted in another tab meets it.
  throw new ReaderError(message, response.status);
}

/**
 * Opens the link: a reader coming back (a reload, the link opened again) keeps their session and so their
 * comments, read with the share's cookie; a new one posts the token (`<shareId>.<secret>`) for a session.
 */
export async function openLink(token: string): Promise<ReaderShare> {
  const shareId = /^([A-Za-z0-9_-]{22})\./.exec(token)?.[1];
  if (shareId !== undefined) {
    try {
      return await reloadShare(shareId);
    } catch (error) {
      // 404: no session of this reader's on it yet (410, the link ended, is the same answer either way).
      if (!(error instanceof ReaderError) || error.status !== 404) throw error;
    }
  }
  return (await call<ReaderShare>('POST', '/api/read/session', { token }))!;
}

export const reloadShare = async (shareId: string): Promise<ReaderShare> =>
  (await call<ReaderShare>('GET', `/api/read/${shareId}`))!;

export const addComment = async (shareId: string, clientId: string, text: string, anchor?: TextQuoteAnchor): Promise<ReaderComment> =>
  (await call<ReaderComment>('POST', `/api/read/${shareId}/comments`, { clientId, text, ...(anchor ? { anchor } : {}) }))!;

export const editComment = async (shareId: string, id: string, text: string): Promise<ReaderComment> =>
  (await call<ReaderComment>('PUT', `/api/read/${shareId}/comments/${id}`, { text }))!;

export const deleteComment = async (shareId: string, id: string): Promise<void> => {
  await call('DELETE', `/api/read/${shareId}/comments/${id}`);
};
