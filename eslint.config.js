// One lint config. The import rules below enforce the layering of ARCHITECTURE.md §2:
// shared imports nothing of ours; engine imports shared; ui imports shared and the engine's
// public module (src/engine/api.ts) only; server imports shared.
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';

const noEngineInternals = {
  group: ['**/engine/*', '!**/engine/api', '!**/engine/api.ts'],
  message: 'The UI may import only the engine public module (src/engine/api.ts).',
};
const noUi = { group: ['**/ui/**', '**/ui'], message: 'Only the UI may import the UI.' };
const noServer = { group: ['**/server/**'], message: 'Nothing imports the reference server.' };
const noEngine = {
  group: ['**/engine/**', '**/engine'],
  message: 'Only the UI (api.ts) and tests may import the engine.',
};

export default tseslint.config(
  {
    ignores: ['dist', 'node_modules', 'bench/results', 'playwright-report', 'test-results', 'data'],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
    rules: {
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/no-non-null-assertion': 'error',
      '@typescript-eslint/consistent-type-imports': 'error',
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_' },
      ],
      complexity: ['warn', 14],
    },
  },
  {
    // Product code stays in units a reader can hold (issue 43, ADR 0050): a file of at most 400
    // lines of code (its comments and blank lines not counted) and no function past complexity
    // 13. Tests, fixtures and test worlds are read differently and keep the looser warning.
    files: ['src/**/*.{ts,tsx}', 'server/**/*.ts', 'scripts/**/*.ts'],
    ignores: [
      '**/*.test.ts',
      '**/*.test.tsx',
      '**/*-test-kit.ts',
      'src/engine/testing/**',
      'server/testing/**',
      'src/ui/testing/**',
    ],
    rules: {
      'max-lines': ['error', { max: 400, skipBlankLines: true, skipComments: true }],
      complexity: ['error', 13],
    },
  },
  {
    files: ['src/shared/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            noUi,
            noServer,
            noEngine,
            { group: ['**/locales/**'], message: 'shared imports nothing of ours.' },
          ],
        },
      ],
    },
  },
  {
    files: ['src/engine/**'],
    rules: {
      'no-restricted-imports': ['error', { patterns: [noUi, noServer] }],
      'no-restricted-globals': [
        'error',
        { name: 'localStorage', message: 'The engine gets storage injected.' },
        { name: 'document', message: 'The engine runs in a worker.' },
        { name: 'window', message: 'The engine runs in a worker.' },
        { name: 'setTimeout', message: 'Use the injected timers service (CONVENTIONS 7).' },
        { name: 'setInterval', message: 'Use the injected timers service (CONVENTIONS 7).' },
        { name: 'fetch', message: 'Use the injected fetch service (CONVENTIONS 7).' },
        { name: 'indexedDB', message: 'Use the injected IndexedDB factory (CONVENTIONS 7).' },
      ],
      'no-restricted-properties': [
        'error',
        { object: 'Date', property: 'now', message: 'Use the injected clock (CONVENTIONS 7).' },
        {
          object: 'Math',
          property: 'random',
          message: 'Use the injected random service (CONVENTIONS 7).',
        },
      ],
    },
  },
  {
    // The services modules are where the real side effects are wired in; tests may use fakes.
    files: ['src/engine/services*.ts', 'src/engine/**/*.test.ts', 'src/engine/testing/**'],
    rules: { 'no-restricted-globals': 'off', 'no-restricted-properties': 'off' },
  },
  {
    files: ['src/ui/**'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'warn',
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            noEngineInternals,
            noServer,
            {
              group: ['socket.io-client', 'dexie'],
              message: 'The page never touches the network or the log.',
            },
          ],
        },
      ],
      // no-restricted-imports does not see import(): the same rule for dynamic imports.
      'no-restricted-syntax': [
        'error',
        {
          selector: 'ImportExpression[source.value=/engine\\u002F(?!api(\\.ts)?$)/]',
          message: 'The UI may import only the engine public module (src/engine/api.ts).',
        },
      ],
    },
  },
  {
    files: ['server/**'],
    rules: { 'no-restricted-imports': ['error', { patterns: [noUi, noEngine] }] },
  },
  {
    // The server's product code never reaches into what tests share (server/testing/).
    files: ['server/**'],
    ignores: ['server/**/*.test.ts', 'server/testing/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            noUi,
            noEngine,
            {
              group: ['**/testing/**', '**/testing'],
              message: 'server/testing/ holds what tests share; product code does not import it.',
            },
          ],
        },
      ],
    },
  },
  {
    // Route files speak HTTP (parse, authorize, answer); the queries live in the domain's
    // modules (*-views.ts, services, rules), where tests reach them without a request.
    files: ['server/**/*routes*.ts', 'server/**/routes.ts'],
    ignores: ['server/**/*.test.ts'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector: 'Literal[value=/\\b(SELECT|INSERT|UPDATE|DELETE)\\s/]',
          message: 'No SQL in a route file: put the query in the domain module.',
        },
        {
          selector: 'TemplateElement[value.raw=/\\b(SELECT|INSERT|UPDATE|DELETE)\\s/]',
          message: 'No SQL in a route file: put the query in the domain module.',
        },
      ],
    },
  },
);
