// The lint refuses what the layering, dead-code and test-wait rules forbid, shown on fixtures that break each rule
// on purpose (test/lint/fixtures/, which `npm run lint` itself skips).
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { PROCESS_STEP_MS, processSteps } from '../setup/processStep.ts';

const root = fileURLToPath(new URL('../..', import.meta.url));
const fixture = (name: string) => fileURLToPath(new URL(`./fixtures/${name}`, import.meta.url));

const RULE = 'rulesdir/no-api-outside-thunks';

interface LintedFile { file: string; rules: Array<string | null>; messages: string[]; errors: number }

const FOLDERS = ['cycle', 'apiReach/wrapped', 'apiReach/doors', 'conditionWait', 'rawUrl', 'stageImports'];
let linted: { status: number | null; files: Array<LintedFile & { path: string }> } | undefined;

/**
 * Lints every fixture folder with the repository's configuration in one run of ESLint: starting ESLint and
 * the TypeScript resolver is most of a run's time, and each rule here reports on a file whichever others the
 * run lints beside it.
 */
function lintAll() {
  if (linted) return linted;
  const run = spawnSync('npx', ['eslint', '--no-ignore', '--format', 'json', '--ext', '.ts,.tsx', ...FOLDERS.map(fixture)], {
    cwd: root, encoding: 'utf8', timeout: PROCESS_STEP_MS,
  });
  if (run.error) throw new Error(`ESLint did not end: ${run.error.message}\n${run.stderr}`);
  const results = JSON.parse(run.stdout) as Array<{ filePath: string; errorCount: number; messages: Array<{ ruleId: string | null; message: string }> }>;
  linted = {
    status: run.status,
    files: results.map((result) => ({
      path: result.filePath,
      file: result.filePath.slice(result.filePath.lastIndexOf('/') + 1),
      rules: result.messages.map((message) => message.ruleId),
      messages: result.messages.map((message) => message.message),
      errors: result.errorCount,
    })),
  };
  return linted;
}

/** One fixture folder's files: each one's name, the rules it broke, their messages and how many are errors. */
const lint = (folder: string): LintedFile[] =>
  lintAll().files.filter(({ path }) => path.startsWith(`${fixture(folder)}/`)).map(({ path: _path, ...file }) => file);

describe('npm run lint', () => {
  it('refuses an import cycle (import/no-cycle)', () => {
    // An error fails the run (ESLint exits 1): each file of the cycle has one, from import/no-cycle alone.
    expect(lintAll().status).toBe(1);
    const results = lint('cycle');
    expect(results).toHaveLength(2);
    for (const result of results) {
      expect(result.rules).toEqual(['import/no-cycle']);
      expect(result.errors).toBe(1);
    }
  }, processSteps(1));

  it('refuses a component that reaches the API client through helpers, however many (no-api-outside-thunks)', () => {
    const results = lint('apiReach/wrapped');
    expect(results.map(({ file, rules }) => [file, rules])).toEqual([
      ['Greeting.tsx', [RULE]], ['PlainApi.tsx', [RULE]], ['helperA.ts', []], ['helperB.ts', []], ['plainApi.ts', []],
    ]);
    const [wrapped] = results;
    // The message shows the whole chain, both helpers included.
    expect(wrapped?.messages[0]).toContain(
      'test/lint/fixtures/apiReach/wrapped/Greeting.tsx → test/lint/fixtures/apiReach/wrapped/helperA.ts → '
      + 'test/lint/fixtures/apiReach/wrapped/helperB.ts → src/api/index.ts → src/api/client.ts',
    );
  }, processSteps(1));

  it("lets a component reach the API through a slice's thunk or an RTK Query API slice's hooks, and take types and pure helpers from src/api", () => {
    const results = lint('apiReach/doors');
    expect(results.map(({ file, rules }) => [file, rules])).toEqual([
      ['Greeting.tsx', []], ['greetingApi.ts', []], ['greetingSlice.ts', []], ['greetingThunks.ts', []],
    ]);
  }, processSteps(1));

  it('refuses a module outside the stages that imports a stage past the list of stages (stage-imports-through-list)', () => {
    const results = lint('stageImports');
    expect(results.map(({ file, rules }) => [file, rules])).toEqual([
      ['appModule.ts', Array(4).fill('rulesdir/stage-imports-through-list')], ['appShared.ts', []],
    ]);
    // A value, a stage's declaration, a type and a lazily loaded page: each named with the way through.
    expect(results[0]?.messages[0]).toContain('src/features/coach/coachSlice.ts: outside src/features a stage is reached only through src/app/stages.ts');
  }, processSteps(1));

  it("refuses a test's vi.waitFor or expect.poll left at Vitest's one-second default", () => {
    const [waits] = lint('conditionWait');
    expect(waits?.rules).toEqual(['no-restricted-syntax', 'no-restricted-syntax']);
    expect(waits?.messages.map((message) => message.slice(0, message.indexOf(' with')))).toEqual(['Bound vi.waitFor', 'Bound expect.poll']);
  }, processSteps(1));

  it('refuses a server part that reads the URL as sent instead of the path judged before routing', () => {
    const [member] = lint('rawUrl');
    expect(member?.rules).toEqual(['no-restricted-syntax', 'no-restricted-syntax', 'no-restricted-syntax', 'no-restricted-syntax']);
    expect(new Set(member?.messages)).toEqual(new Set([expect.stringContaining('requestPath(request)')]));
  }, processSteps(1));

  it('refuses an export nobody imports (knip)', () => {
    const run = spawnSync('npx', ['knip', '--directory', fixture('unusedExport')], { cwd: root, encoding: 'utf8', timeout: PROCESS_STEP_MS });
    if (run.error) throw new Error(`knip did not end: ${run.error.message}\n${run.stderr}`);
    expect(run.status).toBe(1);
    expect(run.stdout).toMatch(/\bunused\b.*helpers\.ts:3/);
    expect(run.stdout).not.toMatch(/\bused\b.*helpers\.ts:2/);
  }, processSteps(1));

  it('refuses an import of a server stage from anywhere but src/server/stages.ts (import/no-restricted-paths)', () => {
    // Linted as if it sat in the server's infrastructure, beside app.ts: the zones are built from src/server/stages/.
    const run = spawnSync('npx', [
      // import/no-cycle reads the file from disk, and this one exists only on standard input.
      'eslint', '--format', 'json', '--rule', 'import/no-cycle: off', '--stdin', '--stdin-filename', 'src/server/stageImportFixture.ts',
    ], {
      cwd: root, encoding: 'utf8', timeout: PROCESS_STEP_MS,
      input: "import { clearForm } from './stages/wizard/repository.ts';\nexport const reset = clearForm;\n",
    });
    const [result] = JSON.parse(run.stdout) as Array<{ messages: Array<{ ruleId: string | null; message: string }> }>;
    expect(result?.messages).toContainEqual(expect.objectContaining({
      ruleId: 'import/no-restricted-paths', message: expect.stringContaining('registered only through src/server/stages.ts'),
    }));
  }, processSteps(1));
});
