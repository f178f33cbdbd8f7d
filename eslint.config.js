// ESLint flat config. Rules are chosen to catch defects (wrong hooks, unused code, unsafe any-free
// TypeScript mistakes, inaccessible markup), not style: Prettier owns formatting. Why each choice:
// docs/contributing.md#lint.
import js from '@eslint/js';
import { defineConfig } from 'eslint/config';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import jsxA11y from 'eslint-plugin-jsx-a11y';
import astro from 'eslint-plugin-astro';
import globals from 'globals';

export default defineConfig(
  {
    ignores: [
      'dist/',
      '.astro/',
      '.netlify/',
      '.test-site/',
      '.load-test-site/',
      '.bench-site/',
      '.bench-mail-site/',
      '.served-site/',
      '.served-*-site/',
      'bench/lighthouse/',
      'test-results/',
      'playwright-report/',
      'coverage/',
      'public/',
      // Built bundles kept as test fixtures: minified on purpose.
      'tests/**/fixtures/**/_astro/',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  ...astro.configs.recommended,
  {
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
    linterOptions: { reportUnusedDisableDirectives: 'error' },
    rules: {
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none', ignoreRestSiblings: true },
      ],
      // `any` is sometimes the honest type at a JSON boundary; a warning would only be noise.
      '@typescript-eslint/no-explicit-any': 'off',
      eqeqeq: ['error', 'always', { null: 'ignore' }],
      // `try { localStorage... } catch {}`: storage can be blocked, and there is nothing to do about it.
      'no-empty': ['error', { allowEmptyCatch: true }],
      'no-console': 'off',
    },
  },
  {
    files: ['src/islands/**/*.{ts,tsx}', 'src/stores/**/*.ts', 'src/lib/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'error',
    },
  },
  {
    // The plugin itself is registered by the Astro plugin's a11y config below (registering it twice is an error).
    files: ['**/*.tsx'],
    languageOptions: jsxA11y.flatConfigs.recommended.languageOptions,
    rules: jsxA11y.flatConfigs.recommended.rules,
  },
  // The jsx-a11y rules, extended to Astro markup by the Astro plugin.
  ...astro.configs['jsx-a11y-recommended'],
  {
    rules: {
      // `<ul role="list">` is deliberate: Safari drops list semantics from lists styled `list-style: none`.
      'astro/jsx-a11y/no-redundant-roles': ['error', { ul: ['list'], ol: ['list'] }],
      'jsx-a11y/no-redundant-roles': ['error', { ul: ['list'], ol: ['list'] }],
      // A scroll area of text (a wide table, a long message) must take focus so the keyboard can scroll it
      // (WCAG 2.1.1; axe's scrollable-region-focusable): as a labelled region it may have a tab stop.
      'jsx-a11y/no-noninteractive-tabindex': [
        'error',
        { tags: [], roles: ['tabpanel', 'region'], allowExpressionValues: true },
      ],
      'astro/jsx-a11y/no-noninteractive-tabindex': [
        'error',
        { tags: [], roles: ['tabpanel', 'region'], allowExpressionValues: true },
      ],
      // An image's onerror/onload is not a user interaction; only pointer and key handlers count.
      'astro/jsx-a11y/no-noninteractive-element-interactions': [
        'error',
        { handlers: ['onClick', 'onMouseDown', 'onMouseUp', 'onKeyPress', 'onKeyDown', 'onKeyUp'] },
      ],
    },
  },
  {
    // is:inline scripts ship as written, without a bundler: `var` in them is a choice, not a slip.
    files: ['**/*.astro/*.js', '**/*.astro/*.ts'],
    rules: { 'no-var': 'off' },
  },
);
