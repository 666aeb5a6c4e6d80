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
import { DesignError, lintDocument, type DesignInput, type ExternalKeyDesign, type LintOptions } from '../index';
import { joinPath as childPath, rebasePath } from '../design/field-path';
import type { LocatedJson } from './json-locations';
import type { FileResult, InputError, InputNote, LocatedFinding, LocatedUnusedAcknowledgement } from './lint-files';

export const METADATA_VERSION = 1;
const TABLE_TYPES = new Set(['AWS::DynamoDB::GlobalTable', 'AWS::DynamoDB::Table']);

type Json = Record<string, unknown>;
const isObject = (value: unknown): value is Json => typeof value === 'object' && value !== null && !Array.isArray(value);
/** `{ "Ref": … }`, `{ "Fn::If": … }`: a value CloudFormation computes at deploy time. */
const isIntrinsic = (value: unknown) => isObject(value) && Object.keys(value).length === 1 && /^(?:Ref|Fn::\w+|Condition)$/.test(Object.keys(value)[0]);
const describeValue = (value: unknown) => (isIntrinsic(value) ? `the intrinsic function ${Object.keys(value as Json)[0]}` : `not a string (${JSON.stringify(value) ?? 'absent'})`);

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
    if (!isObject(resource) || typeof resource.Type !== 'string' || !TABLE_TYPES.has(resource.Type)) continue;
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
  const metadata = isObject(resource.Metadata) ? resource.Metadata.skewguard : undefined;
  if (metadata !== undefined) {
    if (!isObject(metadata)) {
      problems.push({ path: metadataPath, message: `expected an object written by skewguard, got ${JSON.stringify(metadata)}` });
      return undefined;
    }
    if (metadata.version !== METADATA_VERSION) {
      const newer = typeof metadata.version === 'number' && metadata.version > METADATA_VERSION;
      problems.push({
        path: `${metadataPath}.version`,
        message: newer
          ? `is ${metadata.version}: this template was written by a newer skewguard than this CLI (which reads version ${METADATA_VERSION}); upgrade the CLI`
          : `expected ${METADATA_VERSION}, got ${JSON.stringify(metadata.version)}`,
      });
      return undefined;
    }
    if (metadata.design !== undefined) {
      return { document: { tables: [metadata.design] } as unknown as DesignInput, paths: [['tables[0]', `${metadataPath}.design`]] };
    }
  }
  return readExternal(logicalId, resource, base, metadata, note);
}

/** A table without a declared design: what its properties say about its keys and monitoring. */
function readExternal(logicalId: string, resource: Json, base: string, metadata: Json | undefined, note: (path: string, message: string) => void): Unit | undefined {
  const properties = isObject(resource.Properties) ? resource.Properties : {};
  const propertiesPath = `${base}.Properties`;
  const partitionKeys: ExternalKeyDesign[] = [];
  const paths: [string, string][] = [];
  const addHashKeys = (keySchema: unknown, schemaPath: string, index?: string) => {
    if (!Array.isArray(keySchema)) {
      if (keySchema !== undefined) note(schemaPath, `is ${describeValue(keySchema)}: its partition key cannot be checked`);
      return;
    }
    keySchema.forEach((element, k) => {
      if (!isObject(element) || element.KeyType !== 'HASH') return;
      const attributePath = `${schemaPath}[${k}].AttributeName`;
      if (typeof element.AttributeName !== 'string') {
        note(attributePath, `is ${describeValue(element.AttributeName)}, known only at deploy time: SG015 cannot check this partition key`);
        return;
      }
      paths.push([`external[0].partitionKeys[${partitionKeys.length}]`, attributePath]);
      partitionKeys.push(index === undefined ? { attribute: element.AttributeName } : { attribute: element.AttributeName, index });
    });
  };
  addHashKeys(properties.KeySchema, `${propertiesPath}.KeySchema`);
  const indexes = Array.isArray(properties.GlobalSecondaryIndexes) ? properties.GlobalSecondaryIndexes : [];
  indexes.forEach((gsi, g) => {
    const gsiPath = `${propertiesPath}.GlobalSecondaryIndexes[${g}]`;
    if (!isObject(gsi)) return;
    if (typeof gsi.IndexName !== 'string') {
      note(`${gsiPath}.IndexName`, `is ${describeValue(gsi.IndexName)}: this index's partition key cannot be checked`);
      return;
    }
    addHashKeys(gsi.KeySchema, `${gsiPath}.KeySchema`, gsi.IndexName);
  });
  if (partitionKeys.length === 0) {
    note(base, 'no partition-key attribute could be read: this table is not checked');
    return undefined;
  }
  const monitoring = resource.Type === 'AWS::DynamoDB::GlobalTable' ? globalTableInsights(properties, propertiesPath) : tableInsights(properties, propertiesPath);
  paths.push(['external[0].keyMonitoring', monitoring.path]);
  if (metadata && metadata.acknowledgements !== undefined) paths.push(['external[0].acknowledgements', `${base}.Metadata.skewguard.acknowledgements`]);
  paths.push(['external[0]', base]);
  const external = {
    engine: 'dynamodb',
    name: logicalId,
    partitionKeys,
    ...(monitoring.enabled === undefined ? {} : { keyMonitoring: monitoring.enabled }),
    ...(metadata && metadata.acknowledgements !== undefined ? { acknowledgements: metadata.acknowledgements } : {}),
  };
  return { document: { external: [external] } as DesignInput, paths };
}

