import type { FileResult } from './lint-files';

export interface Summary {
  readonly files: number;
  readonly invalidFiles: number;
  readonly errors: number;
  readonly warnings: number;
  /** Findings waived by an acknowledgement (counted in neither errors nor warnings). */
  readonly acknowledged: number;
}

export function summarize(results: readonly FileResult[]): Summary {
  const findings = results.flatMap((r) => r.findings);
  const open = findings.filter((f) => !f.acknowledged);
  return {
    files: results.length,
    invalidFiles: results.filter((r) => r.errors.length > 0).length,
    errors: open.filter((f) => f.severity === 'error').length,
    warnings: open.filter((f) => f.severity === 'warning').length,
    acknowledged: findings.length - open.length,
  };
}

export function plural(count: number, word: string): string {
  return `${count} ${word}${count === 1 ? '' : 's'}`;
}
