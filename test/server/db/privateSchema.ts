// A private PostgreSQL schema for a test that needs its own pool settings (timeouts, pool size): dropped when the
// test finishes. Answers a connection string whose search_path is the schema.
import { randomBytes } from 'node:crypto';
import { onTestFinished } from 'vitest';
import { adminQuery } from '../databases.ts';

export async function privateSchema(url: string): Promise<string> {
  const schema = `test_${randomBytes(6).toString('hex')}`;
  await adminQuery(url, `create schema ${schema}`);
  onTestFinished(() => adminQuery(url, `drop schema if exists ${schema} cascade`));
  const scoped = new URL(url);
  scoped.searchParams.set('options', `-c search_path=${schema}`);
  return scoped.toString();
}
