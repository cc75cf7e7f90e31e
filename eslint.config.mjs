/**
 * ESLint, run by `npm run lint:eslint` (part of `npm run lint`, so of CI). Product code (main/, shared/, scripts/,
 * renderer/src/) gets typescript-eslint's type-checked recommended rules; tests and the JavaScript entry points get
 * the rules that need no types, which keeps the whole run near a minute on two cores.
 */
import js from '@eslint/js';
import { defineConfig } from 'eslint/config';
import globals from 'globals';
import tseslint from 'typescript-eslint';

const typeScriptRules = {
  // Destructuring a field away from the rest (`{ content_hash: _hash, ...fields }`) is how a field is dropped.
  '@typescript-eslint/no-unused-vars': ['error', { ignoreRestSiblings: true }],
};

export default defineConfig(
  { ignores: ['dist/', 'models/', 'node_modules/', 'test-output/', 'kb/', 'migrations/', 'test/fixtures/'] },
  {
    files: ['main/**/*.ts', 'shared/**/*.ts', 'scripts/**/*.ts', 'renderer/src/**/*.{ts,tsx}'],
    extends: [js.configs.recommended, tseslint.configs.recommendedTypeChecked],
    languageOptions: { parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname } },
    rules: {
      ...typeScriptRules,
      // Services, readers and kernels are object literals of closures (no `this`), so destructuring their methods is safe.
      '@typescript-eslint/unbound-method': 'off',
      // An implementation of a Promise-returning method stays `async` with nothing to await, so that a throw rejects.
      '@typescript-eslint/require-await': 'off',
      // React ignores what an event handler returns; the async handlers get errors back as values (api/client.ts).
      '@typescript-eslint/no-misused-promises': ['error', { checksVoidReturn: { attributes: false } }],
    },
  },
  {
    files: ['test/**/*.ts', 'vitest.config.ts', 'renderer/vite.config.ts', 'scripts/**/*.d.mts'],
    extends: [js.configs.recommended, tseslint.configs.recommended],
    rules: typeScriptRules,
  },
  {
    files: ['**/*.{mjs,cjs}'],
    extends: [js.configs.recommended],
    languageOptions: { globals: globals.node },
  },
  {
    files: ['**/*.cjs'],
    languageOptions: { sourceType: 'commonjs' },
  },
);
