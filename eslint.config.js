// One lint setup for the whole repository: TypeScript rules, React hooks, and the import boundaries of DESIGN.md §2.
import js from '@eslint/js';
import boundaries from 'eslint-plugin-boundaries';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

export default tseslint.config(
  { ignores: ['**/node_modules/**', '**/dist/**', 'data/**', 'db/migrations/**', 'test-results/**', 'docs/api/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/consistent-type-definitions': ['error', 'type'],
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      'no-console': 'error',
    },
  },
  // Only apps/server/src/config.ts reads the environment (STYLE.md §6); tooling scripts are exempt.
  {
    files: ['apps/**/*.{ts,tsx}', 'packages/**/*.ts'],
    ignores: ['apps/server/src/config.ts'],
    rules: {
      'no-restricted-properties': [
        'error',
        { object: 'process', property: 'env', message: 'Read settings through apps/server/src/config.ts.' },
      ],
    },
  },
  {
    files: ['apps/web/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks, boundaries },
    settings: {
      'import/resolver': { node: { extensions: ['.ts', '.tsx', '.js'] } },
      'boundaries/include': ['apps/web/src/**/*'],
      'boundaries/elements': [
        { type: 'feature', pattern: 'apps/web/src/features/*', capture: ['feature'] },
        { type: 'ui', pattern: 'apps/web/src/components/ui' },
        { type: 'app', pattern: 'apps/web/src/app' },
        { type: 'lib', pattern: 'apps/web/src/lib' },
        { type: 'config', pattern: 'apps/web/src/config' },
      ],
    },
    rules: {
      ...reactHooks.configs.recommended.rules,
      'boundaries/element-types': [
        'error',
        {
          default: 'allow',
          rules: [
            {
              from: 'feature',
              disallow: [['feature', { feature: '!${from.feature}' }]],
              message: 'Features do not import each other: move shared code to lib/ or components/ui/.',
            },
            { from: 'ui', disallow: ['feature', 'app'], message: 'components/ui holds primitives only.' },
            { from: 'lib', disallow: ['feature', 'app'], message: 'lib/ imports no feature.' },
          ],
        },
      ],
    },
  },
  {
    files: ['e2e/**/*.{ts,mjs}', 'bench/**/*.{ts,mjs}', '**/*.config.{ts,js}', '**/build.mjs', '.ci/**'],
    rules: { 'no-console': 'off' },
  },
);
