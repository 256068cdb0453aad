// One lint config for every workspace; `npm run check` runs it with zero warnings allowed.
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';

export default tseslint.config(
  { ignores: ['**/dist/**', '**/node_modules/**', '.data/**', 'test-output/**', 'coverage/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_' },
      ],
      '@typescript-eslint/consistent-type-imports': 'error',
      'no-console': ['error', { allow: ['warn', 'error'] }],
    },
  },
  {
    files: ['apps/web/**/*.{ts,tsx}', 'apps/admin/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'error',
    },
  },
  {
    // Imperative overlays need the React 19 render hook set in lib/overlays.ts, which is
    // not in the first load: take them from there (or lib/messages.ts), never directly.
    // And the protocol package by its modules, never its index (below).
    files: ['apps/web/src/**/*.{ts,tsx}'],
    ignores: ['apps/web/src/lib/overlays.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [
            {
              name: 'antd-mobile',
              importNames: ['Toast', 'Modal', 'unstableSetRender'],
              message: 'Import imperative overlays from lib/overlays.ts (or use lib/messages.ts).',
            },
            {
              // The index re-exports calls.ts, whose schemas are built with TypeBox when the
              // module is evaluated: through it, the first load carried and ran them.
              name: '@olive/protocol',
              message:
                "Import the module itself ('@olive/protocol/numbers', '/money', '/envelope', '/app', '/languages'; types from '/calls').",
            },
          ],
        },
      ],
    },
  },
);
