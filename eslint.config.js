import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

export default tseslint.config(
  { ignores: ['**/dist/**', '**/node_modules/**', 'data/**', 'e2e/screenshots/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_' },
      ],
      '@typescript-eslint/no-non-null-assertion': 'off',
    },
  },
  {
    files: ['apps/web/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: reactHooks.configs.recommended.rules,
  },
  {
    // A feature may use config/, components/, lib/ and the contract: not another feature's
    // internals, and not app/ (which composes the features, so the arrow points one way).
    files: ['apps/web/src/features/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['**/features/**', '@/features/**'],
              message: 'Features do not import each other; compose them in app/.',
            },
            {
              group: ['@/app', '@/app/**', '**/app/**'],
              message: 'Features do not import app/; paths live in config/paths.ts.',
            },
          ],
        },
      ],
    },
  },
  {
    // Shared code sits below the features and app/: it imports neither.
    files: ['apps/web/src/{components,lib,config,locales}/**/*.{ts,tsx}'],
    // A test may look across layers (the vocabulary test reads every locale bundle).
    ignores: ['**/*.test.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['@/app', '@/app/**', '**/app/**', '@/features/**', '**/features/**'],
              message: 'components/, lib/, config/ and locales/ do not import app/ or features.',
            },
          ],
        },
      ],
    },
  },
);
