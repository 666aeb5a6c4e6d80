/**
 * SARIF 2.1.0 for GitHub code scanning and other SARIF viewers: rule metadata from the catalogue,
 * one result per finding located at the file and line of the offending field; acknowledged
 * findings carry an in-source suppression with their reason. Input errors become tool notifications.
 */
import { pathToFileURL } from 'node:url';
import { relative, sep } from 'node:path';
import type { Log, Location } from 'sarif';
import type { Rule } from '../lint/rule';
import type { FileResult } from './lint-files';

const SARIF_SCHEMA = 'https://json.schemastore.org/sarif-2.1.0.json';

function uriOf(file: string, cwd: string): string {
  return relative(cwd, file).split(sep).map(encodeURIComponent).join('/');
}

export function sarifReport(results: readonly FileResult[], rules: readonly Rule[], version: string, cwd: string): string {
  const ruleIndex = new Map(rules.map((r, i) => [r.id, i]));
  const location = (file: string, line: number, column: number, path: string): Location => ({
    physicalLocation: { artifactLocation: { uri: uriOf(file, cwd), uriBaseId: '%SRCROOT%' }, region: { startLine: line, startColumn: column } },
    ...(path ? { logicalLocations: [{ fullyQualifiedName: path, kind: 'member' }] } : {}),
  });
  // Typed with @types/sarif (a dev dependency: only this type import uses it) so the compiler checks the shape.
  const log: Log = {
    $schema: SARIF_SCHEMA,
    version: '2.1.0',
    runs: [{
      tool: {
        driver: {
          name: 'skewguard',
          semanticVersion: version,
          rules: rules.map((r) => ({
            id: r.id,
            name: r.title,
            shortDescription: { text: r.fires },
            fullDescription: { text: r.rationale },
            help: { text: r.fix, markdown: `**Fix:** ${r.fix}\n\n**Why:** ${r.rationale}` },
            defaultConfiguration: { level: r.severity },
            properties: { tags: ['partition-key', ...r.engines] },
          })),
        },
      },
      originalUriBaseIds: { '%SRCROOT%': { uri: pathToFileURL(cwd.endsWith(sep) ? cwd : `${cwd}${sep}`).href } },
      invocations: [{
        executionSuccessful: results.every((r) => r.errors.length === 0),
        toolExecutionNotifications: results.flatMap((r) => r.errors.map((e) => ({
          level: 'error',
          message: { text: `${e.path || '(file)'}: ${e.message}` },
          locations: [location(r.file, e.line, e.column, e.path)],
        }))),
      }],
      results: results.flatMap((r) => r.findings.map((f) => ({
        ruleId: f.ruleId,
        ruleIndex: ruleIndex.get(f.ruleId),
        level: f.severity,
        message: { text: `${f.resource}: ${f.message}. Fix: ${f.fix}` },
        locations: [location(r.file, f.line, f.column, f.path)],
        ...(f.acknowledged ? { suppressions: [{ kind: 'inSource', justification: f.reason }] } : {}),
      }))),
    }],
  };
  return `${JSON.stringify(log, null, 2)}\n`;
}
