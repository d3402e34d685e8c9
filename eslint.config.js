// One flat config for the whole workspace; packages run `eslint .` from their own folder.
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import { featureImports } from './scripts/eslint/feature-imports.js';

// ui never imports antd (DESIGN section 2); player apps stay antd-free for phones.
const noAntd = { group: ['antd', 'antd/*', '@ant-design/*'], message: 'No antd outside the staff console.' };

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
    // Features do not import each other nor the layers composing them (DESIGN section 7; scripts/eslint).
    files: ['apps/{portal,passport,pay,cs-admin}/src/features/**'],
    plugins: { front: { rules: { 'feature-imports': featureImports } } },
    rules: { 'front/feature-imports': 'error' },
  },
);
