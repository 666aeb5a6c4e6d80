/**
 * Lints a synthesized CloudFormation template (`cdk.out/*.template.json`), following
 * the contract in docs/cli.md ("CloudFormation templates"):
 *
 * - A DynamoDB resource (`AWS::DynamoDB::GlobalTable` from TableV2, `AWS::DynamoDB::Table` from
 *   Table/CfnTable) with `Metadata.skewguard.design` (written by GuardedTable) is linted as that
 *   table design, exactly as the construct linted it.
 * - Any other DynamoDB resource is linted as an external resource: its partition-key attributes
 *   (HASH entries of the table's and each GSI's `KeySchema`), whether Contributor Insights is on
 *   everywhere, and any waivers in `Metadata.skewguard.acknowledgements`.
 *
 * Every path is reported relative to the template (`Resources.Orders.Metadata.skewguard.design.partitionKey`,
 * `Resources.Jobs.Properties.KeySchema[0].AttributeName`), so lines and SARIF locations point into it.
 */
import {
  DesignError, DYNAMODB_TEMPLATE_TYPES, externalTableOf, lintDocument, TEMPLATE_METADATA_KEY, TEMPLATE_METADATA_VERSION, type DesignInput, type LintOptions,
} from '../index';
import { joinPath as childPath, rebasePath } from '../design/field-path';
import type { LocatedJson } from './json-locations';
import type { FileResult, InputError, InputNote, LocatedFinding, LocatedUnusedAcknowledgement } from './lint-files';


type Json = Record<string, unknown>;
const isObject = (value: unknown): value is Json => typeof value === 'object' && value !== null && !Array.isArray(value);

/** One DynamoDB resource as a lintable document, with the way back from its paths to the template's. */
interface Unit {
  readonly document: DesignInput;
  /** [document path prefix, template path prefix], most specific first. */
  readonly paths: readonly (readonly [string, string])[];
}

export function lintTemplate(file: string, located: LocatedJson, options: LintOptions): FileResult {
  const resources = (located.value as Json).Resources as Json;
  const findings: LocatedFinding[] = [];
  const errors: InputError[] = [];
  const unused: LocatedUnusedAcknowledgement[] = [];
  const notes: InputNote[] = [];
  const at = (path: string) => located.positionOf(path);
  for (const [logicalId, resource] of Object.entries(resources)) {
    if (!isObject(resource) || typeof resource.Type !== 'string' || !DYNAMODB_TEMPLATE_TYPES.includes(resource.Type)) continue;
    const base = childPath('Resources', logicalId);
    const problems: { path: string; message: string }[] = [];
    const unit = readResource(logicalId, resource, base, problems, (path, message) => notes.push({ path, message, ...at(path) }));
    errors.push(...problems.map((p) => ({ ...p, ...at(p.path) })));
    if (!unit) continue;
    const toTemplate = (path: string) => {
      for (const [from, to] of unit.paths) {
        const rebased = rebasePath(path, from, to);
        if (rebased !== undefined) return rebased;
      }
      return base;
    };
    try {
      const result = lintDocument(unit.document, options);
      for (const finding of result.findings) {
        const path = toTemplate(finding.path);
        const edits = finding.edits?.map((edit) => ({ ...edit, path: toTemplate(edit.path) }));
        findings.push({ ...finding, path, ...(edits ? { edits } : {}), ...at(path) });
      }
      for (const ack of result.unusedAcknowledgements) {
        const path = toTemplate(ack.path);
        unused.push({ ...ack, engine: 'dynamodb', path, ...at(path) });
      }
    } catch (error) {
      if (!(error instanceof DesignError)) throw error;
      errors.push(...error.issues.map((issue) => ({ path: toTemplate(issue.path), message: issue.message, ...at(toTemplate(issue.path)) })));
    }
  }
  return { file, kind: 'template', findings, errors, unusedAcknowledgements: unused, notes };
}

function readResource(
  logicalId: string, resource: Json, base: string,
  problems: { path: string; message: string }[], note: (path: string, message: string) => void,
): Unit | undefined {
  const metadataPath = `${base}.Metadata.skewguard`;
  const metadata = isObject(resource.Metadata) ? resource.Metadata[TEMPLATE_METADATA_KEY] : undefined;
  if (metadata !== undefined) {
    if (!isObject(metadata)) {
      problems.push({ path: metadataPath, message: `expected an object written by skewguard, got ${JSON.stringify(metadata)}` });
      return undefined;
    }
    if (metadata.version !== TEMPLATE_METADATA_VERSION) {
      const newer = typeof metadata.version === 'number' && metadata.version > TEMPLATE_METADATA_VERSION;
      problems.push({
        path: `${metadataPath}.version`,
        message: newer
          ? `is ${metadata.version}: this template was written by a newer skewguard than this CLI (which reads version ${TEMPLATE_METADATA_VERSION}); upgrade the CLI`
          : `expected ${TEMPLATE_METADATA_VERSION}, got ${JSON.stringify(metadata.version)}`,
      });
      return undefined;
    }
    if (metadata.design !== undefined) {
      return { document: { tables: [metadata.design] } as unknown as DesignInput, paths: [['tables[0]', `${metadataPath}.design`]] };
    }
  }
  return readExternal(logicalId, resource, base, note);
}

/** A table without a declared design, read by the core as the CDK checks read it; its locations made template paths. */
function readExternal(logicalId: string, resource: Json, base: string, note: (path: string, message: string) => void): Unit {
  const table = externalTableOf(logicalId, resource);
  for (const u of table.unchecked) note(`${base}.${u.location}`, `is ${u.found}: ${u.what} cannot be checked`);
  const paths: [string, string][] = table.keyLocations.map((location, i) => [`external[0].partitionKeys[${i}]`, `${base}.${location}`]);
  paths.push(['external[0].keyMonitoring', `${base}.${table.keyMonitoringLocation}`]);
  if (table.design.acknowledgements !== undefined) paths.push(['external[0].acknowledgements', `${base}.Metadata.skewguard.acknowledgements`]);
  paths.push(['external[0]', base]);
  return { document: { external: [table.design] }, paths };
}
