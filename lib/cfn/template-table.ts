/**
 * A raw DynamoDB resource of a synthesized CloudFormation template (one no GuardedTable wrote a
 * design for) → the `external` resource the lint checks: its partition-key attributes and whether
 * Contributor Insights is on everywhere, with the template location behind each. One reader for the
 * CLI (`skewguard lint cdk.out/`) and the CDK app-wide checks, by the contract in docs/cdk.md
 * ("Template metadata"). Values CloudFormation computes at deploy time (`Ref`, `Fn::If`…) are never
 * guessed: they are listed in `unchecked`.
 */
import type { ExternalKeyDesign, ExternalResourceDesign } from '../design/input';
import { isObject, type JsonObject } from '../design/json-object';
import { describeValue, isIntrinsic, own } from './intrinsics';
import { indexWaiverCopies, templateMetadataOf } from './metadata';
import { waiverId } from './waiver-id';

/** A written waiver that copies a scope's `Validations.acknowledge()`: a rule (with the kind it `appliesTo`) whose id
 *  `acknowledgedAt` names, a reason, no index. */
function isScopeCopy(value: unknown, scopes: Record<string, unknown>): value is { rule: string; reason: string; appliesTo?: string[] } {
  if (!isObject(value) || typeof own(value, 'rule') !== 'string' || typeof own(value, 'reason') !== 'string' || own(value, 'index') !== undefined) return false;
  const appliesTo = own(value, 'appliesTo');
  if (appliesTo !== undefined && !(Array.isArray(appliesTo) && appliesTo.every((kind) => typeof kind === 'string'))) return false;
  return Object.prototype.hasOwnProperty.call(scopes, waiverId(own(value, 'rule') as string, appliesTo as string[] | undefined));
}

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
  /** Values the lint could not read (a key name or the Contributor Insights switch given as an intrinsic such as `Ref`),
   *  each with the rule it leaves unchecked; empty when everything was read. */
  readonly unchecked: readonly UncheckedValue[];
}

/**
 * One Contributor Insights switch: on, off, or unknown with the value that hides it. An absent
 * specification is off; an intrinsic function, or anything but an object with a boolean `Enabled`
 * (CloudFormation also takes "true"/"false"), is unknown: never guessed.
 */
export interface Switch {
  readonly enabled: boolean | undefined;
  readonly location: string;
  /** The GSI it is for; undefined for the table (or a replica's table-level switch). */
  readonly index?: string;
  /** The replica it belongs to (GlobalTable), by its position in `Replicas`. */
  readonly replica?: number;
  /** Unknown switches only: what was found at `location`. */
  readonly found?: unknown;
  /** Switches that are on: the `Mode` as written (undefined when absent). */
  readonly mode?: unknown;
}

type SwitchOwner = Pick<Switch, 'index' | 'replica'>;

function switchOf(owner: unknown, ownerLocation: string, of: SwitchOwner = {}): Switch {
  if (!isObject(owner) || isIntrinsic(owner)) return { ...of, enabled: undefined, location: ownerLocation, found: owner };
  const location = `${ownerLocation}.ContributorInsightsSpecification`;
  const spec = own(owner, 'ContributorInsightsSpecification');
  if (spec === undefined) return { ...of, enabled: false, location };
  if (!isObject(spec) || isIntrinsic(spec)) return { ...of, enabled: undefined, location, found: spec };
  const enabled = own(spec, 'Enabled');
  if (enabled === true || enabled === 'true') return { ...of, enabled: true, location, mode: own(spec, 'Mode') };
  if (enabled === false || enabled === 'false' || enabled === undefined) return { ...of, enabled: false, location };
  return { ...of, enabled: undefined, location: `${location}.Enabled`, found: enabled };
}

/** The index's name when it is a literal. */
function indexNameOf(gsi: unknown): string | undefined {
  const name = own(gsi, 'IndexName');
  return typeof name === 'string' ? name : undefined;
}

/** AWS::DynamoDB::Table: on the table and on each GSI. */
function tableSwitches(properties: JsonObject): Switch[] {
  const indexes = own(properties, 'GlobalSecondaryIndexes');
  const switches: Switch[] = [switchOf(properties, 'Properties')];
  if (Array.isArray(indexes)) indexes.forEach((gsi, g) => switches.push(switchOf(gsi, `Properties.GlobalSecondaryIndexes[${g}]`, { index: indexNameOf(gsi) })));
  else if (indexes !== undefined) switches.push({ enabled: undefined, location: 'Properties.GlobalSecondaryIndexes', found: indexes });
  return switches;
}

/** AWS::DynamoDB::GlobalTable: on every replica, and on every GSI in every replica (a GSI a replica
 *  does not list has it off there). No replica at all: on nowhere. */
