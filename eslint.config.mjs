// ESLint for the playground (www/), the browser tests and benchmarks' scripts are not
// linted here. `make lint` runs it; types are tsc's (tsconfig.json).
import js from '@eslint/js';
import globals from 'globals';

export default [
  { ignores: ['pkg/**', 'pkg-node/**', 'target/**', 'node_modules/**', 'test-output/**', 'fuzz/**'] },
  {
    files: ['www/**/*.js'],
    ...js.configs.recommended,
    languageOptions: {
      ecmaVersion: 2022,
      sourceType: 'module',
      globals: { ...globals.browser },
    },
    rules: {
      ...js.configs.recommended.rules,
      // Hooks and defaults name their parameters for the documentation.
      'no-unused-vars': ['error', { args: 'none', caughtErrors: 'none' }],
      eqeqeq: ['error', 'always', { null: 'ignore' }],
      'no-var': 'error',
      'prefer-const': ['error', { destructuring: 'all' }],
      'no-shadow': ['error', { builtinGlobals: false }],
      'no-throw-literal': 'off', // the wasm module's errors are plain {message, line, column}
      'no-implicit-globals': 'error',
      'no-eval': 'error',
      'no-new-func': 'error',
      'no-self-compare': 'error',
      'no-template-curly-in-string': 'error',
      'no-unmodified-loop-condition': 'error',
      'no-unreachable-loop': 'error',
      'no-useless-return': 'error',
      'no-promise-executor-return': 'off',
      'array-callback-return': 'error',
      'no-constructor-return': 'error',
      'no-duplicate-imports': 'error',
      'object-shorthand': ['error', 'properties'],
    },
  },
  {
    files: ['www/js/solver-worker.js', 'www/js/games/gpac/gpac-worker.js'],
    languageOptions: { globals: { ...globals.worker } },
  },
  {
    files: ['www/sw.js'],
    languageOptions: { sourceType: 'script', globals: { ...globals.serviceworker } },
  },
];
