// Sharing a version for comments over HTTP, on PGlite and PostgreSQL: the student's links (made, listed,
// stopped, at most 20 live), the reader's page's calls (the snapshot, a cookie for that share only, comments on
// exact words or in general, each reader seeing only their own), the student's replies and resolutions, the
// end of a link at once on stop or expiry (its secret's digest and reader sessions deleted, its snapshot and
// comments kept), and the shares in "Download my data" and "Delete my data".
import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { anchorAt } from '../../../../src/common/comments/anchor.ts';
import { endExpiredLinksNow } from '../../../../src/server/stages/shares/endedLinks.ts';
import { testDatabases } from '../../databases.ts';
import { buildTestApp } from '../../helper.ts';
import { comment, openLink, share, SNAPSHOT, student, WRITE } from './shareFixtures.ts';

const DAY_MS = 86_400_000;

async function appWithClock(target: (typeof testDatabases)[number]) {
  let now = new Date('2026-03-02T09:00:00.000Z');
  const test = await buildTestApp(target, { clock: () => now });
  return { ...test, advance: (ms: number) => { now = new Date(now.getTime() + ms); } };
}

const anchorOf = (quote: string) => {
  const start = SNAPSHOT.indexOf(quote);
  const built = anchorAt(SNAPSHOT, start, start + quote.length);
  if (!('anchor' in built)) throw new Error(built.problem);
  return built.anchor;
};