function globalTableSwitches(properties: JsonObject): Switch[] {
  const replicas = own(properties, 'Replicas');
  if (replicas === undefined || (Array.isArray(replicas) && replicas.length === 0)) return [{ enabled: false, location: 'Properties.Replicas' }];
  if (!Array.isArray(replicas)) return [{ enabled: undefined, location: 'Properties.Replicas', found: replicas }];
  const indexes = own(properties, 'GlobalSecondaryIndexes');
  if (indexes !== undefined && !Array.isArray(indexes)) return [{ enabled: undefined, location: 'Properties.GlobalSecondaryIndexes', found: indexes }];
  // An index named by an intrinsic is noted with the keys; which replica entry is its, no one can tell.
  const indexNames = ((indexes ?? []) as unknown[]).map(indexNameOf).filter((name): name is string => name !== undefined);
  const switches: Switch[] = [];
  replicas.forEach((replica, r) => {
    const location = `Properties.Replicas[${r}]`;
    switches.push(switchOf(replica, location, { replica: r }));
    if (!isObject(replica) || isIntrinsic(replica) || indexNames.length === 0) return;
    const listed = own(replica, 'GlobalSecondaryIndexes');
    const listLocation = `${location}.GlobalSecondaryIndexes`;
    if (listed !== undefined && !Array.isArray(listed)) {
      switches.push({ enabled: undefined, location: listLocation, found: listed, replica: r });
      return;
    }
    // One pass over the replica's list, then one lookup per index: linear in indexes × replicas.
    const positionOf = new Map<string, number>();
    ((listed ?? []) as unknown[]).forEach((entry, g) => {
      const name = indexNameOf(entry);
      if (name !== undefined && !positionOf.has(name)) positionOf.set(name, g);
    });
    for (const name of indexNames) {
      const g = positionOf.get(name);
      switches.push(
        g === undefined
          ? { enabled: false, location: listLocation, index: name, replica: r }
          : switchOf((listed as unknown[])[g], `${listLocation}[${g}]`, { index: name, replica: r }),
      );
    }
  });
  return switches;
}

/** Every Contributor Insights switch of a DynamoDB resource, each with the key space it is for. */
export function contributorInsightsSwitches(resource: unknown): Switch[] {
  const properties = own(resource, 'Properties');
  const props = isObject(properties) ? properties : {};
  return own(resource, 'Type') === 'AWS::DynamoDB::GlobalTable' ? globalTableSwitches(props) : tableSwitches(props);
}

/** A raw DynamoDB resource of a template as an external resource named after its logical ID. */
export function externalTableOf(logicalId: string, resource: unknown): ExternalTable {
  const unchecked: UncheckedValue[] = [];
  const skip = (location: string, what: string, value: unknown) => unchecked.push({ location, what, found: describeValue(value) });
  const ownProperties = own(resource, 'Properties');
  const properties = isObject(ownProperties) ? ownProperties : {};
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
      const keyType = own(element, 'KeyType');
      if (isIntrinsic(keyType)) {
        skip(`${location}[${k}].KeyType`, 'SG015 (a key name)', keyType);
        return;
      }
      if (keyType !== 'HASH') return;
      const at = `${location}[${k}].AttributeName`;
      const attribute = own(element, 'AttributeName');
      if (typeof attribute !== 'string') {
        skip(at, 'SG015 (key name)', attribute);
        return;
      }
      keyLocations.push(at);
      partitionKeys.push(index === undefined ? { attribute } : { attribute, index });
    });
  };
  addHashKeys(own(properties, 'KeySchema'), 'Properties.KeySchema');
  const indexes = own(properties, 'GlobalSecondaryIndexes');
  if (Array.isArray(indexes)) {
    indexes.forEach((gsi, g) => {
      const at = `Properties.GlobalSecondaryIndexes[${g}]`;
      const name = indexNameOf(gsi);
      if (name === undefined) {
        skip(`${at}.IndexName`, 'SG015 (an index key name)', isObject(gsi) ? own(gsi, 'IndexName') : gsi);
        return;
      }
      addHashKeys(own(gsi, 'KeySchema'), `${at}.KeySchema`, name);
    });
  } else if (indexes !== undefined) skip('Properties.GlobalSecondaryIndexes', 'SG015 (index key names)', indexes);

  // Without a key schema there is no key to read, but the table is still checked for Contributor Insights.
  if (partitionKeys.length === 0 && unchecked.length === 0) skip('Properties.KeySchema', 'SG015 (key names)', own(properties, 'KeySchema'));

  const switches = contributorInsightsSwitches(resource);
  const off = switches.find((s) => s.enabled === false);
  const unknown = off ? [] : switches.filter((s) => s.enabled === undefined);
  for (const s of unknown) skip(s.location, 'SG010 (Contributor Insights switch)', s.found);
  const keyMonitoring = off ? false : unknown.length > 0 ? undefined : true;
  const metadata = templateMetadataOf(resource);
  // Waivers of this contract version go to the lint as written, so a malformed one is reported, not dropped. A copy
  // of a Validations.acknowledge() (its rule in `acknowledgedAt`, no `index`), which CDK applies to every key space of
  // the table, is copied once more per index, after them all, so the lint waives the index findings CDK suppresses.
  const written = metadata.status === 'read' ? metadata.acknowledgements : undefined;
  const scopes = metadata.status === 'read' && isObject(metadata.acknowledgedAt) ? metadata.acknowledgedAt : {};
  const indexNames = [...new Set(partitionKeys.flatMap((key) => (key.index !== undefined ? [key.index] : [])))];
  const copied = Array.isArray(written) ? written.filter((ack) => isScopeCopy(ack, scopes)) : [];
  const acknowledgements = copied.length > 0 && indexNames.length > 0 ? [...(written as unknown[]), ...indexWaiverCopies(copied, indexNames)] : written;
  return {
    design: {
      engine: 'dynamodb',
      name: logicalId,
      partitionKeys,
      ...(keyMonitoring !== undefined ? { keyMonitoring } : {}),
      ...(acknowledgements !== undefined ? { acknowledgements: acknowledgements as ExternalResourceDesign['acknowledgements'] } : {}),
    },
    keyLocations,
    keyMonitoringLocation: off?.location ?? (own(resource, 'Type') === 'AWS::DynamoDB::GlobalTable' ? 'Properties.Replicas' : 'Properties'),
    unchecked,
  };
}
