// The CPU bench's cases (routeCpuCases.ts) for the college list, the devices, the shares and their readers:
// each request at its largest allowed input. A share's comments and replies at their counts are written into
// the server's database by shareSeed.ts (a student reaches them over ten days of daily storage); the reads
// share one such share, every write gets its own.
import { randomUUID } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import { CONTEXT_CHARS, QUOTE_MAX_CHARS } from '../../src/common/comments/anchor.ts';
import { COMMENT_MAX_CHARS, COMMENTS_PER_SHARE, READER_NAME_MAX_CHARS, REPLIES_PER_COMMENT, REPLY_MAX_CHARS, SHARE_TITLE_MAX_CHARS, SHARES_LISTED } from '../../src/common/comments/schema.ts';
import { COLLEGE_PLAN_LIMITS as L } from '../../src/common/collegePlan/limits.ts';
import { collegePlanBytes, type CollegePlan } from '../../src/common/collegePlan/schema.ts';
import { ESSAY_VERSION_MAX_CHARS } from '../../src/common/limits/limits.ts';
import { planCollege, planPrompt, planStory } from '../fixtures/collegePlans.ts';
import { fill } from '../server/hostile/hostileText.ts';
import type { Prepared } from '../server/hostile/httpClient.ts';
import { drain } from '../server/hostile/largeBrowser.ts';
import type { CaseContext, RouteCase, Send } from './routeCpuCases.ts';
import type { SeededShare, ShareShape } from '../server/stages/shares/shareSeed.ts';

type Request = (base: string, method: string, path: string, send?: Send) => Prepared;
type Ok = (prepared: Prepared) => Promise<Response>;

const SEEDER = fileURLToPath(new URL('../server/stages/shares/shareSeed.ts', import.meta.url));
const LETTER = 'é';

/** The largest college list within its stored size: every count at its limit, the prompts as long as then fit. */
function largestCollegePlan(): CollegePlan {
  const plan = (promptChars: number): CollegePlan => ({
    colleges: Array.from({ length: L.colleges }, (_, c) => planCollege(`c${c}`, {
      name: 'N'.repeat(L.collegeNameChars),
      prompts: Array.from({ length: L.promptsPerCollege }, (_, p) => planPrompt(`c${c}-p${p}`, { text: 'w'.repeat(promptChars), sourceKey: `supplemental-${'0'.repeat(16)}` })),
    })),
    stories: Array.from({ length: L.stories }, (_, s) => planStory(`s${s}`, { title: 'T'.repeat(L.storyTitleChars), summary: 's'.repeat(L.storySummaryChars) })),
  });
  let chars = L.promptChars;
  while (collegePlanBytes(plan(chars)) > L.documentBytes) chars -= 10;
  return plan(chars);
}

/** A code as a student might type it at the contract's longest (20 characters): spaced out, lower case. */
const typedLongest = (userCode: string): string => ` ${userCode.toLowerCase().replace('-', ' - ')} `.padEnd(20, ' ');

/** A share's comment anchored on its longest quote, in the seeded snapshot (two-byte letters). */
const anchor = { quote: LETTER.repeat(QUOTE_MAX_CHARS), prefix: '', suffix: LETTER.repeat(CONTEXT_CHARS), start: 0, end: QUOTE_MAX_CHARS };
const EMOJI_COMMENT = fill('😀', COMMENT_MAX_CHARS);

