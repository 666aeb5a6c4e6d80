/**
 * SARIF 2.1.0 for GitHub code scanning and other SARIF viewers: rule metadata from the catalogue
 * (with `helpUri` to each rule's documentation), one result per finding located at the file, line
 * and column of the offending field; acknowledged findings carry an in-source suppression with
 * their reason (its `justification`, SARIF 2.1.0 §3.35.5; a waiver that absorbs several kinds of its rule's findings
 * is named in the message, as the other notes on a finding are); stale acknowledgements are results of the `unused-acknowledgement` reporting rule.
 * Every result has a fingerprint of its rule, file and field path, so code scanning tracks it across edits.
 * An input error is a result of the `input-error` reporting rule at its file (code scanning shows results, not
 * notifications) and a tool notification of level error; notes are notifications; what the rules did not judge for want of a declared figure is
 * the run's `properties.notJudged`. Results are streamed; notifications (one per
 * invalid input) are kept until the end, where SARIF puts the invocation.
 */
import { createHash } from 'node:crypto';
import { resolve, sep } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { Location, Notification, ReportingDescriptor, Result } from 'sarif';
import { RULES, type RuleDescription } from '../index';
import { broadWaiverNote, lapsedWaiverNote, notWaivedNotes, withBullets } from '../internal';
import { loosenedPaths } from './design-loosens';
import type { FileResult } from './lint-files';
import { pathInside } from './path-inside';
import { hasPosition, problemText, type Place } from './place';
import {
  configFields,
  INPUT_ERROR,
  reportedUnused,
  UNUSED_ACKNOWLEDGEMENT,
  UNUSED_FIX,
  visibleFindings,
  type Outcome,
  type Reporter,
  type ReportSettings,
} from './report';
import { indentedJson, jsonArray } from './report-json';
import { inputErrorDocsUrl, ruleDocsUrl, rulesDocumentationUrl, unusedAcknowledgementDocsUrl } from './rule-docs';
import { printable } from './terminal';

const SARIF_SCHEMA = 'https://json.schemastore.org/sarif-2.1.0.json';

/** A file as a URI relative to %SRCROOT% (the cwd), or an absolute file URI when it lies outside. */
function artifactLocation(file: string, cwd: string): { uri: string; uriBaseId?: string } {
  const rel = pathInside(cwd, file);
  if (rel === undefined) return { uri: pathToFileURL(resolve(cwd, file)).href };
  return { uri: rel.split(sep).map(encodeURIComponent).join('/'), uriBaseId: '%SRCROOT%' };
}

function ruleDescriptors(unused: 'error' | 'warning' | 'off', docsUrl: string | undefined, extra: readonly RuleDescription[]): ReportingDescriptor[] {
  const rules: ReportingDescriptor[] = [...RULES, ...extra].map((r) => ({
    id: r.id,
    name: r.title,
    // GitHub code scanning titles an alert's rule with shortDescription (one line) and shows fullDescription at the
    // top of every alert: when the rule fires, nothing more. Why, and the fix, are in help and behind helpUri.
    shortDescription: { text: r.summary },
    fullDescription: { text: r.fires },
    help: {
      text: r.fix,
      markdown: `**Fix:** ${withBullets(r.fix, r.fixDetails)}\n\n**Why:** ${withBullets(r.rationale, r.rationaleDetails)}\n\n[Documentation](${ruleDocsUrl(r.id, r.title, docsUrl)})`,
    },
    helpUri: ruleDocsUrl(r.id, r.title, docsUrl),
    defaultConfiguration: { level: r.severity },
    properties: { tags: ['partition-key', ...r.engines] },
  }));
  if (unused !== 'off') {
    // GitHub code scanning requires every rule's fullDescription (SARIF validator rule GH2012), as for the catalogue's.
    rules.push({
      id: UNUSED_ACKNOWLEDGEMENT,
      name: UNUSED_ACKNOWLEDGEMENT,
      shortDescription: { text: 'An acknowledgement waives nothing: the finding it was written for no longer occurs.' },
      fullDescription: { text: 'An acknowledgement in the design names a rule (and key) that reports no finding there in this run.' },
      help: { text: UNUSED_FIX },
      helpUri: unusedAcknowledgementDocsUrl(docsUrl),
      defaultConfiguration: { level: unused },
      properties: { tags: ['acknowledgement'] },
    });
  }
  // Last, so that the catalogue's and unused-acknowledgement's indexes stay where they were.
  rules.push({
    id: INPUT_ERROR,
    name: INPUT_ERROR,
    shortDescription: { text: 'An input that could not be linted: its designs or template went unchecked.' },
    fullDescription: {
      text: 'A design file or template that cannot be read, does not parse, or is not a valid design or template (or, under --fix, whose fixes could not be written).',
    },
    help: { text: 'Fix the input where the message points; until then, none of its designs is checked. The run exits 2.' },
    helpUri: inputErrorDocsUrl(docsUrl),
    defaultConfiguration: { level: 'error' },
    properties: { tags: ['input'] },
  });
  return rules;
}

