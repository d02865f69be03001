import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

// The server's borders (issue 17): a module is used through its front door (modules/<m>/index.ts)
// only, and SQL is written in repositories (*.repository.ts) and db/ only.
const otherModuleFile = {
  regex: '^\\.\\./(?!\\.\\.?/)[^/]+/(?!index\\.js$)',
  message: "Use the other module through its front door: '../<module>/index.js'.",
};
const moduleFile = {
  regex: '(^|/)modules/[^/]+/(?!index\\.js$)[^/]+$',
  message: "Use a module through its front door: 'modules/<module>/index.js'.",
};
const sqlOutsideRepositories = {
  name: 'kysely',
  importNames: ['sql'],
  message: 'SQL belongs in a *.repository.ts of the module, or in db/ when modules share it.',
};
const serverImports = (patterns, paths = []) => ({
  'no-restricted-imports': ['error', { patterns, paths }],
});
const serverProduct = (files, rules, extraIgnores = []) => ({
  files,
  // Tests may reach inside a module to set up what they check.
  ignores: ['**/*.test.ts', ...extraIgnores],
  rules,
});

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
  serverProduct(
    ['apps/server/src/modules/**/*.ts'],
    serverImports([otherModuleFile], [sqlOutsideRepositories]),
  ),
  serverProduct(
    [
      'apps/server/src/modules/**/*.repository.ts',
      // Issue 17: the job runner's change moves this file's SQL into repositories; then this goes.
      'apps/server/src/modules/sync/sync-run.service.ts',
    ],
    serverImports([otherModuleFile]),
  ),
  serverProduct(
    ['apps/server/src/*.ts', 'apps/server/src/{plugins,jobs}/**/*.ts'],
    serverImports([moduleFile], [sqlOutsideRepositories]),
    ['apps/server/src/jobs/**/*.repository.ts'],
  ),
  // The job runner keeps its own SQL (pg-boss's queue tables) in its repository.
  serverProduct(['apps/server/src/jobs/**/*.repository.ts'], serverImports([moduleFile])),
  // Test support (fixtures, the test app) goes through the front doors too; it may write SQL
  // to set up what a test checks.
  serverProduct(['apps/server/src/test/**/*.ts'], serverImports([moduleFile])),
  serverProduct(
    ['apps/server/src/db/**/*.ts'],
    serverImports([
      { ...moduleFile, regex: '(^|/)modules/', message: 'db/ sits below the modules.' },
    ]),
  ),
  serverProduct(
    ['apps/server/src/lib/**/*.ts'],
    serverImports(
      [
        {
          regex: '(^|/)(modules|db)/',
          message: 'lib/ is plumbing: it imports neither db/ nor modules.',
        },
      ],
      [sqlOutsideRepositories],
    ),
  ),
);
