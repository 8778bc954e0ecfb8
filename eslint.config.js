import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import { readdirSync } from 'node:fs';

/** Every folder of src/features is a feature: read from disk, so a new one cannot be left out. */
const features = readdirSync(new URL('./src/features/', import.meta.url), { withFileTypes: true })
  .filter((d) => d.isDirectory())
  .map((d) => d.name);
const uiPackages = ['react', 'react-dom', 'react-dom/*', 'zustand', 'zustand/*', '@tanstack/*', 'recharts', 'comlink'];

/**
 * Import boundaries (one-way): core ← platform ← worker ← lib ← state ← components ← features ← app.
 * core is pure; platform/ (IndexedDB) serves page and worker alike; features never import each
 * other, and of the worker only its contract (types); only app/ brings features together;
 * components/ knows no feature. Checked case by case in scripts/lint-boundaries.test.ts.
 * Import cycles (type-only ones too, which ESLint's import plugins skip) are refused by
 * scripts/import-cycles.ts, the second half of `npm run lint`.
 */
function restrict(patterns, message, regex, extra = []) {
  const rules = [{ group: patterns, message }, ...extra];
  if (regex) rules.push({ regex, message });
  return { 'no-restricted-imports': ['error', { patterns: rules }] };
}

/**
 * One way to draw a chart: the chart kit (src/components/chart/) chooses the renderer, and only
 * its files import the chart library. A chart elsewhere takes the library's parts from
 * components/chart/recharts.tsx, or draws with the kit's plot parts.
 */
const chartKit = [
  { regex: '^recharts(?:/|$)', message: 'Charts draw through the chart kit: import Recharts parts from src/components/chart/recharts.tsx, not from recharts.' },
];

/**
 * A relative import of a sibling folder, written without the parent's name (`../tco/verdict`
 * from `features/report/`): the globs above see only the written path, so these need a
 * pattern of their own.
 */
function siblingFolder(names) {
  return `^(?:\\.\\.?/)+(?:${names.join('|')})(?:/|$)`;
}

/** Any path into the worker folder except its contract (`worker/contract`, types only): a feature's imports. */
const workerButContract = (message) => ({ regex: '(?:^|/)worker(?:$|/(?!contract$))', message });

/** The worker client itself: the UI calls the worker through the factories of lib/query. */
const computeClient = [
  {
    regex: '(?:^|/)lib/query/compute$',
    importNames: ['compute'],
    message: 'Call the worker through the query and mutation factories of lib/query, not through compute.',
  },
];