/** Whether Contributor Insights is on everywhere: `false` with the path of the first place it is
 *  off, `undefined` when an intrinsic function hides the answer. */
interface Insights {
  readonly enabled: boolean | undefined;
  readonly path: string;
}

/** One `ContributorInsightsSpecification`: absent means off; an intrinsic function, unknown. */
function specEnabled(owner: unknown): boolean | undefined {
  if (!isObject(owner) || isIntrinsic(owner)) return undefined;
  const spec = owner.ContributorInsightsSpecification;
  if (spec === undefined) return false;
  if (!isObject(spec) || isIntrinsic(spec) || isIntrinsic(spec.Enabled)) return undefined;
  return spec.Enabled === true || spec.Enabled === 'true';
}

type Check = readonly [enabled: boolean | undefined, path: string];
const specAt = (owner: unknown, path: string): Check => [specEnabled(owner), `${path}.ContributorInsightsSpecification`];

function combine(checks: readonly Check[], fallback: string): Insights {
  const off = checks.find(([enabled]) => enabled === false);
  if (off) return { enabled: false, path: off[1] };
  return { enabled: checks.some(([enabled]) => enabled === undefined) ? undefined : true, path: fallback };
}

/** AWS::DynamoDB::Table: on the table and on each GSI. */
function tableInsights(properties: Json, path: string): Insights {
  const indexes = properties.GlobalSecondaryIndexes;
  const checks: Check[] = [specAt(properties, path)];
  if (Array.isArray(indexes)) indexes.forEach((gsi, g) => checks.push(specAt(gsi, `${path}.GlobalSecondaryIndexes[${g}]`)));
  else if (indexes !== undefined) checks.push([undefined, `${path}.GlobalSecondaryIndexes`]);
  return combine(checks, path);
}

/** AWS::DynamoDB::GlobalTable: on every replica, and on every GSI in every replica (a GSI a replica
 *  does not list has it off there). */
function globalTableInsights(properties: Json, path: string): Insights {
  const replicas = properties.Replicas;
  if (!Array.isArray(replicas)) return { enabled: replicas === undefined ? false : undefined, path: `${path}.Replicas` };
  const indexes = properties.GlobalSecondaryIndexes;
  const indexNames = Array.isArray(indexes) ? indexes.map((gsi) => (isObject(gsi) ? gsi.IndexName : undefined)) : [];
  const checks: Check[] = indexes !== undefined && !Array.isArray(indexes) ? [[undefined, `${path}.GlobalSecondaryIndexes`]] : [];
  replicas.forEach((replica, r) => {
    const replicaPath = `${path}.Replicas[${r}]`;
    checks.push(specAt(replica, replicaPath));
    const listed = isObject(replica) ? replica.GlobalSecondaryIndexes : undefined;
    for (const name of indexNames) {
      if (typeof name !== 'string' || (listed !== undefined && !Array.isArray(listed))) {
        checks.push([undefined, replicaPath]);
        continue;
      }
      const g = Array.isArray(listed) ? listed.findIndex((entry) => isObject(entry) && entry.IndexName === name) : -1;
      checks.push(g < 0 ? [false, `${replicaPath}.GlobalSecondaryIndexes`] : specAt(listed?.[g], `${replicaPath}.GlobalSecondaryIndexes[${g}]`));
    }
  });
  return combine(checks, `${path}.Replicas`);
}
