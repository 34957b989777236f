// @ts-check
import js from '@eslint/js';
import { defineConfig } from 'eslint/config';
import astro from 'eslint-plugin-astro';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

export default defineConfig(
  {
    ignores: ['dist/', 'dist-confirm/', '.astro/', 'node_modules/', 'backend/', 'test-results/', 'playwright-report/'],
  },
  js.configs.recommended,
  tseslint.configs.strictTypeChecked,
  {
    languageOptions: {
      parserOptions: {
        projectService: true,
        tsconfigRootDir: import.meta.dirname,
        // .astro files are type-checked by `astro check`; typed lint rules there would need a second parser.
        extraFileExtensions: ['.astro'],
      },
      globals: { ...globals.browser, ...globals.node },
    },
    rules: {
      // Template literals with numbers are idiomatic for building messages and paths.
      '@typescript-eslint/restrict-template-expressions': ['error', { allowNumber: true }],
      // `() => setOpen(false)` style handlers are clear; braces would only add noise.
      '@typescript-eslint/no-confusing-void-expression': ['error', { ignoreArrowShorthand: true }],
      // A leading underscore marks a parameter that must exist for the signature but is not read.
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
    },
  },
  astro.configs.recommended,
  {
    files: ['**/*.astro', '**/*.astro/*.ts', '**/*.astro/*.js'],
    ...tseslint.configs.disableTypeChecked,
  },
  {
    files: ['**/*.tsx', 'src/components/app/**/*.ts'],
    ...reactHooks.configs.flat.recommended,
  },
  {
    // Plain-JS scripts and configs run by Node: typed rules need a TS program they are not part of.
    files: ['**/*.mjs', '**/*.cjs', '**/*.js'],
    ...tseslint.configs.disableTypeChecked,
  },
  {
    files: ['**/*.cjs'],
    languageOptions: { sourceType: 'commonjs' },
  },
);
