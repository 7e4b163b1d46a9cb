// The client's layers and "components only dispatch and select" are lint rules: fixtures show each one
// failing on code that breaks it (lintRules.cases.ts lints them with the repository's own configuration).
import { execFile } from 'node:child_process';
import { watch } from 'node:fs';
import { resolve } from 'node:path';
import { promisify } from 'node:util';
import { beforeAll, describe, expect, it } from 'vitest';
import { PROCESS_STEP_MS, processSteps } from '../setup/processStep.ts';

let results: Record<string, string[]> = {};
let noCycle: unknown;
/** The fixtures' files that appeared under src/ while the cases ran. */
const fixturesInSrc: string[] = [];

beforeAll(async () => {
  // Tests run from the repository's root (test/vitest.config.ts).
  const script = resolve('test/app/lintRules.cases.ts');
  const watcher = watch('src', { recursive: true }, (_event, name) => {
    if (name && /fixture/i.test(name)) fixturesInSrc.push(name);
  });
  try {
    const { stdout } = await promisify(execFile)(process.execPath, ['--import', 'tsx', script], { encoding: 'utf8', maxBuffer: 10_000_000, timeout: PROCESS_STEP_MS });
    ({ results, noCycle } = JSON.parse(stdout) as { results: Record<string, string[]>; noCycle: unknown });
  } finally {
    watcher.close();
  }
}, processSteps(1));

it('writes no fixture under src/, which the lint and the type-check of `npm test` read beside it', () => {
  expect(fixturesInSrc).toEqual([]);
});

describe('the client layers', () => {
  it('a feature may import the app only for its typed hooks', () => {
    expect(results['feature imports the hooks']).toEqual([]);
    expect(results['feature imports the form document']).toContain('import/no-restricted-paths');
    expect(results['feature imports the store']).toContain('import/no-restricted-paths');
  });

  it('src/client-core imports neither the app nor a feature', () => {
    expect(results['client-core imports the app']).toContain('import/no-restricted-paths');
    expect(results['client-core imports a feature']).toContain('import/no-restricted-paths');
  });

  it('every folder of src/features is a stage inside the import zones, the coach too', () => {
    expect(results['coach reaches into another stage']).toContain('import/no-restricted-paths');
  });

  it('outside src/features a stage is reached only through the list of stages, and only by its stage.ts', () => {
    expect(results['the list imports a stage declaration']).toEqual([]);
    expect(results['the list imports past a stage declaration']).toContain('rulesdir/stage-imports-through-list');
    expect(results['the app imports a stage past the list']).toContain('rulesdir/stage-imports-through-list');
  });

  it('the cycle rule holds for client modules, and a cycle fails the lint', () => {
    expect(noCycle).toEqual(['error', expect.objectContaining({ ignoreExternal: true })]);
    expect(results['a cycle']).toContain('import/no-cycle');
  });
});

describe('components only dispatch and select', () => {
  it('no component calls fetch or apiRequest', () => {
    expect(results['component calls fetch']).toContain('no-restricted-globals');
    expect(results['component calls window.fetch']).toContain('no-restricted-properties');
    expect(results['component calls apiRequest']).toContain('no-restricted-imports');
  });

  it('a thunk module may call the API', () => {
    expect(results['thunk module calls apiRequest']).toEqual([]);
  });
});
