/**
 * The machine report. Its shape is part of the public API (documented in the README) and only
 * grows: `reportVersion` changes if a field is ever removed or renamed.
 */
import type { FileResult } from './lint-files';
import { summarize } from './summary';

export function jsonReport(results: readonly FileResult[], version: string): string {
  const report = {
    reportVersion: 1,
    tool: { name: 'skewguard', version },
    files: results.map((r) => ({ file: r.file, findings: r.findings, errors: r.errors })),
    summary: summarize(results),
  };
  return `${JSON.stringify(report, null, 2)}\n`;
}
