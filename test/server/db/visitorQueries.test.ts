// PGlite cannot interrupt a statement, and runs in the server's own thread: a statement a visitor can trigger
// must do work bounded by what that visitor owns, never by the size of a table. A real app on PGlite goes
// through what a browser does (session, answers, essays, events, feedback, codes, referrals, checkout, its
// own data fetched and erased), its writes with Idempotency-Keys and some sent twice; every statement it ran is then EXPLAINed with sequential scans priced out, and
// none may still read a whole table.
import { randomUUID } from 'node:crypto';
import { CompiledQuery, Kysely, PostgresDialect } from 'kysely';
import { describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../../../src/server/db/connection.ts';
import { scopedDialect } from '../../../src/server/db/oneTransaction.ts';
import { PgliteSingleConnectionPool } from '../../../src/server/db/pglitePool.ts';
import type { Database } from '../../../src/server/db/schema.ts';
import { bodies } from '../routes/aiRequests.ts';
import { migratedPglite, type TestDatabase } from '../databases.ts';
import { buildTestApp, startSession, TEST_ORIGIN } from '../helper.ts';
import { documentWith } from '../serverProcess.ts';

/** A migrated PGlite handle that records every statement it runs. */
async function recordingPglite(statements: CompiledQuery[]): Promise<DatabaseHandle> {
  const pool = new PgliteSingleConnectionPool(await migratedPglite());
  const db = new Kysely<Database>({
    dialect: scopedDialect(new PostgresDialect({ pool })),
    log: (event) => {
      if (event.level === 'query') statements.push(event.query);
    },
  });
  return { db, kind: 'pglite', close: () => db.destroy() };
}

const at = new Date().toISOString();

/** Each index's first column: a condition on another column alone makes the scan read the whole index. */
async function leadingColumns(handle: DatabaseHandle): Promise<Map<string, string>> {
  const { rows } = await handle.db.executeQuery<{ indexname: string; indexdef: string }>(
    CompiledQuery.raw('select indexname, indexdef from pg_indexes where schemaname = current_schema()'),
  );
  return new Map(rows.map((row) => [row.indexname, /USING \w+ \((\w+)/.exec(row.indexdef)?.[1] ?? '']));
}

/** The parts of a plan that read a whole table or a whole index. */
function wholeReads(plan: string[], leading: Map<string, string>): string[] {
  const problems: string[] = [];
  plan.forEach((line, index) => {
    if (/Seq Scan/.test(line)) problems.push(line.trim());
    const scan = /(?:Index (?:Only )?Scan(?: Backward)? using|Bitmap Index Scan on) (\w+)/.exec(line);
    if (!scan) return;
    const condition = plan.slice(index + 1).find((next) => /Index Cond:|->/.test(next)) ?? '';
    const first = leading.get(scan[1] ?? '') ?? '?';
    if (!condition.includes(`(${first} `) && !plan.some((node) => /^\s*(->\s*)?Limit\b/.test(node))) {
      problems.push(`${line.trim()} without a condition on its first column (${first}): ${condition.trim() || 'none'}`);
    }
  });
  return problems;
}

async function browse(app: Awaited<ReturnType<typeof buildTestApp>>['app']): Promise<void> {
  const { cookie } = await startSession(app);
  const headers = { cookie, origin: TEST_ORIGIN };
  const send = async (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object) => {
    // Every write with a key, as a device sends them (the routes that take none ignore it), each sent twice.
    const keyed = method === 'GET' ? headers : { ...headers, 'idempotency-key': randomUUID() };
    const response = await app.inject({ method, url, headers: keyed, ...(payload ? { payload } : {}) });
    if (method === 'PUT' || url === '/api/events') await app.inject({ method, url, headers: keyed, ...(payload ? { payload } : {}) });
    expect(response.statusCode, `${method} ${url}: ${response.body}`).toBeLessThan(400);
  };
  await send('GET', '/api/whoami');
  await send('PUT', '/api/forms/me', { document: documentWith('Maya'), baseRevision: 0 });
  await send('GET', '/api/forms/me');
  await send('POST', '/api/essay-versions', { versions: [{ id: 'version-0001', essayKey: 'personal', at, kind: 'generated', text: 'A draft.' }] });
  await send('GET', '/api/essay-versions?since=0');
  await send('POST', '/api/events', { events: [{ name: 'page_viewed', timestamp: at, params: { page_path: '/form' } }] });
  await send('POST', '/api/feedback/submit', {
    type: 'bug', rating: 4, message: 'The Next button jumped.', email: null, page: 'form', url: 'http://localhost:8080/form', user_agent: 'Mozilla/5.0',
  });
  await send('POST', '/api/topic-suggestions', bodies.topics());
  await send('POST', '/api/discount-codes', { email: 'maya@example.com' });
  await send('POST', '/api/validate-discount', { code: 'LAUNCH2024-GUESS1' });
  await send('GET', '/api/referrals/info');
  await send('POST', '/api/checkout/upgrade', {});
  await send('GET', '/api/my-data');
  await send('DELETE', '/api/my-data', { confirm: true });
}

describe('the statements a visitor can trigger', () => {
  it('each read only what an index or a LIMIT reaches, never a whole table', async () => {
    const statements: CompiledQuery[] = [];
    const handle = await recordingPglite(statements);
    const target: Pick<TestDatabase, 'open'> = { open: async () => handle };
    const { app } = await buildTestApp(target);
    statements.length = 0; // the app's own as it starts
    await browse(app);
    const visitorStatements = [...statements];

    await handle.db.executeQuery(CompiledQuery.raw('set enable_seqscan = off'));
    const leading = await leadingColumns(handle);
    const explained = new Set<string>();
    const problems: string[] = [];
    for (const statement of visitorStatements) {
      if (!/^\s*(select|insert|update|delete|with)\b/i.test(statement.sql) || explained.has(statement.sql)) continue;
      explained.add(statement.sql);
      const plan = await handle.db.executeQuery<{ 'QUERY PLAN': string }>(CompiledQuery.raw(`explain ${statement.sql}`, [...statement.parameters]));
      const lines = plan.rows.map((row) => row['QUERY PLAN']);
      problems.push(...wholeReads(lines, leading).map((problem) => `${statement.sql}\n  ${problem}`));
    }
    expect(explained.size).toBeGreaterThan(20);
    expect(problems).toEqual([]);
  });
});
