// One flat config for the whole workspace; packages run `eslint .` from their own folder.
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';

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
    // ui never imports antd (DESIGN section 2); player apps stay antd-free for phones.
    files: ['packages/**', 'apps/portal/**', 'apps/passport/**', 'apps/pay/**'],
    rules: { 'no-restricted-imports': ['error', { patterns: ['antd', 'antd/*', '@ant-design/*'] }] },
  },
);
