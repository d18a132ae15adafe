// @ts-check
import { readdirSync, existsSync } from 'node:fs';
import js from '@eslint/js';
import importPlugin from 'eslint-plugin-import';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

const serverFeatures = existsSync('apps/server/src/features')
  ? readdirSync('apps/server/src/features', { withFileTypes: true })
      .filter((d) => d.isDirectory())
      .map((d) => d.name)
  : [];

const webFeatures = existsSync('apps/web/src/features')
  ? readdirSync('apps/web/src/features', { withFileTypes: true })
      .filter((d) => d.isDirectory())
      .map((d) => d.name)
  : [];

/**
 * DESIGN.md §4 rule 9: imports run one way. A wrong arrow fails the lint.
 * Paths are resolved relative to the repository root.
 */
const oneWayImports = {
  'import/no-restricted-paths': [
    'error',
    {
      zones: [
        { target: './packages/shared', from: './apps', message: 'packages/shared imports nothing from apps/.' },
        { target: './apps/web', from: './apps/server', message: 'The web app imports no server code (only packages/shared).' },
        { target: './apps/widget', from: './apps/server', message: 'The widget imports no server code (only packages/shared).' },
        { target: './apps/widget', from: './apps/web', message: 'The widget imports nothing from the web app.' },
        { target: './apps/web', from: './apps/widget', message: 'The web app imports nothing from the widget.' },
        ...['db', 'rag', 'providers'].map((dir) => ({
          target: `./apps/server/src/${dir}`,
          from: './apps/server/src/features',
          message: `apps/server/src/${dir} imports no feature.`,
        })),
        { target: './apps/web/src/components/ui', from: './apps/web/src/features', message: 'components/ui imports no feature.' },
        ...webFeatures.map((name) => ({
          target: `./apps/web/src/features/${name}`,
          from: './apps/web/src/features',
          except: [`./${name}`],
          message: 'Web features do not import each other; screens in src/app compose them.',
        })),
      ],
    },
  ],
};

/**
 * A server feature is a module: other features and app.ts import only its index.ts (its public entry), never a file
 * behind it. Tests are exempt (a test may set up another feature's rows through its internals).
 */
const serverFeatureEntries = {
  'import/no-restricted-paths': [
    'error',
    {
      zones: [
        ...oneWayImports['import/no-restricted-paths'][1].zones,
        // The layers below the features (their tests may set up a feature's rows).
        ...['services', 'plugins', 'jobs', 'lib'].map((dir) => ({
          target: `./apps/server/src/${dir}`,
          from: './apps/server/src/features',
          message: `apps/server/src/${dir} imports no feature.`,
        })),
        ...serverFeatures.map((name) => ({
          target: [`./apps/server/src/features/${name}`, './apps/server/src/app.ts', './apps/server/src/main.ts'],
          from: './apps/server/src/features',
          except: [`./${name}`, ...serverFeatures.map((other) => `./${other}/index.ts`)],
          message: 'Import another server feature through its index.ts (its public entry), not a file behind it.',
        })),
      ],
    },
  ],
};

export default tseslint.config(
  { ignores: ['**/dist/**', '**/node_modules/**', 'apps/server/drizzle/**', 'data/**', '**/*.d.ts'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { ecmaVersion: 2023, sourceType: 'module', globals: { ...globals.node } },
    plugins: { import: importPlugin },
    settings: { 'import/resolver': { node: { extensions: ['.ts', '.tsx', '.js', '.mjs'] } } },
    rules: {
      ...oneWayImports,
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none' }],
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
      'no-console': 'off',
    },
  },
  {
    files: ['apps/server/src/**/*.ts'],
    ignores: ['**/*.test.ts', 'apps/server/src/test/**'],
    rules: serverFeatureEntries,
  },
  {
    files: ['apps/web/**/*.{ts,tsx,js}', 'apps/widget/**/*.{ts,js}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'warn',
      'no-restricted-imports': [
        'error',
        { patterns: [{ group: ['**/apps/server/**', '@parley/server*'], message: 'The web app and widget import no server code.' }] },
      ],
    },
  },
  // Web features reached through the @/ alias are checked here (the path rule above sees relative imports).
  ...webFeatures.map((name) => ({
    files: [`apps/web/src/features/${name}/**/*.{ts,tsx}`],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['@/features/*', `!@/features/${name}`, `!@/features/${name}/**`],
              message: 'Web features do not import each other; screens in src/app compose them.',
            },
          ],
        },
      ],
    },
  })),
  {
    files: ['apps/web/src/components/ui/**/*.{ts,tsx}'],
    rules: { 'no-restricted-imports': ['error', { patterns: [{ group: ['@/features/*'], message: 'components/ui imports no feature.' }] }] },
  },
);
