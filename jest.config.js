/** @type {import('jest').Config} */
module.exports = {
  testEnvironment: 'node',
  roots: ['<rootDir>/test'],
  testMatch: ['**/*.test.ts'],
  reporters: ['default', '<rootDir>/test/support/summary-reporter.js'],
  globalSetup: '<rootDir>/test/support/global-setup.js',
  globalTeardown: '<rootDir>/test/support/global-teardown.js',
  // Type errors are caught by `npm run typecheck`; tsconfig's isolatedModules makes ts-jest
  // transpile each file alone, which keeps jest fast.
  transform: { '^.+\\.ts$': 'ts-jest' },
  // A CI machine shared by other jobs can be several times slower than a quiet one; tests assert
  // outcomes, never time, so a stalled test should fail only when it is truly stuck.
  testTimeout: 30000,
  // One worker per core. Jest's default is one fewer than the cores, and with one worker it runs every
  // file in its own process, one after another: on the 2-core machines CI and contributors use, half
  // of the machine sat idle (jest took 268 s in band).
  maxWorkers: '100%',
};
