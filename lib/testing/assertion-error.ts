/**
 * The error every skewguard test assertion throws. A plain `Error` subclass, so every test runner
 * (jest, vitest, node:test, mocha) prints its message as it is: the message carries the whole
 * design report, which is what a reader needs to fix the test or the design.
 */
export class DesignAssertionError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'DesignAssertionError';
  }
}
