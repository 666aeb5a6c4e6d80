/**
 * A raw DynamoDB resource of a synthesized CloudFormation template (one no GuardedTable wrote a
 * design for) → the `external` resource the lint checks: its partition-key attributes and whether
 * Contributor Insights is on everywhere, with the template location behind each. One reader for the
 * CLI (`skewguard lint cdk.out/`) and the CDK app-wide checks, by the contract in docs/cdk.md
 * ("Template metadata"). Values CloudFormation computes at deploy time (`Ref`, `Fn::If`…) are never
 * guessed: they are listed in `unchecked`.
 */
import type { ExternalKeyDesign, ExternalResourceDesign } from './input';

/** The CloudFormation `Metadata` key of skewguard's entry on a DynamoDB resource, and its version. */
export const TEMPLATE_METADATA_KEY = 'skewguard';
export const TEMPLATE_METADATA_VERSION = 1;

/** The resource types a DynamoDB table synthesizes to: TableV2 → GlobalTable; Table / CfnTable → Table. */
export const DYNAMODB_TEMPLATE_TYPES: readonly string[] = ['AWS::DynamoDB::Table', 'AWS::DynamoDB::GlobalTable'];

/** Something in the resource that could not be read, and where. */
export interface UncheckedValue {
  /** Location in the resource, e.g. `Properties.KeySchema[0].AttributeName`. */
  readonly location: string;
  /** What could not be checked because of it, e.g. `SG015 (key name)`. */
  readonly what: string;
  /** What was found there, e.g. `the intrinsic function Ref`. */
  readonly found: string;
}

/** A raw table as the lint sees it, with the template location behind each field. */
export interface ExternalTable {
  /** `partitionKeys` is empty when no key name could be read. */
  readonly design: ExternalResourceDesign;
  /** Location of each `design.partitionKeys[i]`. */
  readonly keyLocations: readonly string[];
  /** Location of the Contributor Insights setting that is off, else of where the settings live. */
  readonly keyMonitoringLocation: string;
  readonly unchecked: readonly UncheckedValue[];
}

type Json = Record<string, unknown>;
const isObject = (value: unknown): value is Json => typeof value === 'object' && value !== null && !Array.isArray(value);

/** `{ "Ref": … }`, `{ "Fn::If": … }`: a value CloudFormation computes at deploy time. */
export function isIntrinsic(value: unknown): boolean {
  return isObject(value) && Object.keys(value).length === 1 && /^(?:Ref|Fn::\w+|Condition)$/.test(Object.keys(value)[0]);
}

function describeValue(value: unknown): string {
  return isIntrinsic(value) ? `the intrinsic function ${Object.keys(value as Json)[0]}` : `not a string (${JSON.stringify(value) ?? 'absent'})`;
}

/** One `ContributorInsightsSpecification`: absent means off; an intrinsic function, unknown. */
function specEnabled(owner: unknown): boolean | undefined {
  if (!isObject(owner) || isIntrinsic(owner)) return undefined;
  const spec = owner.ContributorInsightsSpecification;
  if (spec === undefined) return false;
  if (!isObject(spec) || isIntrinsic(spec) || isIntrinsic(spec.Enabled)) return undefined;
  return spec.Enabled === true || spec.Enabled === 'true';
}

type Check = readonly [enabled: boolean | undefined, location: string];
const specAt = (owner: unknown, location: string): Check => [specEnabled(owner), `${location}.ContributorInsightsSpecification`];

/** AWS::DynamoDB::Table: on the table and on each GSI. */
function tableSwitches(properties: Json): Check[] {
  const indexes = properties.GlobalSecondaryIndexes;
  const checks: Check[] = [specAt(properties, 'Properties')];
  if (Array.isArray(indexes)) indexes.forEach((gsi, g) => checks.push(specAt(gsi, `Properties.GlobalSecondaryIndexes[${g}]`)));
  else if (indexes !== undefined) checks.push([undefined, 'Properties.GlobalSecondaryIndexes']);
  return checks;
}

/** AWS::DynamoDB::GlobalTable: on every replica, and on every GSI in every replica (a GSI a replica
 *  does not list has it off there). */
