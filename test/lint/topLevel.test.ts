// The repository's top level holds the project's configuration and its four folders, nothing else: code, pages and
// documents live beside what they belong to (an HTML entry under its feature, a topic's page beside its code).
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));

const ALLOWED = new Set([
  'package.json', 'package-lock.json', 'vite.config.ts', 'tsconfig.json', '.eslintrc.cjs', 'README.md', 'index.html',
  '.gitignore', '.env.example', '.ci', 'src', 'public', 'test',
]);

/** The top-level names of every file git would commit: tracked, or new and not ignored. */
function topLevelNames(): string[] {
  const run = spawnSync('git', ['ls-files', '--cached', '--others', '--exclude-standard', '-z'], { cwd: ROOT, encoding: 'utf8' });
  if (run.status !== 0) throw new Error(`git ls-files failed: ${run.error?.message ?? run.stderr}`);
  return [...new Set(run.stdout.split('\0').filter(Boolean).map((path) => path.split('/')[0] ?? path))].sort();
}

describe('the top level', () => {
  it('holds only the configuration, the README, the landing page and the src, public, test and .ci folders', () => {
    const names = topLevelNames();
    expect(names.filter((name) => !ALLOWED.has(name))).toEqual([]);
    // The list is read from git: the folders every build needs are there.
    expect(names).toEqual(expect.arrayContaining(['package.json', 'src', 'test']));
  });
});