describe.each(testDatabases)('shares on $name', (target) => {
  it('shares a version as /read#<token>, keeping its snapshot and only the digest of the link’s secret', async () => {
    const { app, database } = await appWithClock(target);
    const maya = await student(app);
    const link = await share(app, maya.cookie);
    expect(link.url).toMatch(/^\/read#[A-Za-z0-9_-]{22}\.[A-Za-z0-9_-]{43}$/);
    expect(link.expiresAt).toBe('2026-03-09T09:00:00.000Z');
    const secret = link.token.split('.')[1] ?? '';
    const rows = await database.db.selectFrom('shares').selectAll().execute();
    expect(rows).toEqual([expect.objectContaining({
      id: link.id, uid: maya.uid, essay_key: 'personal', version_id: 'version-0001', snapshot: SNAPSHOT, reader_name: 'Ms. Álvarez',
      token_hash: createHash('sha256').update(secret).digest('hex'), stopped_at: null,
    })]);
    expect(JSON.stringify(rows)).not.toContain(secret);

    const list = await app.inject({ method: 'GET', url: '/api/shares', headers: { cookie: maya.cookie } });
    expect(list.json()).toEqual({ shares: [{
      id: link.id, essayKey: 'personal', versionId: 'version-0001', title: 'Some students have a background…', readerName: 'Ms. Álvarez',
      createdAt: '2026-03-02T09:00:00.000Z', expiresAt: '2026-03-09T09:00:00.000Z', state: 'live', comments: 0,
    }] });
    expect(list.body).not.toContain(secret);
    const other = await student(app);
    expect((await app.inject({ method: 'GET', url: '/api/shares', headers: { cookie: other.cookie } })).json()).toEqual({ shares: [] });
    expect((await app.inject({ method: 'GET', url: '/api/shares' })).statusCode).toBe(401);
    expect((await app.inject({ method: 'POST', url: '/api/shares', headers: WRITE, payload: { essayKey: 'personal', versionId: 'version-0001', text: 'x' } })).statusCode).toBe(401);
  });

  it('refuses the 21st live link, and a bad expiry or reader name with a readable 400', async () => {
    const { app, advance } = await appWithClock(target);
    const maya = await student(app);
    const links = [];
    for (let made = 0; made < 20; made += 1) {
      // Ten links a minute is the route's rate.
      if (made % 10 === 0) advance(61_000);
      links.push(await share(app, maya.cookie, { expiresInDays: 2 + (made % 29) }));
    }
    advance(61_000);
    const refused = await app.inject({
      method: 'POST', url: '/api/shares', headers: { cookie: maya.cookie, ...WRITE },
      payload: { essayKey: 'personal', versionId: 'version-0001', text: SNAPSHOT },
    });
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toEqual({ code: 'too_many_shares', error: 'You can have at most 20 links at once. Stop sharing one to make another.' });
    await app.inject({ method: 'DELETE', url: `/api/shares/${links[0]?.id ?? ''}`, headers: { cookie: maya.cookie, ...WRITE } });
    await share(app, maya.cookie);
    for (const bad of [{ expiresInDays: 31 }, { expiresInDays: 0 }, { readerName: 'x'.repeat(61) }]) {
      const answer = await app.inject({
        method: 'POST', url: '/api/shares', headers: { cookie: maya.cookie, ...WRITE },
        payload: { essayKey: 'personal', versionId: 'version-0001', text: SNAPSHOT, ...bad },
      });
      expect(answer.statusCode, JSON.stringify(bad)).toBe(400);
    }
  });

  it('opens the link for a reader with a cookie for that share only, and answers the snapshot with no-store, no-referrer and noindex', async () => {
    const { app, database } = await appWithClock(target);
    const maya = await student(app);
    const link = await share(app, maya.cookie);
    const { response, cookie } = await openLink(app, link.token);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({
      shareId: link.id, title: 'Some students have a background…', text: SNAPSHOT, expiresAt: '2026-03-09T09:00:00.000Z', comments: [],
    });
    const setCookie = String(response.headers['set-cookie']);
    expect(setCookie).toMatch(new RegExp(`^rs_${link.id}=[A-Za-z0-9_-]{43}; Path=/api/read/${link.id}; Expires=Mon, 09 Mar 2026 09:00:00 GMT; HttpOnly; SameSite=Strict$`));
    const [, secret] = link.token.split('.');
    expect(setCookie).not.toContain(secret);
    expect(setCookie).not.toContain(createHash('sha256').update(secret ?? '').digest('hex'));
    expect(setCookie).not.toMatch(/(^|; )sid=/);
    expect(response.headers).toMatchObject({
      'referrer-policy': 'no-referrer', 'x-robots-tag': 'noindex, nofollow, noarchive', 'cache-control': 'no-store',
      'content-security-policy': "default-src 'none'; frame-ancestors 'none'",
    });
    const again = await app.inject({ method: 'GET', url: `/api/read/${link.id}`, headers: { cookie } });
    expect(again.statusCode).toBe(200);
    expect(again.headers['x-robots-tag']).toBe('noindex, nofollow, noarchive');
    expect((await app.inject({ method: 'GET', url: `/api/read/${link.id}` })).json()).toEqual({ code: 'share_link_broken', error: 'This link does not work.' });
    expect(await database.db.selectFrom('device_sessions').selectAll().execute()).toHaveLength(1);

    const unknown = await openLink(app, `${'B'.repeat(22)}.${'C'.repeat(43)}`);
    expect(unknown.response.statusCode).toBe(404);
    expect(unknown.response.json()).toEqual({ code: 'share_link_broken', error: 'This link does not work.' });
    expect(unknown.response.headers['referrer-policy']).toBe('no-referrer');
    expect(unknown.response.headers['set-cookie']).toBeUndefined();
  });

  it('keeps a reader’s comments on exact words and in general, idempotent by client id, seen only by that reader and the student', async () => {
    const { app } = await appWithClock(target);
    const maya = await student(app);
    const link = await share(app, maya.cookie);
    const reader = await openLink(app, link.token);
    const other = await openLink(app, link.token);
    const onPhrase = comment('Which dock? Say where.', anchorOf('on the dock'));
    const general = comment('A lovely start; the ending could say more.');
    const post = (cookie: string, body: unknown) => app.inject({
      method: 'POST', url: `/api/read/${link.id}/comments`, headers: { cookie, ...WRITE }, payload: body as Record<string, unknown>,
    });
    const first = await post(reader.cookie, onPhrase);
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json()).toMatchObject({ id: onPhrase.clientId, text: 'Which dock? Say where.', anchor: anchorOf('on the dock'), readerName: 'Ms. Álvarez', resolved: false, replies: [] });
    expect((await post(reader.cookie, onPhrase)).json()).toEqual(first.json());
    expect((await post(reader.cookie, general)).statusCode).toBe(200);
    // The same client id from another reader is not theirs to take.
    expect((await post(other.cookie, onPhrase)).statusCode).toBe(409);

    const mine = await app.inject({ method: 'GET', url: `/api/read/${link.id}`, headers: { cookie: reader.cookie } });
    // Made in the same millisecond here, so in no particular order.
    expect(mine.json<{ comments: Array<{ id: string }> }>().comments.map((c) => c.id).sort()).toEqual([onPhrase.clientId, general.clientId].sort());
    const theirs = await app.inject({ method: 'GET', url: `/api/read/${link.id}`, headers: { cookie: other.cookie } });
    expect(theirs.json<{ comments: unknown[] }>().comments).toEqual([]);
    const edit = await app.inject({ method: 'PUT', url: `/api/read/${link.id}/comments/${general.clientId}`, headers: { cookie: other.cookie, ...WRITE }, payload: { text: 'Mine now' } });
    expect(edit.statusCode).toBe(404);
    await app.inject({ method: 'DELETE', url: `/api/read/${link.id}/comments/${general.clientId}`, headers: { cookie: other.cookie, ...WRITE } });
    const edited = await app.inject({ method: 'PUT', url: `/api/read/${link.id}/comments/${general.clientId}`, headers: { cookie: reader.cookie, ...WRITE }, payload: { text: 'A lovely start.' } });
    expect(edited.json()).toMatchObject({ id: general.clientId, text: 'A lovely start.' });

    // The student sees both beside the snapshot, replies (once, whatever the retries) and resolves.
    const essay = await app.inject({ method: 'GET', url: '/api/comments?essayKey=personal', headers: { cookie: maya.cookie } });
    const shares = essay.json<{ shares: Array<{ id: string; snapshot: string; state: string; comments: Array<{ id: string; text: string }> }> }>().shares;
    expect(shares).toHaveLength(1);
    expect(shares[0]).toMatchObject({ id: link.id, snapshot: SNAPSHOT, state: 'live' });
    expect(shares[0]?.comments.map((c) => c.text).sort()).toEqual(['A lovely start.', 'Which dock? Say where.']);
    const reply = { clientId: '9b2e7c1a-5d4f-4e3b-8a6c-1f2e3d4c5b6a', text: 'The one at Lake Pleasant.' };
    for (let retry = 0; retry < 2; retry += 1) {
      const replied = await app.inject({ method: 'POST', url: `/api/comments/${onPhrase.clientId}/replies`, headers: { cookie: maya.cookie, ...WRITE }, payload: reply });
      expect(replied.statusCode, replied.body).toBe(200);
      expect(replied.json<{ replies: unknown[] }>().replies).toEqual([{ id: reply.clientId, text: reply.text, at: '2026-03-02T09:00:00.000Z' }]);
    }
    const resolved = await app.inject({ method: 'PUT', url: `/api/comments/${onPhrase.clientId}`, headers: { cookie: maya.cookie, ...WRITE }, payload: { resolved: true } });
    expect(resolved.json()).toMatchObject({ resolved: true });
    const stranger = await student(app);
    expect((await app.inject({ method: 'PUT', url: `/api/comments/${onPhrase.clientId}`, headers: { cookie: stranger.cookie, ...WRITE }, payload: { resolved: false } })).statusCode).toBe(404);
    expect((await app.inject({ method: 'GET', url: '/api/comments?essayKey=personal', headers: { cookie: stranger.cookie } })).json()).toEqual({ shares: [], more: false });
    const seen = await app.inject({ method: 'GET', url: `/api/read/${link.id}`, headers: { cookie: reader.cookie } });
    expect(seen.json<{ comments: Array<{ id: string; replies: unknown[] }> }>().comments.find((c) => c.id === onPhrase.clientId)?.replies).toHaveLength(1);
    const listed = await app.inject({ method: 'GET', url: '/api/shares', headers: { cookie: maya.cookie } });
    expect(listed.json<{ shares: Array<{ comments: number }> }>().shares[0]?.comments).toBe(2);

    const removed = await app.inject({ method: 'DELETE', url: `/api/read/${link.id}/comments/${general.clientId}`, headers: { cookie: reader.cookie, ...WRITE } });
    expect(removed.statusCode).toBe(204);
  });

  it('refuses a quote not in the snapshot, a 2,001-character comment and the 201st comment with a clear 4xx', async () => {
    const { app } = await appWithClock(target);
    const maya = await student(app);
    const link = await share(app, maya.cookie);
    const reader = await openLink(app, link.token);
    const post = (body: unknown) => app.inject({
      method: 'POST', url: `/api/read/${link.id}/comments`, headers: { cookie: reader.cookie, ...WRITE }, payload: body as Record<string, unknown>,
    });
    const elsewhere = { ...anchorOf('on the dock'), quote: 'in the boat' };
    const notThere = await post(comment('Hm.', elsewhere));
    expect(notThere.statusCode).toBe(422);
    expect(notThere.json()).toEqual({ code: 'quote_not_in_snapshot', error: 'The quote is not in the shared text at its position.' });
    const tooLong = await post(comment('x'.repeat(2001)));
    expect(tooLong.statusCode).toBe(400);
    expect(tooLong.json<{ error: string }>().error).toMatch(/text/);
    for (let made = 0; made < 200; made += 1) expect((await post(comment(`Note ${made}`))).statusCode).toBe(200);
    const over = await post(comment('One more'));
    expect(over.statusCode).toBe(409);
    expect(over.json()).toEqual({ code: 'too_many_comments', error: 'This link already holds 200 comments, as many as it can.' });
  }, 60_000);

  it('stops a link at once: its digest and reader sessions go, its snapshot and comments stay; the reader is told the student stopped sharing', async () => {
    const { app, database } = await appWithClock(target);
    const maya = await student(app);
    const link = await share(app, maya.cookie);
    const reader = await openLink(app, link.token);
    await app.inject({ method: 'POST', url: `/api/read/${link.id}/comments`, headers: { cookie: reader.cookie, ...WRITE }, payload: comment('Lovely.') });
    const stranger = await student(app);
    expect((await app.inject({ method: 'DELETE', url: `/api/shares/${link.id}`, headers: { cookie: stranger.cookie, ...WRITE } })).statusCode).toBe(404);

    const stopped = await app.inject({ method: 'DELETE', url: `/api/shares/${link.id}`, headers: { cookie: maya.cookie, ...WRITE } });
    expect(stopped.json()).toEqual({ stopped: true });
    expect(await database.db.selectFrom('shares').select(['token_hash', 'snapshot']).execute()).toEqual([{ token_hash: null, snapshot: SNAPSHOT }]);
    expect(await database.db.selectFrom('reader_sessions').selectAll().execute()).toEqual([]);
    expect(await database.db.selectFrom('share_comments').select('text').execute()).toEqual([{ text: 'Lovely.' }]);

    const told = { code: 'share_stopped', error: 'The student stopped sharing this link.' };
    const page = await app.inject({ method: 'GET', url: `/api/read/${link.id}`, headers: { cookie: reader.cookie } });
    expect(page.statusCode).toBe(410);
    expect(page.json()).toEqual(told);
    expect(String(page.headers['set-cookie'])).toMatch(new RegExp(`^rs_${link.id}=; Max-Age=0; Path=/api/read/${link.id}`));
    expect((await openLink(app, link.token)).response.json()).toEqual(told);
    const write = await app.inject({ method: 'POST', url: `/api/read/${link.id}/comments`, headers: { cookie: reader.cookie, ...WRITE }, payload: comment('Still here?') });
    expect(write.json()).toEqual(told);
    const listed = await app.inject({ method: 'GET', url: '/api/shares', headers: { cookie: maya.cookie } });
    expect(listed.json<{ shares: Array<{ state: string; comments: number }> }>().shares).toEqual([expect.objectContaining({ state: 'stopped', comments: 1 })]);
    expect((await app.inject({ method: 'GET', url: '/api/comments?essayKey=personal', headers: { cookie: maya.cookie } })).json<{ shares: unknown[] }>().shares).toHaveLength(1);
  });

  it('ends a link at its expiry: the reader is told it expired, and the hourly run deletes its digest and sessions', async () => {
    const { app, database, advance } = await appWithClock(target);
    const maya = await student(app);
    const link = await share(app, maya.cookie, { expiresInDays: 1 });
    const lingering = await share(app, maya.cookie, { expiresInDays: 1 });
    const reader = await openLink(app, link.token);
    await openLink(app, lingering.token);
    advance(DAY_MS);
    const told = { code: 'share_expired', error: 'This link has expired.' };
    expect((await app.inject({ method: 'GET', url: `/api/read/${link.id}`, headers: { cookie: reader.cookie } })).json()).toEqual(told);
    expect((await openLink(app, link.token)).response.json()).toEqual(told);
    // The request that found it expired ended it; the hourly run ends the other.
    expect(await database.db.selectFrom('shares').select('token_hash').where('id', '=', link.id).executeTakeFirst()).toEqual({ token_hash: null });
    expect(await endExpiredLinksNow(database.db, new Date('2026-03-03T09:00:00.000Z'))).toBe(1);
    expect(await database.db.selectFrom('shares').select('token_hash').where('token_hash', 'is not', null).execute()).toEqual([]);
    expect(await database.db.selectFrom('reader_sessions').selectAll().execute()).toEqual([]);
    const listed = await app.inject({ method: 'GET', url: '/api/shares', headers: { cookie: maya.cookie } });
    expect(listed.json<{ shares: Array<{ state: string }> }>().shares.map((row) => row.state)).toEqual(['expired', 'expired']);
  });

  it('puts the shares, comments and replies in "Download my data" and erases them with "Delete my data"', async () => {
    const { app, database } = await appWithClock(target);
    const maya = await student(app);
    const theo = await student(app);
    const link = await share(app, maya.cookie);
    const kept = await share(app, theo.cookie);
    const reader = await openLink(app, link.token);
    const note = comment('Which dock?', anchorOf('on the dock'));
    await app.inject({ method: 'POST', url: `/api/read/${link.id}/comments`, headers: { cookie: reader.cookie, ...WRITE }, payload: note });
    await app.inject({ method: 'POST', url: `/api/comments/${note.clientId}/replies`, headers: { cookie: maya.cookie, ...WRITE }, payload: { clientId: '1b2e7c1a-5d4f-4e3b-8a6c-1f2e3d4c5b6a', text: 'Lake Pleasant.' } });

    const exported = await app.inject({ method: 'GET', url: '/api/my-data', headers: { cookie: maya.cookie } });
    const tables = exported.json<{ tables: Record<string, Array<Record<string, unknown>>> }>().tables;
    expect(tables.shares).toEqual([expect.objectContaining({ id: link.id, snapshot: SNAPSHOT, reader_name: 'Ms. Álvarez' })]);
    expect(Object.keys(tables.shares?.[0] ?? {})).not.toContain('token_hash');
    expect(tables.share_comments).toEqual([expect.objectContaining({ id: note.clientId, text: 'Which dock?', quote: 'on the dock' })]);
    expect(tables.share_replies).toEqual([expect.objectContaining({ text: 'Lake Pleasant.' })]);
    expect(exported.body).not.toContain(link.token.split('.')[1]);

    const erased = await app.inject({ method: 'DELETE', url: '/api/my-data', headers: { cookie: maya.cookie, ...WRITE }, payload: { confirm: true } });
    expect(erased.statusCode, erased.body).toBeLessThan(300);
    expect(await database.db.selectFrom('shares').select('id').execute()).toEqual([{ id: kept.id }]);
    expect(await database.db.selectFrom('share_comments').selectAll().execute()).toEqual([]);
    expect(await database.db.selectFrom('share_replies').selectAll().execute()).toEqual([]);
    expect(await database.db.selectFrom('reader_sessions').selectAll().execute()).toEqual([]);
    expect((await openLink(app, link.token)).response.json()).toEqual({ code: 'share_link_broken', error: 'This link does not work.' });
  });
});

