// One flat config for the whole workspace; packages run `eslint .` from their own folder.
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import { featureImports } from './scripts/eslint/feature-imports.js';
import { moduleImports } from './scripts/eslint/module-imports.js';

// ui never imports antd (DESIGN section 2); player apps stay antd-free for phones.
const noAntd = { group: ['antd', 'antd/*', '@ant-design/*'], message: 'No antd outside the staff console.' };

// The API's layers (apps/api/README.md "Layers"), checked on every import of apps/api:
//   routes (controller) -> service (rules, no HTTP) -> repository (the only code that knows Drizzle/the schema);
//   a module (src/modules/<m>/) is used from outside only through its public file src/modules/<m>/index.ts, the
//   kernel imports no module, and only src/dev/ and tests import the development stand-ins (module-imports.js).
// Each file kind gets one complete list: a later block replaces an earlier block's list for the same rule.
const api = 'apps/api';
const drizzleOutsideRepositories = [
  {
    regex: '^drizzle-orm(/|$)',
    message: 'Only *.repository.ts files and src/db/ know Drizzle (DESIGN section 5): ask a repository.',
  },
  {
    regex: '(^|/)db/schema(/|$)',
    message: 'Only *.repository.ts files and src/db/ know the schema: take row types from a repository.',
  },
];
const httpInServices = [
  {
    regex: '^(fastify(/.*)?|@fastify/.+)$',
    message:
      'A service knows no HTTP: its routes read the request, set cookies and headers, and pass plain values.',
  },
];
const restrictImports = (...lists) => ({ 'no-restricted-imports': ['error', { patterns: lists.flat() }] });
const apiLayers = [
  { files: [`${api}/**/*.ts`], rules: restrictImports(drizzleOutsideRepositories) },
  {
    files: [`${api}/src/modules/**/*.service.ts`],
    rules: restrictImports(drizzleOutsideRepositories, httpInServices),
  },
  // src/db/ is the database itself (connection, schema), src/composition/seed/ fills it. Tests may read and write
  // tables directly to set up a case and to check what a call stored: looking at the rows from outside the code
  // under test is their point, so they keep Drizzle and the schema.
  {
    files: [
      `${api}/src/db/**`,
      `${api}/src/composition/seed/**`,
      `${api}/test/**`,
      `${api}/**/*.test.ts`,
      `${api}/src/**/*.repository.ts`,
    ],
    rules: { 'no-restricted-imports': 'off' },
  },
  // Modules through their public files, a kernel that knows no module, stand-ins out of production code
  // (scripts/eslint/module-imports.js).
  {
    files: [`${api}/**/*.ts`],
    plugins: { api: { rules: { 'module-imports': moduleImports } } },
    rules: { 'api/module-imports': 'error' },
  },
];

export default tseslint.config(
  { ignores: ['**/dist/**', '**/node_modules/**', '**/.data*/**', '**/drizzle/**', '**/test-results/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    rules: {
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/consistent-type-imports': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
    },
  },
  {
    files: ['**/*.tsx'],
    plugins: { 'react-hooks': reactHooks },
    rules: reactHooks.configs.recommended.rules,
  },
  {
    files: ['packages/**', 'apps/portal/**', 'apps/passport/**', 'apps/pay/**'],
    rules: { 'no-restricted-imports': ['error', { patterns: [noAntd] }] },
  },
  {
    // Dependencies flow one way, apps -> packages (DESIGN section 2): a package imports no app, neither by its
    // name nor by a relative path into apps/. Repeats noAntd: a later block replaces the rule's options.
    files: ['packages/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            noAntd,
            {
              regex: '^@gp/(portal|passport|pay|cs-admin|api)(/|$)',
              message: 'Packages never import apps (DESIGN section 2).',
            },
            { regex: '^\\.\\.?/(.*/)?apps(/|$)', message: 'Packages never import apps (DESIGN section 2).' },
          ],
        },
      ],
    },
  },
  {
    // Features do not import each other nor the layers composing them, and those layers (src/app, src/routes)
    // use a feature only through its features/<f>/index.ts (DESIGN section 7; scripts/eslint).
    files: [
      'apps/{portal,passport,pay,cs-admin}/src/features/**',
      'apps/{portal,passport,pay,cs-admin}/src/routes/**',
      'apps/{portal,passport,pay,cs-admin}/src/app/**',
    ],
    plugins: { front: { rules: { 'feature-imports': featureImports } } },
    rules: { 'front/feature-imports': 'error' },
  },
  ...apiLayers,
);
