import path from 'node:path';
import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

const SRC = path.join(import.meta.dirname, 'src');
const FEATURES = path.join(SRC, 'features');

/** The feature (src/features/<name>/…) a file belongs to, or null. */
function featureOf(file) {
  const relative = path.relative(FEATURES, file);
  if (relative.startsWith('..') || path.isAbsolute(relative)) return null;
  return relative.split(path.sep)[0] ?? null;
}

/**
 * Features never import each other (bulletproof-react's import/no-restricted-paths):
 * shared code lives in src/components or src/lib; screens compose features in src/app.
 */
const noCrossFeatureImports = {
  meta: {
    type: 'problem',
    messages: {
      crossFeature:
        "Feature '{{from}}' must not import from feature '{{to}}'. Move shared code to src/lib or src/components, or compose both features in src/app.",
    },
    schema: [],
  },
  create(context) {
    const from = featureOf(context.filename);
    if (!from) return {};
    const check = (node, source) => {
      if (typeof source !== 'string') return;
      let target;
      if (source.startsWith('@/')) target = path.join(SRC, source.slice(2));
      else if (source.startsWith('.')) target = path.resolve(path.dirname(context.filename), source);
      else return;
      const to = featureOf(target);
      if (to && to !== from) context.report({ node, messageId: 'crossFeature', data: { from, to } });
    };
    return {
      ImportDeclaration: (node) => check(node.source, node.source.value),
      ExportNamedDeclaration: (node) => node.source && check(node.source, node.source.value),
      ExportAllDeclaration: (node) => check(node.source, node.source.value),
      ImportExpression: (node) => node.source.type === 'Literal' && check(node.source, node.source.value),
    };
  },
};

/**
 * Dates and times people read come from one module (#33): its named functions say which kind of
 * value each is (a UTC calendar day, or an instant in the browser's zone). Numbers' own
 * `toLocaleString` stays allowed.
 */
const TIME_FORMAT = "Format dates and times with a named function of '@/lib/time-format' (formatDay, formatLongDay, formatDayMonth, formatWeekday, formatDate, formatDateTime, formatTime), or add one there.";
const NO_DATE_FORMATTING = [
  { selector: "NewExpression[callee.object.name='Intl'][callee.property.name='DateTimeFormat']", message: TIME_FORMAT },
  { selector: "CallExpression[callee.object.name='Intl'][callee.property.name='DateTimeFormat']", message: TIME_FORMAT },
  { selector: "CallExpression[callee.property.name=/^toLocale(Date|Time)String$/]", message: TIME_FORMAT },
  { selector: "CallExpression[callee.property.name='toLocaleString'][callee.object.type='NewExpression'][callee.object.callee.name='Date']", message: TIME_FORMAT },
];

const NO_BARRELS = {
  group: ['**/index', '**/index.ts', '**/index.tsx'],
  message: 'No barrel files: import the module itself.',
};

export default tseslint.config(
  { ignores: ['dist', 'node_modules', 'src/lib/api/schema.d.ts'] },
  {
    files: ['**/*.{ts,tsx}'],
    extends: [js.configs.recommended, ...tseslint.configs.recommendedTypeChecked],
    languageOptions: {
      ecmaVersion: 2022,
      globals: globals.browser,
      parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname },
    },
    plugins: {
      'react-hooks': reactHooks,
      uplink: { rules: { 'no-cross-feature-imports': noCrossFeatureImports } },
    },
    rules: {
      ...reactHooks.configs['recommended-latest'].rules,
      'uplink/no-cross-feature-imports': 'error',
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_' }],
      'no-restricted-imports': ['error', { patterns: [NO_BARRELS] }],
    },
  },
  {
    // src/testing (the API mock, render helpers, shared fixtures) is for tests only.
    files: ['src/**/*.{ts,tsx}'],
    ignores: ['src/**/*.test.{ts,tsx}', 'src/testing/**', 'src/features/*/test/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            NO_BARRELS,
            { group: ['@/testing/*', '**/testing/*'], message: 'src/testing is for tests; the app must not import it.' },
          ],
          paths: [{ name: 'zod', message: "Import z from '@/lib/zod' (configured for the store's CSP)." }],
        },
      ],
    },
  },
  {
    files: ['src/**/*.{ts,tsx}'],
    ignores: ['src/lib/time-format.ts'],
    rules: { 'no-restricted-syntax': ['error', ...NO_DATE_FORMATTING] },
  },
  {
    files: ['scripts/**/*.mjs', 'eslint.config.js'],
    extends: [js.configs.recommended],
    languageOptions: { globals: globals.node },
  },
);
