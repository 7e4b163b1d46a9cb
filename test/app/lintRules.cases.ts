// Run by lintRules.test.ts in a Node process of its own (ESLint's import resolver does not run inside the
// test environment): lints each fixture's text as if it were the file it names, with the repository's own
// configuration, and prints the rule ids each one broke, as JSON. Nothing is written under src/: `npm test` lints
// and type-checks src/ beside this test, and a fixture written there was once linted by the lint phase. The
// cycle needs its two modules on disk (the rule reads the modules it follows from there): it is the lint
// fixture test/lint/fixtures/cycle/.
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
  { name: 'coach reaches into another stage', filePath: 'src/features/coach/layerFixture.ts',
    code: "import { essaySlice } from '../essay/essaySlice.ts';\nexport const slice = essaySlice;\n" },
  { name: 'the list imports a stage declaration', filePath: 'src/app/stages.ts',
    code: "import { coachStage } from '../features/coach/stage.ts';\nexport const STAGES = [coachStage] as const;\n" },
  { name: 'the list imports past a stage declaration', filePath: 'src/app/stages.ts',
    code: "import { coachSlice } from '../features/coach/coachSlice.ts';\nexport const STAGES = [coachSlice] as const;\n" },
  { name: 'the app imports a stage past the list', filePath: 'src/app/layout/layerFixture.ts',
    code: "import { UpgradeButton } from '../../features/checkout/index.ts';\nexport const links = [UpgradeButton];\n" },
  { name: 'component calls fetch', filePath: 'src/features/discount/Fixture.tsx', code: component("void fetch('/api/whoami');") },
  { name: 'component calls window.fetch', filePath: 'src/app/layout/Fixture.tsx', code: component("void window.fetch('/api/whoami');") },
  { name: 'component calls apiRequest', filePath: 'src/features/checkout/Fixture.tsx',
    code: component('void apiRequest(endpoints.whoami);', "import { apiRequest, endpoints } from '../../api/index.ts';\n") },
  { name: 'thunk module calls apiRequest', filePath: 'src/features/checkout/fixtureThunks.ts',
    code: "import { apiRequest, endpoints } from '../../api/index.ts';\nexport const whoami = () => apiRequest(endpoints.whoami);\n" },
];

/** The few calls made of ESLint's API (eslint 8 ships no types). */
type LintApi = {
  lintText: (code: string, options: { filePath: string }) => Promise<LintResult[]>;
  lintFiles: (patterns: string[]) => Promise<LintResult[]>;
  calculateConfigForFile: (filePath: string) => Promise<unknown>;
};
type LintResult = { messages: Array<{ ruleId: string | null; message: string }> };
type Options = { cwd: string; ignore?: boolean; overrideConfig?: { rules: Record<string, string> } };
// @ts-expect-error -- eslint 8 has no type declarations; LintApi above states what is used.
const { ESLint } = (await import('eslint')) as { ESLint: new (options: Options) => LintApi };
// The texts are linted without the cycle rule, which reads the linted file itself from disk (it fails on a text
// whose file is not there); the rules they test read only the files they import.
const texts = new ESLint({ cwd: process.cwd(), overrideConfig: { rules: { 'import/no-cycle': 'off' } } });
// Not ignoring: the cycle fixture sits where `npm run lint` does not look.
const eslint = new ESLint({ cwd: process.cwd(), ignore: false });
const ruleIds = ([result]: LintResult[]) => (result?.messages ?? []).map((message) => message.ruleId ?? message.message);
const results: Record<string, string[]> = {};
for (const { name, filePath, code } of CASES) results[name] = ruleIds(await texts.lintText(code, { filePath }));
results['a cycle'] = ruleIds(await eslint.lintFiles(['test/lint/fixtures/cycle/a.ts']));
const config = await eslint.calculateConfigForFile('src/features/wizard/wizardSlice.ts') as { rules: Record<string, unknown> };
process.stdout.write(JSON.stringify({ results, noCycle: config.rules['import/no-cycle'] }));
