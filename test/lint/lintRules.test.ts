// The lint refuses what the layering and the dead-code rules forbid, shown on fixtures that break each rule
// on purpose (test/lint/fixtures/, which `npm run lint` itself skips).
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const root = fileURLToPath(new URL('../..', import.meta.url));
const fixture = (name: string) => fileURLToPath(new URL(`./fixtures/${name}`, import.meta.url));

describe('npm run lint', () => {
  it('refuses an import cycle (import/no-cycle)', () => {
    const run = spawnSync('npx', ['eslint', '--no-ignore', '--format', 'json', '--ext', '.ts', fixture('cycle')], { cwd: root, encoding: 'utf8' });
    expect(run.status).toBe(1);
    const results = JSON.parse(run.stdout) as Array<{ filePath: string; messages: Array<{ ruleId: string | null }> }>;
    expect(results).toHaveLength(2);
    for (const result of results) expect(result.messages.map((message) => message.ruleId)).toEqual(['import/no-cycle']);
  }, 60_000);

  it('refuses an export nobody imports (knip)', () => {
    const run = spawnSync('npx', ['knip', '--directory', fixture('unusedExport')], { cwd: root, encoding: 'utf8' });
    expect(run.status).toBe(1);
    expect(run.stdout).toMatch(/\bunused\b.*helpers\.ts:3/);
    expect(run.stdout).not.toMatch(/\bused\b.*helpers\.ts:2/);
  }, 60_000);
});