export default tseslint.config(
  {
    ignores: [
      'dist/**',
      'dist-e2e/**',
      'dist-e2e-next/**',
      'dist-cli/**',
      'node_modules/**',
      'coverage/**',
      'playwright-report/**',
      'test-results/**',
      'bench/results/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
    rules: {
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      'no-eval': 'error',
      'no-implied-eval': 'error',
      'no-new-func': 'error',
    },
  },
  {
    files: ['src/**/*.tsx', 'src/**/*.ts'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'error',
      'no-restricted-syntax': [
        'error',
        { selector: "JSXAttribute[name.name='dangerouslySetInnerHTML']", message: 'Render data as text only.' },
        // Every visible word comes from a message catalogue (English and German); file-format
        // names are the same in every language.
        {
          selector: 'JSXText[value=/[A-Za-z]{3,}/]:not([value=/^\\s*(PNG|SVG|CSV|JSON)\\s*$/])',
          message: 'UI text must come from a message catalogue (defineMessages).',
        },
        {
          selector: 'JSXAttribute[name.name=/^(aria-label|title|placeholder|alt)$/] > Literal[value=/[A-Za-z]{3,}/]',
          message: 'UI text must come from a message catalogue (defineMessages).',
        },
      ],
    },
  },
  {
    files: ['src/core/**/*.ts'],
    ignores: ['src/core/**/*.test.ts'],
    rules: restrict(
      [...uiPackages, '**/platform/**', '**/worker/**', '**/lib/**', '**/state/**', '**/components/**', '**/features/**', '**/app/**', '**/cli/**', 'node:*'],
      'src/core is pure: no UI, DOM, state, worker or Node imports.',
    ),
  },
  {
    // What page, worker and CLI run on (IndexedDB, the import host): it sees only core, so the worker and the CLI may use it.
    files: ['src/platform/**/*.ts'],
    ignores: ['src/platform/**/*.test.ts'],
    rules: restrict(
      [...uiPackages, '**/worker/**', '**/lib/**', '**/state/**', '**/components/**', '**/features/**', '**/app/**', '**/cli/**', 'node:*'],
      'src/platform serves page and worker alike: it imports only core.',
    ),
  },
  {
    // The worker sees only core and platform/.
    files: ['src/worker/**/*.ts'],
    rules: restrict(
      ['react', 'react-dom', 'zustand', '@tanstack/*', 'recharts', '**/lib/**', '**/state/**', '**/components/**', '**/features/**', '**/app/**'],
      'The worker sees only core and platform/.',
    ),
  },
  {
    // The contract is what a feature may import of the worker, so it holds types and nothing else.
    files: ['src/worker/contract.ts'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector:
            'ImportDeclaration[importKind="value"], Program > :matches(VariableDeclaration, FunctionDeclaration, ClassDeclaration, TSEnumDeclaration), ExportNamedDeclaration > :matches(VariableDeclaration, FunctionDeclaration, ClassDeclaration, TSEnumDeclaration), ExportDefaultDeclaration',
          message: 'worker/contract.ts holds types only (import type, interfaces, type aliases).',
        },
      ],
    },
  },
  {
    files: ['src/lib/**/*.ts', 'src/lib/**/*.tsx'],
    rules: restrict(
      ['**/state/**', '**/components/**', '**/features/**', '**/app/**'],
      'lib is below state, components, features and app.',
      undefined,
      chartKit,
    ),
  },
  {
    // components/ holds only pieces that know no feature; of them, only the chart kit imports the chart library.
    files: ['src/state/**/*.ts', 'src/components/**/*.ts', 'src/components/**/*.tsx'],
    ignores: ['src/components/chart/**'],
    rules: restrict(
      ['**/features', '**/features/**', '**/app', '**/app/**'],
      'Shared code must not depend on features or the app shell.',
      siblingFolder(['features', 'app']),
      [...chartKit, ...computeClient],
    ),
  },
  {
    files: ['src/components/chart/**/*.ts', 'src/components/chart/**/*.tsx'],
    rules: restrict(
      ['**/features', '**/features/**', '**/app', '**/app/**'],
      'Shared code must not depend on features or the app shell.',
      siblingFolder(['features', 'app']),
      computeClient,
    ),
  },
  {
    files: ['src/app/**/*.ts', 'src/app/**/*.tsx'],
    rules: { 'no-restricted-imports': ['error', { patterns: chartKit }] },
  },
  ...features.flatMap((f) => {
    const others = features.filter((o) => o !== f);
    const message =
      'Features do not import each other (share through components/, lib/ or core/, meet in app/) and reach the worker only through lib/query (its types: worker/contract).';
    const patterns = [...others.flatMap((o) => [`**/features/${o}`, `**/features/${o}/**`]), '**/app', '**/app/**', 'comlink'];
    return [
      // Nothing of the worker but its contract (types only): its calls go through lib/query.
      {
        files: [`src/features/${f}/**/*.ts`, `src/features/${f}/**/*.tsx`],
        ignores: ['**/*.test.ts', '**/*.test.tsx'],
        rules: restrict(patterns, message, siblingFolder([...others, 'app']), [workerButContract(message), ...computeClient, ...chartKit]),
      },
      // A test may run the worker's platform code (decoding, hashing) directly.
      {
        files: [`src/features/${f}/**/*.test.ts`, `src/features/${f}/**/*.test.tsx`],
        rules: restrict(patterns, message, siblingFolder([...others, 'app']), chartKit),
      },
    ];
  }),
  {
    // Specs act through the page models of e2e/pages (locators by role and label live there,
    // test ids only where nothing has an accessible name).
    files: ['e2e/**/*.spec.ts'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector: "CallExpression[callee.property.name='getByTestId']",
          message: 'Find it through a page model (e2e/pages); a test id belongs inside the model.',
        },
      ],
    },
  },
  {
    // The CLI needs nothing of the browser-side layers (the share-link codec is in core/link, the
    // plural rule in core/text).
    files: ['src/cli/**/*.ts'],
    rules: restrict(
      ['react', 'react-dom', 'zustand', '@tanstack/*', 'recharts', '**/lib/**', '**/state/**', '**/components/**', '**/features/**', '**/app/**'],
      'The CLI is a thin Node entry over core.',
    ),
  },
);
