/**
 * A synthesized DynamoDB resource → what the core lints, as the metadata contract specifies:
 * a GuardedTable's resource carries its design; any other `AWS::DynamoDB::Table` or
 * `AWS::DynamoDB::GlobalTable` becomes an `external` resource (key names, Contributor Insights on
 * or off). Pure: no aws-cdk-lib import, so the CLI can share it. Intrinsic functions (`Fn::If`,
 * `Ref`…) cannot be known at synth time: they are skipped and listed in `unchecked`, never guessed.
 */
import type { AcknowledgementDesign, ExternalKeyDesign, ExternalResourceDesign } from '../index';
import { skewguardMetadataOf } from './metadata';

export const DYNAMODB_TABLE_TYPES = ['AWS::DynamoDB::Table', 'AWS::DynamoDB::GlobalTable'] as const;

/** Something in the template that could not be read, and where. */
export interface UncheckedValue {
  /** Location in the resource, e.g. `Properties.KeySchema[0].AttributeName`. */
  readonly location: string;
  /** What could not be checked because of it, e.g. `SG015 (key name)`. */
  readonly what: string;
}

/** A raw table as the lint sees it, with the template location behind each field. */
export interface ExternalTable {
  readonly design: ExternalResourceDesign;
  /** Template location of each `design.partitionKeys[i]`. */
  readonly keyLocations: readonly string[];
  /** Template location of the Contributor Insights setting that is off (when `keyMonitoring` is false). */
  readonly keyMonitoringLocation?: string;
  readonly unchecked: readonly UncheckedValue[];
}

type Json = Record<string, unknown>;

const isRecord = (value: unknown): value is Json => typeof value === 'object' && value !== null && !Array.isArray(value);

/** CloudFormation accepts `true` and `"true"`; an object is an intrinsic function. */
function flag(value: unknown): boolean | 'intrinsic' {
  if (isRecord(value)) return 'intrinsic';
  return value === true || value === 'true';
}

function list(value: unknown, location: string, what: string, unchecked: UncheckedValue[]): unknown[] {
  if (value === undefined) return [];
  if (Array.isArray(value)) return value;
  unchecked.push({ location, what });
  return [];
}

/** HASH attributes of a key schema, skipping (and noting) those named by an intrinsic. */
function hashKeys(keySchema: unknown, location: string, index: string | undefined, unchecked: UncheckedValue[]): { key: ExternalKeyDesign; location: string }[] {
  return list(keySchema, location, 'SG015 (key names)', unchecked).flatMap((element, i) => {
    const at = `${location}[${i}]`;
    if (!isRecord(element) || element.KeyType !== 'HASH') return [];
    if (typeof element.AttributeName !== 'string') {
      unchecked.push({ location: `${at}.AttributeName`, what: 'SG015 (key name)' });
      return [];
    }
    return [{ key: { attribute: element.AttributeName, ...(index !== undefined ? { index } : {}) }, location: `${at}.AttributeName` }];
  });
}

interface MonitoringSwitch {
  readonly on: boolean | 'intrinsic';
  readonly location: string;
}

/** Every Contributor Insights switch that must be on, per the contract: the table and each GSI, in every replica. */
function monitoringSwitches(type: string, properties: Json, indexNames: readonly string[], unchecked: UncheckedValue[]): MonitoringSwitch[] {
  const at = (location: string, spec: unknown): MonitoringSwitch => ({ on: isRecord(spec) ? flag(spec.Enabled) : false, location });
  if (type === 'AWS::DynamoDB::Table') {
    const gsis = list(properties.GlobalSecondaryIndexes, 'Properties.GlobalSecondaryIndexes', 'SG010 (Contributor Insights of the indexes)', unchecked);
    return [
      at('Properties.ContributorInsightsSpecification', properties.ContributorInsightsSpecification),
      ...gsis.map((gsi, i) => at(`Properties.GlobalSecondaryIndexes[${i}].ContributorInsightsSpecification`, isRecord(gsi) ? gsi.ContributorInsightsSpecification : undefined)),
    ];
  }
  const replicas = list(properties.Replicas, 'Properties.Replicas', 'SG010 (Contributor Insights of the replicas)', unchecked);
  return replicas.flatMap((replica, r) => {
    const location = `Properties.Replicas[${r}]`;
    if (!isRecord(replica)) return [{ on: 'intrinsic' as const, location }];
    const replicaIndexes = list(replica.GlobalSecondaryIndexes, `${location}.GlobalSecondaryIndexes`, 'SG010 (Contributor Insights of the indexes)', unchecked);
    return [
      at(`${location}.ContributorInsightsSpecification`, replica.ContributorInsightsSpecification),
      ...indexNames.map((name) => {
        const i = replicaIndexes.findIndex((gsi) => isRecord(gsi) && gsi.IndexName === name);
        const gsi = replicaIndexes[i];
        return i < 0
          ? { on: false, location: `${location}.GlobalSecondaryIndexes` }
          : at(`${location}.GlobalSecondaryIndexes[${i}].ContributorInsightsSpecification`, isRecord(gsi) ? gsi.ContributorInsightsSpecification : undefined);
      }),
    ];
  });
}

/** A raw DynamoDB resource of a template as an external resource named after its logical ID. */
export function externalTable(logicalId: string, resource: unknown): ExternalTable {
  const unchecked: UncheckedValue[] = [];
  const type = isRecord(resource) && typeof resource.Type === 'string' ? resource.Type : '';
  const properties = isRecord(resource) && isRecord(resource.Properties) ? resource.Properties : {};
  const keys = hashKeys(properties.KeySchema, 'Properties.KeySchema', undefined, unchecked);
  const indexNames: string[] = [];
  list(properties.GlobalSecondaryIndexes, 'Properties.GlobalSecondaryIndexes', 'SG015 (index key names)', unchecked).forEach((gsi, i) => {
    const at = `Properties.GlobalSecondaryIndexes[${i}]`;
    if (!isRecord(gsi) || typeof gsi.IndexName !== 'string') {
      unchecked.push({ location: `${at}.IndexName`, what: 'SG015 and SG010 (an index named by an intrinsic)' });
      return;
    }
    indexNames.push(gsi.IndexName);
    keys.push(...hashKeys(gsi.KeySchema, `${at}.KeySchema`, gsi.IndexName, unchecked));
  });
  const switches = monitoringSwitches(type, properties, indexNames, unchecked);
  const off = switches.find((s) => s.on === false);
  const unknown = switches.filter((s) => s.on === 'intrinsic');
  if (!off) unknown.forEach((s) => unchecked.push({ location: s.location, what: 'SG010 (Contributor Insights switch)' }));
  const keyMonitoring = off ? false : unknown.length > 0 ? undefined : true;
  const acknowledgements = rawAcknowledgements(resource);
  return {
    design: {
      engine: 'dynamodb',
      name: logicalId,
      partitionKeys: keys.map((k) => k.key),
      ...(keyMonitoring !== undefined ? { keyMonitoring } : {}),
      ...(acknowledgements.length > 0 ? { acknowledgements } : {}),
    },
    keyLocations: keys.map((k) => k.location),
    keyMonitoringLocation: off?.location,
    unchecked,
  };
}

function rawAcknowledgements(resource: unknown): AcknowledgementDesign[] {
  const acknowledgements = skewguardMetadataOf(resource)?.acknowledgements;
  return Array.isArray(acknowledgements) ? [...acknowledgements] : [];
}
