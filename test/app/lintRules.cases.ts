// Run by lintRules.test.ts in a Node process of its own (ESLint's import resolver does not run inside the
// test environment): writes each fixture where it names, lints it with the repository's own configuration,
// removes it again, and prints the rule ids each one broke, as JSON. The files are real because the cycle
// rule reads the modules it follows from disk.
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';

export type LintCase = { name: string; code: string; filePath: string };

const component = (body: string, imports = '') => `${imports}export function Fixture() {\n  ${body}\n  return null;\n}\n`;

export const CASES: LintCase[] = [
  { name: 'feature imports the hooks', filePath: 'src/features/discount/layerFixture.ts',
    code: "import { useAppDispatch } from '../../app/hooks.ts';\nexport const use = useAppDispatch;\n" },
  { name: 'feature imports the form document', filePath: 'src/features/discount/layerFixture.ts',
    code: "import { selectFormDocument } from '../../app/formDocument.ts';\nexport const select = selectFormDocument;\n" },
  { name: 'feature imports the store', filePath: 'src/features/referrals/layerFixture.ts',
    code: "import { persistRootReducer } from '../../app/persistence/localPersistence.ts';\nexport const reducer = persistRootReducer;\n" },
  { name: 'client-core imports the app', filePath: 'src/client-core/layerFixture.ts',
    code: "import { useAppDispatch } from '../app/hooks.ts';\nexport const use = useAppDispatch;\n" },
  { name: 'client-core imports a feature', filePath: 'src/client-core/layerFixture.ts',
    code: "import { discountSlice } from '../features/discount/index.ts';\nexport const slice = discountSlice;\n" },
  { name: 'a cycle', filePath: 'src/features/discount/cycleFixtureA.ts',
    code: "import { b } from './cycleFixtureB.ts';\nexport const a = () => b;\n" },
  { name: 'the other half of the cycle', filePath: 'src/features/discount/cycleFixtureB.ts',
    code: "import { a } from './cycleFixtureA.ts';\nexport const b = () => a;\n" },
  { name: 'component calls fetch', filePath: 'src/features/discount/Fixture.tsx', code: component("void fetch('/api/whoami');") },
  { name: 'component calls window.fetch', filePath: 'src/app/layout/Fixture.tsx', code: component("void window.fetch('/api/whoami');") },
  { name: 'component calls apiRequest', filePath: 'src/features/checkout/Fixture.tsx',
    code: component('void apiRequest(endpoints.whoami);', "import { apiRequest, endpoints } from '../../api/index.ts';\n") },
  { name: 'thunk module calls apiRequest', filePath: 'src/features/checkout/fixtureThunks.ts',
    code: "import { apiRequest, endpoints } from '../../api/index.ts';\nexport const whoami = () => apiRequest(endpoints.whoami);\n" },
];

/** The few calls made of ESLint's API (eslint 8 ships no types). */
type LintApi = {
  lintFiles: (patterns: string[]) => Promise<Array<{ messages: Array<{ ruleId: string | null; message: string }> }>>;
  calculateConfigForFile: (filePath: string) => Promise<unknown>;
};
// @ts-expect-error -- eslint 8 has no type declarations; LintApi above states what is used.
const { ESLint } = (await import('eslint')) as { ESLint: new (options: { cwd: string }) => LintApi };
const eslint = new ESLint({ cwd: process.cwd() });
const results: Record<string, string[]> = {};
// Several cases share a path: each is written, linted and removed in turn (the cycle's two halves together).
const together = (name: string) => (name === 'a cycle' ? CASES.filter((c) => c.name === name || c.name === 'the other half of the cycle') : [CASES.find((c) => c.name === name)!]);
for (const { name, filePath } of CASES.filter((c) => c.name !== 'the other half of the cycle')) {
  const files = together(name);
  try {
    for (const file of files) {
      mkdirSync(dirname(file.filePath), { recursive: true });
      writeFileSync(file.filePath, file.code, { flag: 'wx' });
    }
    const [result] = await eslint.lintFiles([filePath]);
    results[name] = (result?.messages ?? []).map((message) => message.ruleId ?? message.message);
  } finally {
    for (const file of files) rmSync(file.filePath, { force: true });
  }
}
const config = await eslint.calculateConfigForFile('src/features/wizard/wizardSlice.ts') as { rules: Record<string, unknown> };
process.stdout.write(JSON.stringify({ results, noCycle: config.rules['import/no-cycle'] }));
