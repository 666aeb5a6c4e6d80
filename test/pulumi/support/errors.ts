import { InvalidArgsError } from '../../../lib/pulumi';

/** The error of class `type` that `construct` throws (anything else it throws is rethrown; nothing thrown fails the test). */
export function thrownOf<E extends Error>(construct: () => unknown, type: abstract new (...args: never[]) => E): E {
  try {
    construct();
  } catch (error) {
    if (error instanceof type) return error;
    throw error;
  }
  throw new Error('nothing was thrown');
}

/** The InvalidArgsError `construct` throws (anything else it throws is rethrown; nothing thrown fails the test). */
export function thrownBy(construct: () => unknown): InvalidArgsError {
  return thrownOf(construct, InvalidArgsError);
}
