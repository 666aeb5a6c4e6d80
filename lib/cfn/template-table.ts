/**
 * A raw DynamoDB resource of a synthesized CloudFormation template (one no GuardedTable wrote a
 * design for) → the `external` resource the lint checks: its partition-key attributes and whether
 * Contributor Insights is on everywhere, with the template location behind each. One reader for the
 * CLI (`skewguard lint cdk.out/`) and the CDK app-wide checks, by the contract in docs/cdk.md
 * ("Template metadata"). Values CloudFormation computes at deploy time (`Ref`, `Fn::If`…) are never
 * guessed: they are listed in `unchecked`.
 */
import type { ExternalKeyDesign, ExternalResourceDesign } from '../design/input';
import { describeValue, isIntrinsic, isObject, type Json } from './intrinsics';
import { templateMetadataOf } from './metadata';

/** Something in the resource that could not be read, and where. */
export interface UncheckedValue {
  /** Location in the resource, e.g. `Properties.KeySchema[0].AttributeName`. */
  readonly location: string;
  /** What could not be checked because of it, e.g. `SG015 (key name)`. */
  readonly what: string;
  /** What was found there, e.g. `the intrinsic function Ref (known only at deploy time)`. */
  readonly found: string;
}

/** A raw table as the lint sees it, with the template location behind each field. */
export interface ExternalTable {
  /** `partitionKeys` is empty when no key name could be read (each is then in `unchecked`). */
  readonly design: ExternalResourceDesign;
  /** Location of each `design.partitionKeys[i]`. */
  readonly keyLocations: readonly string[];
  /** Location of the Contributor Insights setting that is off, else of where the settings live. */
  readonly keyMonitoringLocation: string;
  readonly unchecked: readonly UncheckedValue[];
}

/**
 * One Contributor Insights switch: on, off, or unknown with the value that hides it. An absent
 * specification is off; an intrinsic function, or anything but an object with a boolean `Enabled`
 * (CloudFormation also takes "true"/"false"), is unknown: never guessed.
 */
interface Switch {
  readonly enabled: boolean | undefined;
  readonly location: string;
  /** Unknown switches only: what was found at `location`. */
  readonly found?: unknown;
}

function switchOf(owner: unknown, ownerLocation: string): Switch {
  if (!isObject(owner) || isIntrinsic(owner)) return { enabled: undefined, location: ownerLocation, found: owner };
  const location = `${ownerLocation}.ContributorInsightsSpecification`;
  const spec = owner.ContributorInsightsSpecification;
  if (spec === undefined) return { enabled: false, location };
  if (!isObject(spec) || isIntrinsic(spec)) return { enabled: undefined, location, found: spec };
  const enabled = spec.Enabled;
  if (enabled === true || enabled === 'true') return { enabled: true, location };
  if (enabled === false || enabled === 'false' || enabled === undefined) return { enabled: false, location };
  return { enabled: undefined, location: `${location}.Enabled`, found: enabled };
}

/** AWS::DynamoDB::Table: on the table and on each GSI. */
function tableSwitches(properties: Json): Switch[] {
  const indexes = properties.GlobalSecondaryIndexes;
  const switches: Switch[] = [switchOf(properties, 'Properties')];
  if (Array.isArray(indexes)) indexes.forEach((gsi, g) => switches.push(switchOf(gsi, `Properties.GlobalSecondaryIndexes[${g}]`)));
  else if (indexes !== undefined) switches.push({ enabled: undefined, location: 'Properties.GlobalSecondaryIndexes', found: indexes });
  return switches;
}

/** AWS::DynamoDB::GlobalTable: on every replica, and on every GSI in every replica (a GSI a replica
 *  does not list has it off there). No replica at all: on nowhere. */
function globalTableSwitches(properties: Json): Switch[] {
  const replicas = properties.Replicas;
  if (replicas === undefined || (Array.isArray(replicas) && replicas.length === 0)) return [{ enabled: false, location: 'Properties.Replicas' }];
  if (!Array.isArray(replicas)) return [{ enabled: undefined, location: 'Properties.Replicas', found: replicas }];
  const indexes = properties.GlobalSecondaryIndexes;
  if (indexes !== undefined && !Array.isArray(indexes)) return [{ enabled: undefined, location: 'Properties.GlobalSecondaryIndexes', found: indexes }];
  const indexNames = (indexes ?? []).map((gsi: unknown) => (isObject(gsi) ? gsi.IndexName : undefined));
  const switches: Switch[] = [];
  replicas.forEach((replica, r) => {
    const location = `Properties.Replicas[${r}]`;
    switches.push(switchOf(replica, location));
    if (!isObject(replica) || isIntrinsic(replica) || indexNames.length === 0) return;
    const listed = replica.GlobalSecondaryIndexes;
    const listLocation = `${location}.GlobalSecondaryIndexes`;
    if (listed !== undefined && !Array.isArray(listed)) {
      switches.push({ enabled: undefined, location: listLocation, found: listed });
      return;
    }
    for (const name of indexNames) {
      // An index named by an intrinsic is noted with the keys; which replica entry is its, no one can tell.
      if (typeof name !== 'string') continue;
      const g = (listed ?? []).findIndex((entry: unknown) => isObject(entry) && entry.IndexName === name);
      switches.push(g < 0 ? { enabled: false, location: listLocation } : switchOf((listed as unknown[])[g], `${listLocation}[${g}]`));
    }
  });
  return switches;
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
      if (isIntrinsic(element)) {
        skip(`${location}[${k}]`, 'SG015 (a key name)', element);
        return;
      }
      if (!isObject(element)) return;
      if (isIntrinsic(element.KeyType)) {
        skip(`${location}[${k}].KeyType`, 'SG015 (a key name)', element.KeyType);
        return;
      }
      if (element.KeyType !== 'HASH') return;
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

  // Without a key schema there is no key to read, but the table is still checked for Contributor Insights.
  if (partitionKeys.length === 0 && unchecked.length === 0) skip('Properties.KeySchema', 'SG015 (key names)', properties.KeySchema);

  const type = isObject(resource) ? resource.Type : undefined;
  const switches = type === 'AWS::DynamoDB::GlobalTable' ? globalTableSwitches(properties) : tableSwitches(properties);
  const off = switches.find((s) => s.enabled === false);
  const unknown = off ? [] : switches.filter((s) => s.enabled === undefined);
  for (const s of unknown) skip(s.location, 'SG010 (Contributor Insights switch)', s.found);
  const keyMonitoring = off ? false : unknown.length > 0 ? undefined : true;
  const metadata = templateMetadataOf(resource);
  // Waivers of this contract version go to the lint as written, so a malformed one is reported, not dropped.
  const acknowledgements = metadata.status === 'read' ? metadata.acknowledgements : undefined;
  return {
    design: {
      engine: 'dynamodb',
      name: logicalId,
      partitionKeys,
      ...(keyMonitoring !== undefined ? { keyMonitoring } : {}),
      ...(acknowledgements !== undefined ? { acknowledgements: acknowledgements as ExternalResourceDesign['acknowledgements'] } : {}),
    },
    keyLocations,
    keyMonitoringLocation: off?.location ?? (type === 'AWS::DynamoDB::GlobalTable' ? 'Properties.Replicas' : 'Properties'),
    unchecked,
  };
}
