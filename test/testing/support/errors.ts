/** What a call threw, for tests that assert on the error itself. */

/** The error `run` throws; fails the test when it throws nothing. */
export function thrown(run: () => unknown): Error {
  const error = errorOf(run);
  if (error === undefined) throw new Error('expected a throw');
  return error as Error;
}

/** The error `run` throws, or undefined. */
export function errorOf(run: () => unknown): unknown {
  try {
    run();
  } catch (error) {
    return error;
  }
  return undefined;
}

/** The error a promise rejects with; fails the test when it resolves. */
export async function rejection(run: Promise<unknown>): Promise<Error> {
  try {
    await run;
  } catch (error) {
    return error as Error;
  }
  throw new Error('expected a rejection');
}