/**
 * The name of skewguard's fingerprint, versioned as SARIF 2.1.0 recommends (§3.27.16 fingerprints,
 * §3.27.17 partialFingerprints: https://docs.oasis-open.org/sarif/sarif/v2.1.0/sarif-v2.1.0.html):
 * a change to what it hashes is a new version, not silently different values.
 */
const FINGERPRINT = 'skewguardFinding/v2';

/**
 * A result's identity across runs: its rule, its file and where it sits by name (`logicalPlace`), never
 * its line, so a finding keeps its fingerprint when lines above it are added or removed or when tables
 * are reordered, and is a new one when it moves to another rule, file, resource or field. GitHub code scanning uses
 * `partialFingerprints` to match results across runs into one alert instead of computing its own
 * line-content hash (https://docs.github.com/en/code-security/code-scanning/integrating-with-code-scanning/sarif-support-for-code-scanning#providing-data-to-track-code-scanning-alerts-across-runs).
 * `occurrence` tells apart results of one rule at one path in one file (0 for the first).
 */
export function findingFingerprint(ruleId: string, uri: string, path: string, occurrence: number): string {
  return createHash('sha256')
    .update(JSON.stringify([ruleId, uri, path, occurrence]))
    .digest('hex');
}

/**
 * A field path with its positions named: the document's design (`tables[3]`) by its resource's name and a
 * GSI (`globalSecondaryIndexes[0]`) by its index name, so adding a table above, or a GSI before, another
 * leaves the other's fingerprints alone. Other positions (an access pattern's) stay as they are.
 */
export function logicalPlace(resource: string, index: string | undefined, path: string): string {
  const inDesign = path.replace(/^[A-Za-z]+\[\d+\]\.?/, '');
  const named = index === undefined ? inDesign : inDesign.replace(/^globalSecondaryIndexes\[\d+\]/, `globalSecondaryIndexes[${JSON.stringify(index)}]`);
  return `${JSON.stringify(resource)}${named ? `.${named}` : ''}`;
}

