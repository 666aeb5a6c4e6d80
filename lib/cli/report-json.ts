/**
 * The machine report. Its shape is part of the public API (docs/cli.md) and only grows:
 * `reportVersion` changes if a field is ever removed or renamed. Streamed one finding at a time,
 * laid out exactly as `JSON.stringify(report, null, 2)` would lay it out.
 */
import { loosenedPaths } from './design-loosens';
import type { FileResult } from './lint-files';
import { configFields, reportedUnused, visibleFindings, type Outcome, type Reporter, type ReportSettings } from './report';
import { ruleDocsUrl } from './rule-docs';
import { terminalSafeJson } from './terminal';

/** 2: an error or note of the whole file has no `line` and `column` (1 gave it line 1, column 1).
 *  docs/cli.md, "Report versions", lists what each version changed. */
export const REPORT_VERSION = 2;

/** `value` as indented JSON whose continuation lines start at `indent`. */
export function indentedJson(value: unknown, indent: string): string {
  return terminalSafeJson(JSON.stringify(value, null, 2).replace(/\n/g, `\n${indent}`));
}

/** A JSON array member by member, at `indent`. */
export function* jsonArray(items: Iterable<unknown>, indent: string): Generator<string> {
  let first = true;
  for (const item of items) {
    yield `${first ? '[' : ','}\n${indent}  ${indentedJson(item, `${indent}  `)}`;
    first = false;
  }
  yield first ? '[]' : `\n${indent}]`;
}

export function jsonReporter(settings: ReportSettings): Reporter {
  let first = true;
  return {
    *header() {
      const config = { file: settings.config?.file ?? null, ...configFields(settings.config) };
      yield `{\n  "reportVersion": ${REPORT_VERSION},\n  "tool": ${indentedJson({ name: 'skewguard', version: settings.version }, '  ')},\n  "config": ${indentedJson(config, '  ')},\n  "files": [`;
    },
    *file(result: FileResult) {
      const pad = '      ';
      yield `${first ? '' : ','}\n    {\n${pad}"file": ${indentedJson(result.file, pad)},\n${pad}"kind": "${result.kind}",\n${result.skipped ? `${pad}"skipped": true,\n` : ''}${pad}"findings": `;
      first = false;
      yield* jsonArray(
        visibleFindings(result, settings).map((f) => ({ ...f, helpUri: ruleDocsUrl(f.ruleId, f.title, settings.docsUrl) })),
        pad,
      );
      yield `,\n${pad}"errors": `;
      yield* jsonArray(result.errors, pad);
      yield `,\n${pad}"unusedAcknowledgements": `;
      yield* jsonArray(reportedUnused(result, settings), pad);
      yield `,\n${pad}"notes": `;
      yield* jsonArray(result.notes, pad);
      if (result.notJudged) {
        yield `,\n${pad}"notJudged": `;
        yield* jsonArray(result.notJudged, pad);
      }
      if (result.loosens) {
        yield `,\n${pad}"loosens": `;
        yield* jsonArray(loosenedPaths(result.loosens), pad);
      }
      if (result.fixes) {
        yield `,\n${pad}"fixes": `;
        yield* jsonArray(result.fixes, pad);
      }
      yield '\n    }';
    },
    *footer(outcome: Outcome) {
      yield `${first ? '' : '\n  '}],\n  "summary": ${indentedJson({ ...outcome.summary, tooManyWarnings: outcome.tooManyWarnings }, '  ')}\n}\n`;
    },
  };
}
