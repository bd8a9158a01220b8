// ESLint for the whole repository: type-aware TypeScript rules, React's hook rules, and the layer
// boundaries of docs/architecture.md. `make lint` runs it (and the formatter's check); zero warnings.
import js from '@eslint/js';
import prettier from 'eslint-config-prettier';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import { importX } from 'eslint-plugin-import-x';
import i18next from 'eslint-plugin-i18next';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

const NO_WEB = { group: ['**/web/**', '@chat/web'], message: 'Services and libraries never import the web app.' };

/** The web app talks to the services only through the contracts, never their code. */
const ONLY_CONTRACTS = { group: ['@chat/*', '!@chat/contracts'], message: 'The web app imports only @chat/contracts.' };
const FEATURE_INDEX = 'Import another feature through its index.ts: its other files are its own.';
const FEATURE_FILES = { regex: String.raw`(^|/)features/[^/]+/(?![^/]+-slice$).+`, message: FEATURE_INDEX };
const OTHER_FEATURE_FILES = { regex: String.raw`^\.\./[^./][^/]*/`, message: FEATURE_INDEX };
const NO_HTTP = {
  regex: String.raw`(^|/)api/client$`,
  importNames: ['api'],
  message: 'A component does not call the HTTP client: its feature does.',
};
/** The web app's import rule for a place: the contracts only, and these patterns. */
const webImports = (...patterns) => ['error', { patterns: [ONLY_CONTRACTS, ...patterns] }];

/** What the browser-safe contracts may import: pure libraries (schemas, finding links in text) and each other (`./x.js`). */
const CONTRACTS_MAY_IMPORT = String.raw`^(?!(typebox|linkifyjs)(/|$)|\./)`;

