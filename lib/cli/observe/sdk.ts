/**
 * The cloud SDKs are optional peer dependencies, loaded only by `observe` in live mode, so that
 * `require('skewguard')` and `skewguard lint` load none of them (test/cli/observe/no-sdk.test.ts).
 * A missing one is a sentence naming the package to install, never a MODULE_NOT_FOUND stack.
 */
import { UsageError } from '../errors';

export async function loadSdk<T>(name: string, why: string): Promise<T> {
  try {
    return (await import(name)) as T;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'MODULE_NOT_FOUND' && String((error as Error).message).includes(name))
      throw new UsageError(`${why} needs the package ${name}, an optional peer dependency of skewguard: npm install --save-dev ${name}`, 'observe');
    throw error;
  }
}