function globalTableSwitches(properties: Json): Check[] {
  const replicas = properties.Replicas;
  if (!Array.isArray(replicas)) return [[replicas === undefined ? false : undefined, 'Properties.Replicas']];
  const indexes = properties.GlobalSecondaryIndexes;
  const indexNames = Array.isArray(indexes) ? indexes.map((gsi) => (isObject(gsi) ? gsi.IndexName : undefined)) : [];
  const checks: Check[] = indexes !== undefined && !Array.isArray(indexes) ? [[undefined, 'Properties.GlobalSecondaryIndexes']] : [];
  replicas.forEach((replica, r) => {
    const location = `Properties.Replicas[${r}]`;
    checks.push(specAt(replica, location));
    const listed = isObject(replica) ? replica.GlobalSecondaryIndexes : undefined;
    for (const name of indexNames) {
      if (typeof name !== 'string' || (listed !== undefined && !Array.isArray(listed))) {
        checks.push([undefined, location]);
        continue;
      }
      const g = Array.isArray(listed) ? listed.findIndex((entry) => isObject(entry) && entry.IndexName === name) : -1;
      checks.push(g < 0 ? [false, `${location}.GlobalSecondaryIndexes`] : specAt(listed?.[g], `${location}.GlobalSecondaryIndexes[${g}]`));
    }
  });
  return checks;
}

/** A raw DynamoDB resource of a template as an external resource named after its logical ID. */
export function externalTableOf(logicalId: string, resource: unknown): ExternalTable {
  const unchecked: UncheckedValue[] = [];
  const skip = (location: string, what: string, value: unknown) => unchecked.push({ location, what, found: describeValue(value) });
  const properties = isObject(resource) && isObject(resource.Properties) ? resource.Properties : {};
  const partitionKeys: ExternalKeyDesign[] = [];
  const keyLocations: string[] = [];
  const addHashKeys = (keySchema: unknown, location: string, index?: string) => {
    if (!Array.isArray(keySchema)) {
      if (keySchema !== undefined) skip(location, 'SG015 (key names)', keySchema);
      return;
    }
    keySchema.forEach((element, k) => {
      if (!isObject(element) || element.KeyType !== 'HASH') return;
      const at = `${location}[${k}].AttributeName`;
      if (typeof element.AttributeName !== 'string') {
        skip(at, 'SG015 (key name)', element.AttributeName);
        return;
      }
      keyLocations.push(at);
      partitionKeys.push(index === undefined ? { attribute: element.AttributeName } : { attribute: element.AttributeName, index });
    });
  };
  addHashKeys(properties.KeySchema, 'Properties.KeySchema');
  const indexes = properties.GlobalSecondaryIndexes;
  if (Array.isArray(indexes)) {
    indexes.forEach((gsi, g) => {
      const at = `Properties.GlobalSecondaryIndexes[${g}]`;
      if (!isObject(gsi) || typeof gsi.IndexName !== 'string') {
        skip(`${at}.IndexName`, 'SG015 (an index key name)', isObject(gsi) ? gsi.IndexName : gsi);
        return;
      }
      addHashKeys(gsi.KeySchema, `${at}.KeySchema`, gsi.IndexName);
    });
  } else if (indexes !== undefined) skip('Properties.GlobalSecondaryIndexes', 'SG015 (index key names)', indexes);

  const type = isObject(resource) ? resource.Type : undefined;
  const checks = type === 'AWS::DynamoDB::GlobalTable' ? globalTableSwitches(properties) : tableSwitches(properties);
  const off = checks.find(([enabled]) => enabled === false);
  const unknown = off ? [] : checks.filter(([enabled]) => enabled === undefined);
  for (const [, location] of unknown) unchecked.push({ location, what: 'SG010 (Contributor Insights switch)', found: 'a value known only at deploy time' });
  const keyMonitoring = off ? false : unknown.length > 0 ? undefined : true;
  const metadata = isObject(resource) && isObject(resource.Metadata) ? resource.Metadata[TEMPLATE_METADATA_KEY] : undefined;
  // Waivers of this contract version go to the lint as written, so a malformed one is reported, not dropped.
  const acknowledgements = isObject(metadata) && metadata.version === TEMPLATE_METADATA_VERSION ? metadata.acknowledgements : undefined;
  return {
    design: {
      engine: 'dynamodb',
      name: logicalId,
      partitionKeys,
      ...(keyMonitoring !== undefined ? { keyMonitoring } : {}),
      ...(acknowledgements !== undefined ? { acknowledgements: acknowledgements as ExternalResourceDesign['acknowledgements'] } : {}),
    },
    keyLocations,
    keyMonitoringLocation: off?.[1] ?? (type === 'AWS::DynamoDB::GlobalTable' ? 'Properties.Replicas' : 'Properties'),
    unchecked,
  };
}