export function sarifReporter(settings: ReportSettings): Reporter {
  const { cwd } = settings;
  const rules = ruleDescriptors(settings.unusedAcknowledgements, settings.docsUrl, settings.extraRules ?? []);
  const ruleIndex = new Map(rules.map((r, i) => [r.id, i]));
  const notifications: Notification[] = [];
  const notJudged: unknown[] = [];
  const designLoosens: unknown[] = [];
  const pad = '        ';
  let first = true;
  // A problem of the whole file (it cannot be read) is located at the file, with no region.
  const location = (file: string, place: Place, path: string): Location => ({
    physicalLocation: {
      artifactLocation: artifactLocation(file, cwd),
      ...(hasPosition(place) ? { region: { startLine: place.line, startColumn: place.column } } : {}),
    },
    ...(path ? { logicalLocations: [{ fullyQualifiedName: path, kind: 'member' }] } : {}),
  });
  const result = (r: Result) => {
    const text = `${first ? '' : ','}\n${pad}${indentedJson(r, pad)}`;
    first = false;
    return text;
  };
  return {
    *header() {
      const driver = { name: 'skewguard', semanticVersion: settings.version, informationUri: rulesDocumentationUrl(settings.docsUrl) };
      const base = { '%SRCROOT%': { uri: pathToFileURL(cwd.endsWith(sep) ? cwd : `${cwd}${sep}`).href } };
      yield `{\n  "$schema": "${SARIF_SCHEMA}",\n  "version": "2.1.0",\n  "runs": [\n    {\n`;
      // `tool.driver` as JSON.stringify would indent it, its rules one a chunk: the catalogue's texts are some 80 KB.
      const fields = Object.entries(driver)
        .filter(([, value]) => value !== undefined)
        .map(([key, value]) => `          ${JSON.stringify(key)}: ${indentedJson(value, '          ')},\n`);
      yield `      "tool": {\n        "driver": {\n${fields.join('')}          "rules": `;
      yield* jsonArray(rules, '          ');
      yield `\n        }\n      },\n      "originalUriBaseIds": ${indentedJson(base, '      ')},\n      "results": [`;
    },
    *file(file: FileResult) {
      const { uri } = artifactLocation(file.file, cwd);
      const seen = new Map<string, number>();
      const partialFingerprints = (ruleId: string, place: string) => {
        const key = JSON.stringify([ruleId, place]);
        const occurrence = seen.get(key) ?? 0;
        seen.set(key, occurrence + 1);
        return { [FINGERPRINT]: findingFingerprint(ruleId, uri, place, occurrence) };
      };
      // An input error is a condition of the file, which SARIF represents by a result (§3.58.1), and GitHub code scanning
      // shows results only: a notification alone left the file unchecked with nothing on the pull request. The
      // notification stays as well: one of level error says the run failed and its results are incomplete (§3.20.21).
      for (const e of file.errors) {
        const text = printable(problemText(e));
        notifications.push({ level: 'error', message: { text }, locations: [location(file.file, e, e.path)] });
        yield result({
          ruleId: INPUT_ERROR,
          ruleIndex: ruleIndex.get(INPUT_ERROR),
          level: 'error',
          message: { text },
          locations: [location(file.file, e, e.path)],
          partialFingerprints: partialFingerprints(INPUT_ERROR, e.path),
        });
      }
      for (const n of file.notes)
        notifications.push({
          level: 'note',
          message: { text: printable(problemText(n)) },
          locations: [location(file.file, n, n.path)],
        });
      // What the rules did not judge: a list of the run's (its `properties`), never results, so that no code-scanning
      // alert or gate counts them, nor a notification, which would say the tool itself met a problem.
      for (const n of file.notJudged ?? []) notJudged.push({ artifactLocation: artifactLocation(file.file, cwd), ...n });
      // Thresholds a design file loosens: beside the config's `loosens`, in the invocation's properties, by the same paths.
      if (file.loosens) designLoosens.push({ artifactLocation: artifactLocation(file.file, cwd), loosens: loosenedPaths(file.loosens) });
      for (const f of visibleFindings(file, settings)) {
        yield result({
          ruleId: f.ruleId,
          ruleIndex: ruleIndex.get(f.ruleId),
          level: f.severity,
          // GitHub renders message text as written: the resource name is escaped as the message and fix were when filled.
          message: {
            text: `${printable(f.resource)}: ${f.message}. Fix: ${f.fix}${f.expiredAcknowledgement ? `. No longer waived: ${lapsedWaiverNote(f)}` : ''}${notWaivedNotes(
              f,
            )
              .map((note) => `. Not waived: ${note}`)
              .join('')}${f.broadAcknowledgement ? `. Waives several kinds: ${broadWaiverNote(f)}` : ''}`,
          },
          locations: [location(file.file, f, f.path)],
          partialFingerprints: partialFingerprints(f.ruleId, logicalPlace(f.resource, f.index, f.path)),
          ...(f.acknowledged ? { suppressions: [{ kind: 'inSource', justification: f.reason && printable(f.reason) }] } : {}),
        });
      }
      for (const u of reportedUnused(file, settings)) {
        yield result({
          ruleId: UNUSED_ACKNOWLEDGEMENT,
          ruleIndex: ruleIndex.get(UNUSED_ACKNOWLEDGEMENT),
          level: u.severity,
          message: { text: `${printable(u.resource)}: ${u.message}. Fix: ${UNUSED_FIX}` },
          locations: [location(file.file, u, u.path)],
          partialFingerprints: partialFingerprints(UNUSED_ACKNOWLEDGEMENT, logicalPlace(u.resource, undefined, u.path)),
        });
      }
    },
    *footer(outcome: Outcome) {
      const config = { configFile: settings.config?.file ?? null, ...configFields(settings.config) };
      const invocation = {
        executionSuccessful: outcome.summary.invalidFiles === 0 && outcome.summary.filesNotFixed === 0,
        toolExecutionNotifications: notifications,
        properties: designLoosens.length > 0 ? { ...config, designLoosens } : config,
      };
      yield `${first ? '' : `\n      `}],\n      "invocations": ${indentedJson([invocation], '      ')}`;
      // One entry a chunk, as the results: a run over many tables lists as many.
      if (notJudged.length > 0) {
        yield `,\n      "properties": {\n        "notJudged": `;
        yield* jsonArray(notJudged, '        ');
        yield '\n      }';
      }
      yield '\n    }\n  ]\n}\n';
    },
  };
}
