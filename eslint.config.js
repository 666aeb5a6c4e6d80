// @ts-check
const js = require('@eslint/js');
const tseslint = require('typescript-eslint');
const importX = require('eslint-plugin-import-x');

/** The core's internal modules, seen from an adapter (lib/<adapter>/ or one folder deeper): adapters
 *  reach them only through lib/index.ts. */
const CORE_INTERNALS = ['design', 'lint', 'cfn', 'engines'].flatMap((m) => [`../${m}`, `../${m}/*`, `../../${m}`, `../../${m}/*`]);
const THROUGH_INDEX = { group: CORE_INTERNALS, message: 'Import the core through its public entry: ../index.' };

module.exports = tseslint.config(
  { ignores: ['dist/', 'node_modules/', 'coverage/', 'cdk.out/'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ['**/*.js'],
    languageOptions: {
      sourceType: 'commonjs',
      globals: { require: 'readonly', module: 'writable', process: 'readonly', console: 'readonly', __dirname: 'readonly' },
    },
    rules: { '@typescript-eslint/no-require-imports': 'off' },
  },
  // Import hygiene as aws-cdk enforces it: one import statement per module, imports before code, in
  // one order (node built-ins, packages, then the project's own modules). Cycles are checked by madge
  // (npm run check:cycles), which counts type-only imports too.
  {
    files: ['**/*.ts'],
    plugins: { 'import-x': importX.importX },
    rules: {
      'import-x/no-duplicates': 'error',
      'import-x/first': 'error',
      'import-x/order': [
        'error',
        { groups: ['builtin', 'external', ['internal', 'parent', 'sibling', 'index']], alphabetize: { order: 'asc', caseInsensitive: true } },
      ],
    },
  },
  {
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', ignoreRestSiblings: true }],
      eqeqeq: ['error', 'always'],
    },
  },
  // Boundaries: the core loads no cloud SDK; each adapter loads only its own SDK and reaches the core
  // through its public entry (lib/index.ts), so the core's internals can change without breaking them.
  {
    files: ['lib/**/*.ts'],
    ignores: ['lib/cdk/**', 'lib/pulumi/**', 'lib/testing/**', 'lib/cli/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['aws-cdk-lib', 'aws-cdk-lib/*', 'constructs', '@pulumi/*'],
              message: 'The core never loads a cloud SDK: put this in lib/cdk or lib/pulumi.',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['lib/cli/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { group: ['aws-cdk-lib', 'aws-cdk-lib/*', 'constructs', '@pulumi/*'], message: 'The CLI never loads a cloud SDK: it reads templates as JSON.' },
            THROUGH_INDEX,
            {
              group: ['../cdk', '../cdk/*', '../../cdk', '../../cdk/*', '../pulumi', '../pulumi/*', '../../pulumi', '../../pulumi/*'],
              message: 'The adapters share code through the core (../index), not each other: move what both need into the core.',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['lib/cdk/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { group: ['@pulumi/*'], message: 'skewguard/cdk must never load Pulumi.' },
            THROUGH_INDEX,
            { group: ['../cli/*', '../../cli/*'], message: 'The CLI is an adapter: share code through the core (../index), not the CLI.' },
          ],
        },
      ],
    },
  },
  {
    files: ['lib/pulumi/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [
            {
              name: '@pulumi/azure-native',
              message: 'Import a submodule (@pulumi/azure-native/cosmosdb, /monitor, /operationalinsights): the root costs ~4 s and 1 GB of type checking.',
            },
          ],
          patterns: [
            { group: ['aws-cdk-lib', 'aws-cdk-lib/*', 'constructs'], message: 'skewguard/pulumi must never load aws-cdk-lib.' },
            THROUGH_INDEX,
            { group: ['../cli/*', '../../cli/*'], message: 'The CLI is an adapter: share code through the core (../index), not the CLI.' },
          ],
        },
      ],
    },
  },
  // The testing helpers load only what they test: skewguard/testing no cloud SDK, testing/cdk never
  // Pulumi, testing/pulumi never aws-cdk-lib (the require.cache tests check the built package too).
  {
    files: ['lib/testing/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['aws-cdk-lib', 'aws-cdk-lib/*', 'constructs', '@pulumi/*'],
              message: 'skewguard/testing loads no cloud SDK: put this in lib/testing/cdk or lib/testing/pulumi.',
            },
            THROUGH_INDEX,
          ],
        },
      ],
    },
  },
  {
    files: ['lib/testing/cdk/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: [{ group: ['@pulumi/*', '../../pulumi', '../../pulumi/*'], message: 'skewguard/testing/cdk must never load Pulumi.' }, THROUGH_INDEX] },
      ],
    },
  },
  {
    files: ['lib/testing/pulumi/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['aws-cdk-lib', 'aws-cdk-lib/*', 'constructs', '@pulumi/azure-native', '@pulumi/azure-native/*', '../../cdk', '../../cdk/*'],
              message: 'skewguard/testing/pulumi loads only @pulumi/pulumi.',
            },
            THROUGH_INDEX,
          ],
        },
      ],
    },
  },
  {
    files: ['lib/testing/replay/**/*.ts'],
    rules: { 'no-restricted-imports': ['error', { patterns: [THROUGH_INDEX] }] },
  },
);
