// Lint rules, including the import layers of ARCHITECTURE §2:
// app → features → api/ui/remote → shared; server → shared. Nothing on the client imports src/server,
// the server never imports React code, and a feature reaches another only through its public index.ts.
const features = [
  'landing', 'wizard', 'essayType', 'topics', 'followup', 'essay', 'supplemental',
  'checkout', 'discount', 'referrals', 'feedback', 'analytics', 'admin',
];

const featureZones = features.map((name) => ({
  target: `./src/features/${name}`,
  from: './src/features',
  // discount/landing.ts: the promo popup without the store, for the landing page's small chunk.
  except: [`./${name}`, ...features.filter((f) => f !== name).map((f) => `./${f}/index.ts`), ...(name === 'landing' ? ['./discount/landing.ts'] : [])],
  message: 'Import another feature only through its index.ts; cross-feature reactions belong in listeners.',
}));

const clientDirs = ['app', 'features', 'api', 'ui', 'remote', 'shared', 'main.tsx'];

module.exports = {
  root: true,
  env: { browser: true, es2023: true, node: true },
  parser: '@typescript-eslint/parser',
  parserOptions: { ecmaVersion: 'latest', sourceType: 'module', ecmaFeatures: { jsx: true } },
  plugins: ['@typescript-eslint', 'react-hooks', 'import', 'regexp'],
  extends: [
    'eslint:recommended',
    'plugin:@typescript-eslint/recommended',
    'plugin:react-hooks/recommended',
    'plugin:import/typescript',
  ],
  settings: {
    'import/resolver': { typescript: { project: './tsconfig.json' }, node: true },
  },
  ignorePatterns: ['dist/', 'node_modules/', 'data/', 'test-results/', 'playwright-report/'],
  rules: {
    '@typescript-eslint/consistent-type-imports': 'error',
    // A pattern that backtracks more than linearly lets one long input stall the whole server (or the tab):
    // every pattern must run in time linear in its input.
    'regexp/no-super-linear-backtracking': 'error',
    'regexp/no-super-linear-move': 'error',
    '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
    'import/no-cycle': 'off',
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
            message: 'The server imports only src/shared.',
          })),
          ...['app', 'features', 'ui', 'api', 'remote', 'server', 'main.tsx'].map((dir) => ({
            target: './src/shared',
            from: `./src/${dir}`,
            message: 'src/shared is imported by both sides and imports neither.',
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
        ],
      },
    ],
  },
  overrides: [
    {
      // The server runs on Node with NodeNext resolution: relative imports name their .ts file.
      files: ['src/server/**/*.ts', 'src/shared/**/*.ts'],
      rules: { 'import/extensions': ['error', 'ignorePackages', { ts: 'always' }] },
    },
    {
      // Tests run their patterns on fixed texts of their own; the linear-time rules guard what clients send.
      files: ['test/**/*.{ts,tsx}'],
      rules: { 'no-restricted-imports': 'off', 'regexp/no-super-linear-backtracking': 'off', 'regexp/no-super-linear-move': 'off' },
    },
  ],
};