export default tseslint.config(
  {
    ignores: ['**/dist/', '**/node_modules/', 'web/dev-dist/', 'tools/kube/', 'bench/results/', 'coverage/', 'test-results/'],
  },
  js.configs.recommended,
  tseslint.configs.recommendedTypeChecked,
  {
    languageOptions: {
      globals: { ...globals.node },
      parserOptions: {
        project: ['./tsconfig.test.json', './web/tsconfig.json'],
        tsconfigRootDir: import.meta.dirname,
      },
    },
    plugins: { 'import-x': importX },
    settings: {
      'import-x/resolver-next': [
        createTypeScriptImportResolver({ project: ['tsconfig.test.json', 'web/tsconfig.json'], noWarnOnMultipleProjects: true }),
      ],
    },
    linterOptions: { reportUnusedDisableDirectives: 'error' },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', ignoreRestSiblings: true }],
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
      'import-x/no-cycle': 'error',
      // Ports and stores are plain objects of closures, handed around by member on purpose: no `this` to lose.
      '@typescript-eslint/unbound-method': 'off',
      // Fastify handlers and port methods are async for their contract, whether or not they await.
      '@typescript-eslint/require-await': 'off',
      // Rejections pass on the error they were given, whatever it is.
      '@typescript-eslint/prefer-promise-reject-errors': ['error', { allowThrowingUnknown: true }],
      // Event listeners and handlers may be async: each one catches its own failures.
      '@typescript-eslint/no-misused-promises': ['error', { checksVoidReturn: { arguments: false, attributes: false } }],
    },
  },
  {
    // Tests read JSON answers and YAML documents as they come: `any` is what a response body is.
    files: ['**/test/**/*.{ts,tsx}', 'e2e/**/*.ts'],
    rules: {
      '@typescript-eslint/no-unsafe-member-access': 'off',
      '@typescript-eslint/no-unsafe-assignment': 'off',
      '@typescript-eslint/no-unsafe-argument': 'off',
      '@typescript-eslint/no-unsafe-return': 'off',
      '@typescript-eslint/no-unsafe-call': 'off',
      '@typescript-eslint/no-explicit-any': 'off',
    },
  },
  {
    // Scripts and benchmarks in plain JavaScript: the rules that need no types.
    files: ['**/*.{js,mjs,cjs}'],
    extends: [tseslint.configs.disableTypeChecked],
  },
  {
    // Every word a person reads goes through the i18n library: a text or a label written in JSX is an error.
    files: ['web/src/**/*.tsx'],
    plugins: { i18next },
    rules: {
      'i18next/no-literal-string': [
        'error',
        {
          mode: 'jsx-only',
          // An attribute not listed is skipped with all it holds: a render prop's (`action`, `menu`,
          // `shared`) JSX is checked only because it is listed.
          'jsx-attributes': {
            include: [
              'aria-label',
              'aria-description',
              'title',
              'placeholder',
              'alt',
              'label',
              'description',
              'text',
              'action',
              'menu',
              'shared',
            ],
          },
        },
      ],
    },
  },
  {
    files: ['web/src/**/*.{ts,tsx}', 'web/test/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    languageOptions: { globals: { ...globals.browser } },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'error',
      // A component selects the fields it needs: the whole store would re-render it on every change (a key typed).
      'no-restricted-syntax': [
        'error',
        {
          selector: 'CallExpression[callee.name=/^use(?!Toaster)[A-Z]\\w*Store$/][arguments.length=0]',
          message: 'Select the fields this component needs (useShallow for several): the whole store re-renders it on every change.',
        },
      ],
      'no-restricted-imports': ['error', { patterns: [ONLY_CONTRACTS] }],
    },
  },
  // Outside a feature, another feature is its index.ts (the chat store alone composes their slices);
  // inside one, another feature is its index.ts too (`../inbox`, never `../inbox/inbox`). A component
  // renders: the HTTP calls are its feature's (a store's action, or the feature's own *-api.ts).
  { files: ['web/src/**/*.ts'], ignores: ['web/src/features/**'], rules: { 'no-restricted-imports': webImports(FEATURE_FILES) } },
  { files: ['web/src/**/*.tsx'], ignores: ['web/src/features/**'], rules: { 'no-restricted-imports': webImports(FEATURE_FILES, NO_HTTP) } },
  { files: ['web/src/features/**/*.ts'], rules: { 'no-restricted-imports': webImports(OTHER_FEATURE_FILES) } },
  { files: ['web/src/features/**/*.tsx'], rules: { 'no-restricted-imports': webImports(OTHER_FEATURE_FILES, NO_HTTP) } },
  {
    // A component or hook reads at a glance: what does not fit is a part or a hook with a name of its own.
    // (A store's creator is a list of its actions, each short: it is not held to this.)
    files: ['web/src/**/*.tsx', 'web/src/**/use-*.ts'],
    ignores: ['web/src/store/**'],
    rules: {
      'max-lines-per-function': ['error', { max: 80, skipBlankLines: true, skipComments: true }],
      'max-lines': ['error', { max: 300 }],
    },
  },
  {
    files: ['packages/**/*.ts', 'services/**/*.ts'],
    rules: {
      'no-restricted-imports': ['error', { patterns: [NO_WEB] }],
    },
  },
  {
    // What a service answers a person comes from the contracts, where the web app finds it to translate.
    files: ['services/*/src/**/*.ts'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector:
            'CallExpression[callee.name=/^(badRequest|unauthorized|forbidden|notFound|conflict|payloadTooLarge|tooManyRequests)$/] > Literal',
          message: 'Answer a person with a sentence of @chat/contracts: the web app translates those.',
        },
        {
          selector: 'Property[key.name="message"] > Literal',
          message: 'Answer a person with a sentence of @chat/contracts: the web app translates those.',
        },
      ],
    },
  },
  {
    files: ['packages/contracts/src/**/*.ts'],
    rules: {
      // The contracts run in the browser and in every service: schemas and constants, no I/O.
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            NO_WEB,
            { regex: CONTRACTS_MAY_IMPORT, message: 'The contracts import only pure libraries (typebox, linkifyjs) and each other.' },
          ],
        },
      ],
    },
  },
  prettier,
);
