// Lint rules, including the import layers drawn in the README's code map:
// app → features → client-core → api/ui/remote → common; server: app.ts → routes/plugins → ports and adapters
// (ai, payments, db, limits) → common. Nothing on the client imports src/server, the server never imports React
// code, a feature reaches another only through its public index.ts (or its components.ts: components other features'
// pages show, kept out of the index so the app shell does not load them) and the app only through its typed hooks, no
// component calls the API itself, and no module imports itself back through others (import/no-cycle). `knip`
// (run by `npm run lint` after ESLint) refuses exports nobody imports.
// The repository's own rules live in src/build/eslint-rules/ (one file a rule, loaded by eslint-plugin-rulesdir).
const fs = require('node:fs');
const path = require('node:path');
require('eslint-plugin-rulesdir').RULES_DIR = path.join(__dirname, 'src/build/eslint-rules');

// Every folder of src/features is a stage inside the zones: read from the directory, so no stage is left out.
const features = fs.readdirSync(path.join(__dirname, 'src/features'), { withFileTypes: true })
  .filter((entry) => entry.isDirectory()).map((entry) => entry.name);

/**
 * Outside src/features a stage is reached only through the list of stages (src/app/stages.ts). The one other
 * door is the entry's: '/' is the landing page's static HTML, whose small script must not load the list (the
 * store and every stage's slices), and every page captures the referral code before anything else.
 */
const STAGE_IMPORTS = {
  stagesDir: 'src/features',
  list: 'src/app/stages.ts',
  entries: [
    { from: 'src/main.tsx', to: 'src/features/landing/hydrateLanding.tsx' },
    { from: 'src/main.tsx', to: 'src/features/referrals/referralCode.ts' },
  ],
};

const featureZones = features.map((name) => ({
  target: `./src/features/${name}`,
  from: './src/features',
  // discount/landing.ts: the promo popup without the store, for the landing page's small chunk; likewise
  // sharedComputer/landing.ts, the shared-computer box's plain script, and its markup for the pre-render
  // (SharedComputerField.tsx, with no stylesheet import, which the pre-render in Node could not load).
  except: [
    `./${name}`,
    ...features.filter((f) => f !== name).flatMap((f) => [`./${f}/index.ts`, `./${f}/components.ts`]),
    ...(name === 'landing' ? ['./discount/landing.ts', './sharedComputer/landing.ts', './sharedComputer/SharedComputerField.tsx'] : []),
  ],
  message: 'Import another feature only through its index.ts or components.ts; cross-feature reactions belong in listeners.',
}));

// A server stage (src/server/stages/<stage>/) is registered by its line in src/server/stages.ts and imported by
// nothing else: not by the infrastructure, not by another stage (what two stages share belongs to the
// infrastructure). Read from the folder, so a new stage is covered the day it lands.
const serverStages = fs.readdirSync(path.join(__dirname, 'src/server/stages'));
const serverStageZones = serverStages.map((stage) => ({
  target: [
    './src/server/!(stages|stages.ts)', './src/server/!(stages)/**',
    `./src/server/stages/!(${stage})/**`,
  ],
  from: `./src/server/stages/${stage}`,
  message: 'A server stage is registered only through src/server/stages.ts; what stages share belongs to the infrastructure.',
}));

const clientDirs = ['app', 'features', 'api', 'ui', 'remote', 'common', 'main.tsx'];

/** The modules that talk to the server: the typed client, the essay stream, file downloads. */
const API_MODULES = ['src/api/client.ts', 'src/api/streamEssay.ts', 'src/api/download.ts'];
/**
 * Besides slices, thunk modules and RTK Query API slices, the only modules a component may reach them through:
 * the store and the choice of its remote backend, which it hands to the thunks as their extra argument (they
 * export no call of their own); and the landing page's calls (its events, a launch code), made through the
 * typed client without a store, which the landing page does not load (its JavaScript budget): its events'
 * sender, the discount feature's store-less entry that lends it the client, and the launch code's call.
 */
const API_DOORS = [
  'src/app/store.ts', 'src/remote/chooseRemote.ts',
  'src/features/landing/landingEvents.ts', 'src/features/discount/landing.ts', 'src/features/discount/discountApi.ts',
];

