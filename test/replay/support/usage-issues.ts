import { UsageError } from '../../../lib';

/** The `[path, message]` of each issue of the UsageError `run` throws; none when it throws nothing (any other error is rethrown). */
export function usageIssues(run: () => unknown): [string, string][] {
  try {
    run();
  } catch (error) {
    if (error instanceof UsageError) return error.issues.map((i) => [i.path, i.message]);
    throw error;
  }
  return [];
}