export function stageCases(request: Request, ok: Ok): RouteCase[] {
  const seeded = async (context: CaseContext, shape: Omit<ShareShape, 'uid'>) => {
    const student = await context.student();
    return { ...student, share: await context.seed<SeededShare>(SEEDER, { ...shape, uid: student.uid }) };
  };
  // The reads share one share at its largest: reading changes nothing in it.
  let largest: ReturnType<typeof seeded> | undefined;
  const largestShare = (context: CaseContext) => {
    largest ??= seeded(context, { comments: COMMENTS_PER_SHARE, repliesEach: REPLIES_PER_COMMENT });
    return largest;
  };
  const plan = largestCollegePlan();
  const savedPlan = async (context: CaseContext) => {
    const cookie = await context.session();
    await drain(await ok(request(context.base, 'PUT', '/api/college-plan', { cookie, body: { document: plan, baseRevision: 0 } })));
    return cookie;
  };
  /** A new browser's pending pairing: its cookie, the pairing's handle and its code as shown. */
  const pairingAsked = async (context: CaseContext) => {
    const cookie = await context.session();
    const started = (await (await ok(request(context.base, 'POST', '/api/devices/pairing', { cookie, body: {} }))).json()) as { pairingId: string; userCode: string };
    return { cookie, ...started };
  };
  const LARGEST_SHARE = `one share of ${ESSAY_VERSION_MAX_CHARS.toLocaleString('en')} two-byte letters with ${COMMENTS_PER_SHARE} comments of ${COMMENT_MAX_CHARS.toLocaleString('en')}, each with ${REPLIES_PER_COMMENT} replies of ${REPLY_MAX_CHARS.toLocaleString('en')}`;

  return [
    {
      route: 'GET /api/college-plan', input: `the largest college list (${L.colleges} colleges of ${L.promptsPerCollege} prompts, ${L.stories} stories, 512 KB as stored)`,
      prepare: async (context) => request(context.base, 'GET', '/api/college-plan', { cookie: await savedPlan(context) }),
    },
    {
      route: 'PUT /api/college-plan', input: 'the largest college list replacing one as large',
      prepare: async (context) => request(context.base, 'PUT', '/api/college-plan', { cookie: await savedPlan(context), body: { document: plan, baseRevision: 1 } }),
    },
    {
      route: 'GET /api/devices', input: 'a browser\'s devices (a browser signs in one; no route adds another)',
      prepare: async (context) => request(context.base, 'GET', '/api/devices', { cookie: await context.session() }),
    },
    {
      route: 'POST /api/devices/pairing', input: 'none: a code asked for by a new browser',
      prepare: async (context) => request(context.base, 'POST', '/api/devices/pairing', { cookie: await context.session(), body: {} }),
    },
    {
      route: 'POST /api/devices/pairing/check', input: 'the longest code as typed (20 characters) of a pending pairing',
      prepare: async (context) => {
        const { userCode } = await pairingAsked(context);
        return request(context.base, 'POST', '/api/devices/pairing/check', { cookie: await context.session(), body: { userCode: typedLongest(userCode) } });
      },
    },
    {
      route: 'POST /api/devices/approve', input: 'the longest code as typed (20 characters) of a pending pairing, approved',
      prepare: async (context) => {
        const { userCode } = await pairingAsked(context);
        return request(context.base, 'POST', '/api/devices/approve', { cookie: await context.session(), body: { userCode: typedLongest(userCode) } });
      },
    },
    {
      route: 'POST /api/devices/pairing/poll', input: 'an approved pairing taken: its session written and set',
      prepare: async (context) => {
        const { cookie, pairingId, userCode } = await pairingAsked(context);
        await drain(await ok(request(context.base, 'POST', '/api/devices/approve', { cookie: await context.session(), body: { userCode } })));
        return request(context.base, 'POST', '/api/devices/pairing/poll', { cookie, body: { pairingId, take: true } });
      },
    },
    {
      route: 'DELETE /api/devices/:id', input: 'the asking device signed out',
      prepare: async (context) => {
        const cookie = await context.session();
        const { devices } = (await (await ok(request(context.base, 'GET', '/api/devices', { cookie }))).json()) as { devices: Array<{ id: string }> };
        return request(context.base, 'DELETE', `/api/devices/${devices[0]?.id ?? ''}`, { cookie });
      },
    },
    {
      route: 'POST /api/shares', input: `a version of ${ESSAY_VERSION_MAX_CHARS.toLocaleString('en')} emoji with the longest title and reader name`,
      prepare: async (context) => request(context.base, 'POST', '/api/shares', {
        cookie: await context.session(),
        body: { essayKey: 'personal', versionId: 'bench-version', text: fill('😀', ESSAY_VERSION_MAX_CHARS), title: fill('😀', SHARE_TITLE_MAX_CHARS), readerName: fill('😀', READER_NAME_MAX_CHARS) },
      }),
    },
    {
      route: 'GET /api/shares', input: `the ${SHARES_LISTED} newest links, one with ${COMMENTS_PER_SHARE} comments`,
      prepare: async (context) => {
        const { cookie } = await seeded(context, { comments: COMMENTS_PER_SHARE, repliesEach: 0, shares: SHARES_LISTED });
        return request(context.base, 'GET', '/api/shares', { cookie });
      },
    },
    {
      route: 'DELETE /api/shares/:id', input: 'a live link with a reader\'s session and 200 comments',
      prepare: async (context) => {
        const { cookie, share } = await seeded(context, { comments: COMMENTS_PER_SHARE, repliesEach: 0 });
        return request(context.base, 'DELETE', `/api/shares/${share.shareId}`, { cookie });
      },
    },
    {
      route: 'GET /api/comments', input: LARGEST_SHARE,
      prepare: async (context) => request(context.base, 'GET', '/api/comments?essayKey=personal', { cookie: (await largestShare(context)).cookie }),
    },
    {
      route: 'POST /api/comments/:id/replies', input: `a reply of ${REPLY_MAX_CHARS.toLocaleString('en')} emoji to a comment holding ${REPLIES_PER_COMMENT - 1}`,
      prepare: async (context) => {
        const { cookie, share } = await seeded(context, { comments: 1, repliesEach: REPLIES_PER_COMMENT - 1 });
        return request(context.base, 'POST', `/api/comments/${share.commentIds[0]}/replies`, {
          cookie, body: { clientId: randomUUID(), text: fill('😀', REPLY_MAX_CHARS) },
        });
      },
    },
    {
      route: 'PUT /api/comments/:id', input: `a comment with ${REPLIES_PER_COMMENT} replies resolved`,
      prepare: async (context) => {
        const { cookie, share } = await seeded(context, { comments: 1, repliesEach: REPLIES_PER_COMMENT });
        return request(context.base, 'PUT', `/api/comments/${share.commentIds[0]}`, { cookie, body: { resolved: true } });
      },
    },
    {
      route: 'POST /api/read/session', input: `a link to a share of ${ESSAY_VERSION_MAX_CHARS.toLocaleString('en')} emoji opened`,
      prepare: async (context) => {
        const cookie = await context.session();
        const made = await ok(request(context.base, 'POST', '/api/shares', {
          cookie, body: { essayKey: 'personal', versionId: 'bench-version', text: fill('😀', ESSAY_VERSION_MAX_CHARS), title: fill('😀', SHARE_TITLE_MAX_CHARS) },
        }));
        const { url } = (await made.json()) as { url: string };
        return request(context.base, 'POST', '/api/read/session', { body: { token: url.replace(/^\/read#/, '') } });
      },
    },
    {
      route: 'GET /api/read/:shareId', input: `${LARGEST_SHARE}, every comment the reader's`,
      prepare: async (context) => {
        const { share } = await largestShare(context);
        return request(context.base, 'GET', `/api/read/${share.shareId}`, { cookie: share.readerCookie });
      },
    },
    {
      route: 'POST /api/read/:shareId/comments', input: `a comment of ${COMMENT_MAX_CHARS.toLocaleString('en')} emoji on a quote of ${QUOTE_MAX_CHARS}, the share's last (it holds ${COMMENTS_PER_SHARE - 1})`,
      prepare: async (context) => {
        const { share } = await seeded(context, { comments: COMMENTS_PER_SHARE - 1, repliesEach: 0 });
        return request(context.base, 'POST', `/api/read/${share.shareId}/comments`, {
          cookie: share.readerCookie, body: { clientId: randomUUID(), text: EMOJI_COMMENT, anchor },
        });
      },
    },
    {
      route: 'PUT /api/read/:shareId/comments/:id', input: `a comment with ${REPLIES_PER_COMMENT} replies rewritten as ${COMMENT_MAX_CHARS.toLocaleString('en')} emoji`,
      prepare: async (context) => {
        const { share } = await seeded(context, { comments: 1, repliesEach: REPLIES_PER_COMMENT });
        return request(context.base, 'PUT', `/api/read/${share.shareId}/comments/${share.commentIds[0]}`, { cookie: share.readerCookie, body: { text: EMOJI_COMMENT } });
      },
    },
    {
      route: 'DELETE /api/read/:shareId/comments/:id', input: `a comment with ${REPLIES_PER_COMMENT} replies`,
      prepare: async (context) => {
        const { share } = await seeded(context, { comments: 1, repliesEach: REPLIES_PER_COMMENT });
        return request(context.base, 'DELETE', `/api/read/${share.shareId}/comments/${share.commentIds[0]}`, { cookie: share.readerCookie });
      },
    },
  ];
}
