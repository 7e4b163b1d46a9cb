// The documentation a newcomer reads: README.md stays a five-minute read that links the READMEs beside the code,
// and no link or path in any README or page beside one points at a file that is not there (a moved file must take
// its docs along).
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const MAX_LINES = 200;
const MAX_LINE_LENGTH = 120;

/** Every Markdown page under `dir`: the folders' READMEs and the pages beside them (a topic moved out of one). */
function pagesUnder(dir: string): string[] {
  return readdirSync(join(ROOT, dir), { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return pagesUnder(path);
    return entry.name.endsWith('.md') ? [path] : [];
  });
}

/** README.md, every folder README and page beside it, and the bench's results, which link back to their README. */
const DOCUMENTS = ['README.md', ...pagesUnder('src'), ...pagesUnder('test')];
const text = (file: string): string => readFileSync(join(ROOT, file), 'utf8');
const withoutCodeBlocks = (markdown: string): string => markdown.replace(/^```[^\n]*\n[^]*?^```$/gm, '');

/** Targets of `[text](target)` links that stay in the repository (no scheme, no bare #anchor). */
function relativeLinks(markdown: string): string[] {
  const targets = [...withoutCodeBlocks(markdown).matchAll(/\]\(([^()\s]+)\)/g)].map(([, target]) => target ?? '');
  return targets.filter((target) => !/^[a-z][a-z0-9+.-]*:/i.test(target) && !target.startsWith('#'));
}

/** Paths from the repository's root written as code, such as `src/server/app.ts` (placeholders like <area> aside). */
function rootPathsInCode(markdown: string): string[] {
  const spans = [...markdown.matchAll(/`([^`\n]+)`/g)].map(([, span]) => span ?? '');
  return spans.filter((span) => /^(?:src|test)\/[\w./-]+\.[a-z]+$/.test(span));
}

function pointsAtDocumentedFile(from: string, target: string): boolean {
  const path = join(ROOT, dirname(from), decodeURIComponent(target.split('#')[0] ?? ''));
  if (!existsSync(path)) return false;
  return statSync(path).isFile() || existsSync(join(path, 'README.md'));
}

describe('README.md', () => {
  const lines = text('README.md').replace(/\n$/, '').split('\n');

  it(`is at most ${MAX_LINES} lines of at most ${MAX_LINE_LENGTH} characters`, () => {
    expect(lines.length).toBeLessThanOrEqual(MAX_LINES);
    const long = lines.map((line, index) => ({ line: index + 1, length: [...line].length }))
      .filter(({ length }) => length > MAX_LINE_LENGTH);
    expect(long).toEqual([]);
  });

  it('links the configuration, the bench results and the READMEs beside the code', () => {
    const links = relativeLinks(text('README.md'));
    const expected = [
      '.env.example', 'test/bench/RESULTS.md', 'test/bench/README.md', 'test/README.md',
      'src/server/limits/README.md', 'src/server/db/README.md', 'src/server/backup/README.md',
      'src/server/lifecycle/README.md', 'src/server/metrics/README.md', 'src/server/payments/README.md',
      'src/server/ai/README.md', 'src/app/persistence/README.md', 'src/app/README.md',
      'src/features/essay/README.md', 'src/remote/README.md',
    ];
    expect(expected.filter((target) => !links.includes(target))).toEqual([]);
  });
});

describe.each(DOCUMENTS)('%s', (file) => {
  const markdown = text(file);

  it('links only files that exist (a folder only when it has a README)', () => {
    const broken = relativeLinks(markdown).filter((target) => !pointsAtDocumentedFile(file, target));
    expect(broken).toEqual([]);
  });

  it('names only source and test files that exist', () => {
    const missing = rootPathsInCode(markdown).filter((path) => !existsSync(join(ROOT, path)));
    expect(missing).toEqual([]);
  });

  it.skipIf(file.endsWith('RESULTS.md'))('states what is, without dates or citations of documents outside it', () => {
    const prose = withoutCodeBlocks(markdown);
    expect(prose.match(/\b20\d\d-[01]\d-[0-3]\d\b/g) ?? [], 'a date stamp').toEqual([]);
    expect(prose.match(/\.\.\/shared|\b(?:SPEC|ARCHITECTURE)\b/g) ?? [], relative(ROOT, join(ROOT, file))).toEqual([]);
  });
});