module.exports = {
  root: true,
  env: { browser: true, es2023: true, node: true },
  parser: '@typescript-eslint/parser',
  parserOptions: { ecmaVersion: 'latest', sourceType: 'module', ecmaFeatures: { jsx: true } },
  plugins: ['@typescript-eslint', 'react-hooks', 'import', 'regexp', 'rulesdir'],
  extends: [
    'eslint:recommended',
    'plugin:@typescript-eslint/recommended',
    'plugin:react-hooks/recommended',
    'plugin:import/typescript',
  ],
  settings: {
    'import/resolver': { typescript: { project: './tsconfig.json' }, node: true },
    // The import rules read no package's files: a cycle can only run through our own, and import/no-cycle's map of
    // the modules otherwise parsed every package's type definitions, most of the lint's time.
    'import/ignore': ['node_modules'],
  },
  // test/lint/fixtures/ breaks rules on purpose: test/lint/lintRules.test.ts lints it and expects the errors.
  ignorePatterns: ['dist/', 'node_modules/', 'data/', 'test-results/', 'playwright-report/', 'test/lint/fixtures/'],
  rules: {
    '@typescript-eslint/consistent-type-imports': 'error',
    // A pattern that backtracks more than linearly lets one long input stall the whole server (or the tab):
    // every pattern must run in time linear in its input.
    'regexp/no-super-linear-backtracking': 'error',
    'regexp/no-super-linear-move': 'error',
    '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
    // A cycle must come back to our own file, which no package's imports can do: walking into node_modules found
    // nothing and took a sixth of the rule's time.
    'import/no-cycle': ['error', { ignoreExternal: true }],
    'no-restricted-imports': [
      'error',
      {
        paths: [
          { name: 'react-redux', importNames: ['useDispatch', 'useSelector'], message: 'Use the typed hooks from src/app/hooks.ts.' },
        ],
      },
    ],
    'import/no-restricted-paths': [
      'error',
      {
        zones: [
          ...clientDirs.map((dir) => ({
            target: `./src/${dir}`,
            from: './src/server',
            message: 'Client code must not import the server.',
          })),
          ...['app', 'features', 'ui', 'api', 'remote', 'main.tsx'].map((dir) => ({
            target: './src/server',
            from: `./src/${dir}`,
            message: 'The server imports only src/common.',
          })),
          ...['app', 'features', 'ui', 'api', 'remote', 'server', 'main.tsx'].map((dir) => ({
            target: './src/common',
            from: `./src/${dir}`,
            message: 'src/common is imported by both sides and imports neither.',
          })),
          ...['app', 'features'].map((dir) => ({
            target: './src/ui',
            from: `./src/${dir}`,
            message: 'UI components know nothing of the store or the features.',
          })),
          ...['app', 'features'].map((dir) => ({
            target: './src/api',
            from: `./src/${dir}`,
            message: 'The API client sits below the features.',
          })),
          ...featureZones,
          ...serverStageZones,
          // The server's ports and adapters know nothing of HTTP: app.ts wires them to routes and plugins.
          ...['ai', 'db', 'payments', 'limits', 'usage'].map((dir) => ({
            target: `./src/server/${dir}`,
            from: ['./src/server/routes', './src/server/plugins', './src/server/app.ts'],
            message: 'Ports and adapters know nothing of HTTP: register routes from src/server/app.ts.',
          })),
          {
            // Features reach the app only for its typed hooks; what both need lives in src/client-core.
            target: './src/features',
            from: './src/app',
            except: ['./hooks.ts'],
            message: 'A feature imports src/app only for the typed hooks (src/app/hooks.ts); shared pieces belong in src/client-core.',
          },
          ...['app', 'features', 'main.tsx'].map((dir) => ({
            target: './src/client-core',
            from: `./src/${dir}`,
            message: 'src/client-core sits below the app and the features and imports neither.',
          })),
        ],
      },
    ],
  },
  overrides: [
    {
      // The app's own code (tests import what they test); test/lint/fixtures/stageImports/ breaks the rule on purpose.
      files: ['src/**/*.{ts,tsx}', 'test/lint/fixtures/**/*.{ts,tsx}'],
      rules: { 'rulesdir/stage-imports-through-list': ['error', STAGE_IMPORTS] },
    },
    {
      // The server runs on Node with NodeNext resolution: relative imports name their .ts file.
      files: ['src/server/**/*.ts', 'src/common/**/*.ts'],
      rules: { 'import/extensions': ['error', 'ignorePackages', { ts: 'always' }] },
    },
    {
      // Components only dispatch and select: every call to the API is a thunk (visible in the action log).
      // test/lint/fixtures/ holds components that break and keep these rules, for test/lint/lintRules.test.ts.
      files: ['src/**/*.tsx', 'test/lint/fixtures/**/*.tsx'],
      rules: {
        'no-restricted-imports': [
          'error',
          {
            paths: [
              { name: 'react-redux', importNames: ['useDispatch', 'useSelector'], message: 'Use the typed hooks from src/app/hooks.ts.' },
            ],
            patterns: [
              {
                group: ['**/api', '**/api/index.ts', '**/api/client.ts'],
                importNames: ['apiRequest', 'streamEssay'],
                message: 'Components do not call the API: dispatch a thunk of the feature\'s slice.',
              },
            ],
          },
        ],
        'no-restricted-globals': ['error', { name: 'fetch', message: 'Components do not call the API: dispatch a thunk of the feature\'s slice.' }],
        // Nor through helpers: whatever chain of imports leads from a component to the modules that talk to
        // the server must pass through a slice's thunks or an RTK Query API slice (src/build/eslint-rules/).
        'rulesdir/no-api-outside-thunks': ['error', { targets: API_MODULES, doors: API_DOORS }],
        'no-restricted-properties': [
          'error',
          { object: 'window', property: 'fetch', message: 'Components do not call the API: dispatch a thunk.' },
          { object: 'globalThis', property: 'fetch', message: 'Components do not call the API: dispatch a thunk.' },
        ],
      },
    },
    {
      // Tests run their patterns on fixed texts of their own; the linear-time rules guard what clients send.
      files: ['test/**/*.{ts,tsx}'],
      rules: { 'no-restricted-imports': 'off', 'regexp/no-super-linear-backtracking': 'off', 'regexp/no-super-linear-move': 'off' },
    },
    {
      // Vitest's waits default to a bound of one second, a speed check: on a busy machine a lazy module's first
      // transform took longer, and the test failed though the condition came. (Playwright's expect.poll, in
      // test/e2e/, takes the bound of its configuration.)
      files: ['test/**/*.{ts,tsx}'],
      excludedFiles: ['test/e2e/**'],
      rules: {
        'no-restricted-syntax': ['error', ...['vi.waitFor', 'expect.poll'].map((call) => {
          const [object, property] = call.split('.');
          return {
            selector: `CallExpression[callee.object.name='${object}'][callee.property.name='${property}'][arguments.length=1]`,
            message: `Bound ${call} with CONDITION_WAIT (test/setup/conditionWait.ts), not its one-second default.`,
          };
        })],
      },
    },
    {
      // Nothing imports a test file, so none can be part of a cycle; the rule walked each one's whole import
      // graph anew (most test files reach the whole app), which took most of the rule's time.
      files: ['test/**/*.test.{ts,tsx}', 'test/**/*.spec.ts'],
      rules: { 'import/no-cycle': 'off' },
    },
    {
      // Every part of the server acts on the one path judged before routing (src/server/http/requestPath.ts),
      // never on the URL as sent, which may spell it otherwise (`/%61pi/…`, `//api/…`, `http://host/api/…`): a
      // part reading it decided for itself, and draining served what it should have refused. Only the judge
      // reads the URL (and the logger, which records what was sent). test/lint/fixtures/rawUrl/ breaks the rule.
      files: ['src/server/**/*.ts', 'test/lint/fixtures/rawUrl/**/*.ts'],
      excludedFiles: ['src/server/http/requestPath.ts', 'src/server/logger.ts'],
      rules: {
        'no-restricted-syntax': ['error', ...[
          "MemberExpression[property.name='originalUrl']",
          "MemberExpression[property.name='url'][object.property.name='raw']",
          "MemberExpression[property.name='url'][object.name=/^(?:request|req|raw)$/]",
          "MemberExpression[property.name='url'][object.type='ThisExpression']",
          "VariableDeclarator[init.name=/^(?:request|req|raw)$/] > ObjectPattern > Property[key.name=/^(?:url|originalUrl)$/]",
          "VariableDeclarator[init.property.name='raw'] > ObjectPattern > Property[key.name='url']",
        ].map((selector) => ({
          selector,
          message: 'Act on requestPath(request) (src/server/http/requestPath.ts), the path judged once before routing, not on the URL as sent.',
        }))],
      },
    },
    {
      // Playwright reuses a worker (its Node process and its browser) only for tests with the same worker-scoped
      // fixtures: a spec on the bare `test` beside specs on the extended one makes it restart workers all run long.
      files: ['test/e2e/**/*.spec.ts'],
      rules: {
        'no-restricted-imports': ['error', {
          paths: [{ name: '@playwright/test', importNames: ['test'], message: 'Import test from ./support/seededStudent.ts.' }],
        }],
      },
    },
  ],
};
