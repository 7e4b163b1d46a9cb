// The committed record of a bench run, test/bench/RESULTS.md: the figures with what they were measured on
// (the commit, the machine with its load when the run started, and the browser the browser benches drove), since a
// figure means little without them.
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { cpus, loadavg, totalmem } from 'node:os';
import { chromiumLaunchOptions, HEADLESS_SHELL } from '../e2e/support/chromium.ts';
import { type BenchRow, formatRows } from './types.ts';

export const RESULTS_FILE = 'test/bench/RESULTS.md';

/** The failover bench (`npm run bench:failover`, failover.ts) keeps its own section of the file, between these. */
export const FAILOVER_SECTION = { start: '<!-- failover bench: npm run bench:failover -->', end: '<!-- end of the failover bench -->' };

/** The failover bench's section of the file as it stands, or ''. */
function failoverSection(text: string): string {
  const start = text.indexOf(FAILOVER_SECTION.start);
  const end = text.indexOf(FAILOVER_SECTION.end);
  return start >= 0 && end > start ? text.slice(start, end + FAILOVER_SECTION.end.length) : '';
}

/** `document` with the failover bench's section of the current file kept at its end (npm run bench does not run it). */
export function keepingFailoverSection(document: string): string {
  const kept = existsSync(RESULTS_FILE) ? failoverSection(readFileSync(RESULTS_FILE, 'utf8')) : '';
  return kept === '' ? document : `${document.trimEnd()}\n\n${kept}\n`;
}

/** The file with the failover bench's section replaced by `section` (or added). */
export function withFailoverSection(text: string, section: string): string {
  const current = failoverSection(text);
  return current === '' ? `${text.trimEnd()}\n\n${section}\n` : text.replace(current, section);
}

export interface RunFacts {
  commit: string;
  startedAt: Date;
  machine: string;
  browser: string;
  command: string;
}

/** One bench's outcome: its rows, and tables of its own (the load scenarios, the quality harness) if it has any. */
export interface BenchSection {
  name: string;
  rows: BenchRow[];
  markdown?: string;
}

function git(args: string[]): string | undefined {
  try {
    return execFileSync('git', args, { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }).trim();
  } catch {
    return undefined;
  }
}

/** `git rev-parse HEAD`, marked when the working tree differs from it (the figures are then of other code). */
export function commitFacts(): string {
  const head = git(['rev-parse', 'HEAD']);
  if (head === undefined) return 'unknown (not a git checkout)';
  const changed = git(['status', '--porcelain', '--untracked-files=no']);
  return changed ? `${head}, with uncommitted changes` : head;
}

/** CPU model, cores, memory, Node version and load average: read when the run starts, before it adds its own load. */
export function machineFacts(): string {
  const processors = cpus();
  const model = processors[0]?.model.trim() ?? 'unknown CPU';
  const memoryGb = (totalmem() / 1024 ** 3).toFixed(1);
  const load = loadavg().map((value) => value.toFixed(2)).join(' / ');
  return `${model}, ${processors.length} cores, ${memoryGb} GB memory, Node ${process.version}, `
    + `load average ${load} (1, 5, 15 min) at start`;
}

const versionOf = (path: string): string => {
  try {
    return execFileSync(path, ['--version'], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'], timeout: 10_000 }).trim();
  } catch {
    return `unknown (${path} --version failed)`;
  }
};

/**
 * What `--version` says of the browser the browser benches launch (CHROMIUM_PATH names another), and of the
 * headless shell that judges the questionnaire's cold reload.
 */
export function browserFacts(): string {
  return `${versionOf(chromiumLaunchOptions.executablePath ?? 'chromium')}; headless shell (the cold reload's budget): `
    + versionOf(HEADLESS_SHELL);
}

export function resultsDocument(run: RunFacts, sections: BenchSection[], notRun: string[]): string {
  const header = [
    '# Benchmark results',
    '',
    'Written by `npm run bench` (`test/bench/run.ts`) at the end of each run; what each bench measures is in',
    '[README.md](README.md). Compare figures only with figures from the same machine and browser, under a similar load.',
    '',
    `- commit: ${run.commit}`,
    `- run: ${run.startedAt.toISOString()}, \`${run.command}\``,
    `- machine: ${run.machine}`,
    `- browser: ${run.browser}`,
    `- benches run: ${sections.map((section) => section.name).join(', ')}`,
    ...(notRun.length > 0 ? [`- not run: ${notRun.join(', ')}`] : []),
    '',
    '## Budgets',
    '',
    formatRows(sections.flatMap((section) => section.rows)),
  ];
  const details = sections
    .filter((section) => section.markdown !== undefined)
    .flatMap((section) => ['', `## ${section.name}`, '', section.markdown ?? '']);
  return `${[...header, ...details].join('\n')}\n`;
}
