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
  // Each test file runs in a vm context, where every read of a global (Math, Number, Map...) goes through the
  // context's global object, some 30 times slower than in plain node: the replays' minute-by-minute loops spent
  // most of their time there. Injected, each module reads them as a parameter of its wrapper instead: the same
  // objects (the context's own, so instanceof and spies behave as before). Not Date, Promise or the timers, which
  // jest.useFakeTimers() replaces on the global; and a module may not declare a top-level const or class of one of
  // these names (in node_modules, only @pulumi/azure-native's dependencymap declares a class Map; no test loads it).
  sandboxInjectedGlobals: ['Array', 'Boolean', 'Infinity', 'JSON', 'Map', 'Math', 'Number', 'Object', 'Set', 'String', 'Symbol'],
  // A CI machine shared by other jobs can be several times slower than a quiet one; tests assert
  // outcomes, never time, so a stalled test should fail only when it is truly stuck.
  testTimeout: 30000,
  // One worker per core. Jest's default is one fewer than the cores, and with one worker it runs every
  // file in its own process, one after another: on the 2-core machines CI and contributors use, half
  // of the machine sat idle (jest took 268 s in band).
  maxWorkers: '100%',
};