describe.each(testDatabases)('the comments of one essay on $name', (target) => {
  it('answers a page of shares, newest first, past 500,000 characters no further one, and the next page after the last', async () => {
    const { app, advance } = await appWithClock(target);
    const maya = await student(app);
    const long = 'w'.repeat(20_000);
    const ids: string[] = [];
    for (let made = 0; made < 25; made += 1) {
      // Each a moment after the last (and within the route's ten a minute).
      advance(7_000);
      const link = await share(app, maya.cookie, { text: long });
      const reader = await openLink(app, link.token, `10.1.0.${made}`);
      for (let note = 0; note < 5; note += 1) {
        await app.inject({ method: 'POST', url: `/api/read/${link.id}/comments`, headers: { cookie: reader.cookie, ...WRITE }, payload: comment('x'.repeat(2000)) });
      }
      // Stopped, so more than 20 can be made; its comments stay.
      await app.inject({ method: 'DELETE', url: `/api/shares/${link.id}`, headers: { cookie: maya.cookie, ...WRITE } });
      ids.unshift(link.id);
    }
    await share(app, maya.cookie, { essayKey: 'coach-personal' });
    const page = async (after?: string) => {
      const answer = await app.inject({ method: 'GET', url: `/api/comments?essayKey=personal${after ? `&after=${after}` : ''}`, headers: { cookie: maya.cookie } });
      expect(answer.statusCode, answer.body).toBe(200);
      return answer.json<{ shares: Array<{ id: string }>; more: boolean }>();
    };
    // 30,000 characters a share: 17 of them pass 500,000, and the page ends there.
    const first = await page();
    expect(first.shares.map((row) => row.id)).toEqual(ids.slice(0, 17));
    expect(first.more).toBe(true);
    const second = await page(first.shares.at(-1)?.id);
    expect(second).toEqual({ shares: ids.slice(17).map((id) => expect.objectContaining({ id })), more: false });
  }, 60_000);
});

