import { InvalidArgsError } from '../../../lib/pulumi';

/** The InvalidArgsError `construct` throws (anything else it throws is rethrown; nothing thrown fails the test). */
export function thrownBy(construct: () => unknown): InvalidArgsError {
  try {
    construct();
  } catch (error) {
    if (error instanceof InvalidArgsError) return error;
    throw error;
  }
  throw new Error('nothing was thrown');
}