describe.each(testDatabases)('counts under concurrent writes on $name', (target) => {
  it('lets exactly 200 comments in when 20 arrive at once at 190, and exactly 20 live links when 5 are made at once at 17', async () => {
    const { app, database, advance } = await appWithClock(target);
    const maya = await student(app);
    const link = await share(app, maya.cookie);
    const reader = await openLink(app, link.token);
    const session = (await database.db.selectFrom('reader_sessions').select('id').executeTakeFirstOrThrow()).id;
    const at = new Date('2026-03-02T09:00:00.000Z');
    await database.db.insertInto('share_comments').values(Array.from({ length: 190 }, (_, n) => ({
      id: `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`, share_id: link.id, reader_session_id: session, text: `Note ${n}`,
      quote: null, prefix: null, suffix: null, quote_start: null, quote_end: null, resolved: false, created_at: at, updated_at: at,
    }))).execute();
    const answers = await Promise.all(Array.from({ length: 20 }, () => app.inject({
      method: 'POST', url: `/api/read/${link.id}/comments`, headers: { cookie: reader.cookie, ...WRITE }, payload: comment('At once'),
    })));
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([...Array(10).fill(200), ...Array(10).fill(409)]);
    expect(await database.db.selectFrom('share_comments').select('id').execute()).toHaveLength(200);

    for (let made = 1; made < 17; made += 1) {
      if (made % 10 === 0) advance(61_000);
      await share(app, maya.cookie);
    }
    advance(61_000);
    const links = await Promise.all(Array.from({ length: 5 }, () => app.inject({
      method: 'POST', url: '/api/shares', headers: { cookie: maya.cookie, ...WRITE },
      payload: { essayKey: 'personal', versionId: 'version-0001', text: SNAPSHOT },
    })));
    expect(links.map((answer) => answer.statusCode).sort()).toEqual([201, 201, 201, 409, 409]);
  }, 60_000);
});
