/**
 * The capacity figures an `AWS::DynamoDB::GlobalTable` resource deploys, each beside the design field that
 * declares it, and the same figures of a GuardedTable's design: SG016 compares the two, so an escape-hatch
 * override of a capacity figure (which the construct never sees: CDK applies overrides when it renders the
 * template) cannot deploy another ceiling than the one SG017 and the alarms were made from.
 *
 * Where each figure sits is the layout TableV2 renders and the CloudFormation reference gives
 * (https://docs.aws.amazon.com/AWSCloudFormation/latest/UserGuide/aws-resource-dynamodb-globaltable.html):
 * write capacity, on-demand write maximum and warm throughput on the table and on each GSI; read capacity
 * and the on-demand read maximum on each replica (`ReplicaSpecification`, `ReplicaGlobalSecondaryIndexSpecification`).
 * The replica read is the stack's own, the last entry: TableV2 renders the added replicas first.
 */
import type { DesignInput } from '../design/input';
import { isObject } from '../design/json-object';
import { DYNAMODB_AUTO_SCALING_TARGET } from '../engines/dynamodb-limits';
import { own } from './intrinsics';

/** One capacity figure of a key space: the design field that declares it, and where the template has it. */
export interface CapacityFigure {
  /** The GSI's name; undefined for the table. */
  readonly index?: string;
  /** The design field, relative to the table or GSI: `capacity.write.max`, `onDemand.maxReadRequestUnits`. */
  readonly field: string;
  /** Its location in the resource (`Properties.WriteProvisionedThroughputSettings.WriteCapacityAutoScalingSettings.MaxCapacity`). */
  readonly location: string;
  /** As written: a number, or anything else (an intrinsic function, known only at deploy time). */
  readonly value: unknown;
}

type Dimension = 'Read' | 'Write';

/** Each figure of one dimension: its CloudFormation path under the settings' owner, and its design field. */
function figuresOf(dimension: Dimension, provisioned: boolean): readonly (readonly [string, string])[] {
  const lower = dimension.toLowerCase();
  if (!provisioned) return [[`${dimension}OnDemandThroughputSettings.Max${dimension}RequestUnits`, `onDemand.max${dimension}RequestUnits`]];
  const settings = `${dimension}ProvisionedThroughputSettings`;
  const scaling = `${settings}.${dimension}CapacityAutoScalingSettings`;
  return [
    [`${settings}.${dimension}CapacityUnits`, `capacity.${lower}.fixed`],
    [`${scaling}.MinCapacity`, `capacity.${lower}.min`],
    [`${scaling}.MaxCapacity`, `capacity.${lower}.max`],
    [`${scaling}.TargetTrackingScalingPolicyConfiguration.TargetValue`, `capacity.${lower}.targetUtilizationPercent`],
  ];
}

const WARM: readonly (readonly [string, string])[] = [
  ['WarmThroughput.ReadUnitsPerSecond', 'warmThroughput.readUnitsPerSecond'],
  ['WarmThroughput.WriteUnitsPerSecond', 'warmThroughput.writeUnitsPerSecond'],
];

/** The figures at `paths` under `owner` (at `location`) that the template has. */
function read(owner: unknown, location: string, paths: readonly (readonly [string, string])[], index: string | undefined): CapacityFigure[] {
  const found: CapacityFigure[] = [];
  for (const [path, field] of paths) {
    const value = path.split('.').reduce<unknown>((at, key) => own(at, key), owner);
    if (value !== undefined) found.push({ index, field, location: `${location}.${path}`, value });
  }
  return found;
}

/** Whether the resource bills provisioned capacity, as TableV2 writes it (`BillingMode: PROVISIONED`). */
export function templateProvisioned(properties: unknown): boolean {
  return own(properties, 'BillingMode') === 'PROVISIONED';
}

/** Every capacity figure the resource's properties deploy, for the table and each GSI. */
export function templateCapacityFigures(properties: unknown): CapacityFigure[] {
  const provisioned = templateProvisioned(properties);
  const write = [...figuresOf('Write', provisioned), ...WARM];
  const readPaths = figuresOf('Read', provisioned);
  const replicas = own(properties, 'Replicas');
  const local = Array.isArray(replicas) && replicas.length > 0 ? replicas.length - 1 : undefined;
  const replica = local === undefined ? undefined : (replicas as unknown[])[local];
  const replicaAt = `Properties.Replicas[${local ?? 0}]`;
  const figures = [...read(properties, 'Properties', write, undefined), ...read(replica, replicaAt, readPaths, undefined)];
  const gsis = own(properties, 'GlobalSecondaryIndexes');
  if (Array.isArray(gsis)) {
    gsis.forEach((gsi, i) => {
      const name = own(gsi, 'IndexName');
      if (typeof name === 'string') figures.push(...read(gsi, `Properties.GlobalSecondaryIndexes[${i}]`, write, name));
    });
  }
  const replicaGsis = own(replica, 'GlobalSecondaryIndexes');
  if (Array.isArray(replicaGsis)) {
    replicaGsis.forEach((gsi, i) => {
      const name = own(gsi, 'IndexName');
      if (typeof name === 'string') figures.push(...read(gsi, `${replicaAt}.GlobalSecondaryIndexes[${i}]`, readPaths, name));
    });
  }
  return figures;
}

/** The capacity fields of one table or GSI of a design, flattened to `field → value`, with auto scaling's target
 *  where the design leaves it to its default (TableV2 writes it: 70). */
function designFigures(declared: unknown): Map<string, unknown> {
  const figures = new Map<string, unknown>();
  for (const group of ['capacity', 'onDemand', 'warmThroughput']) {
    const fields = own(declared, group);
    if (!isObject(fields)) continue;
    for (const [key, value] of Object.entries(fields)) {
      if (group !== 'capacity') {
        figures.set(`${group}.${key}`, value);
        continue;
      }
      if (!isObject(value)) continue;
      for (const [part, units] of Object.entries(value)) figures.set(`capacity.${key}.${part}`, units);
      if (value.max !== undefined && value.targetUtilizationPercent === undefined) {
        figures.set(`capacity.${key}.targetUtilizationPercent`, DYNAMODB_AUTO_SCALING_TARGET.default);
      }
    }
  }
  return figures;
}

/** One figure the template deploys and the design does not declare, or declares otherwise. */
export interface CapacityDifference {
  readonly index?: string;
  readonly field: string;
  /** Where the template has it; for a figure only the design has, the table's or GSI's resource location. */
  readonly location: string;
  readonly template?: number;
  readonly design?: number;
}

/**
 * The figures where the resource and the design (`input`, as the metadata holds it) differ. A figure the template
 * gives as anything but a number (an intrinsic function) is not compared, nor the figures read with it (the dimension's
 * provisioned capacity): it is known only at deploy time, and the GuardedTable warns of it. GSIs are matched by name; one on a single side is SG016's index finding already.
 */
export function capacityDifferences(input: DesignInput, properties: unknown): CapacityDifference[] {
  const template = templateCapacityFigures(properties);
  const gsis = own(input, 'globalSecondaryIndexes');
  const declaredGsis = new Map<string, unknown>(
    (Array.isArray(gsis) ? gsis : []).filter((gsi) => typeof own(gsi, 'indexName') === 'string').map((gsi) => [own(gsi, 'indexName') as string, gsi]),
  );
  const templateGsis = own(properties, 'GlobalSecondaryIndexes');
  const spaces: { index?: string; location: string }[] = [{ location: 'Properties' }];
  if (Array.isArray(templateGsis)) {
    templateGsis.forEach((gsi, i) => {
      const name = own(gsi, 'IndexName');
      if (typeof name === 'string' && declaredGsis.has(name)) spaces.push({ index: name, location: `Properties.GlobalSecondaryIndexes[${i}]` });
    });
  }
  const differences: CapacityDifference[] = [];
  for (const space of spaces) {
    const declared = designFigures(space.index === undefined ? input : declaredGsis.get(space.index));
    const deployed = template.filter((f) => f.index === space.index);
    // A dimension with a figure known only at deploy time is the GuardedTable's unchecked warning, its design without it.
    const unknown = new Set(deployed.filter((f) => typeof f.value !== 'number').map((f) => groupOf(f.field)));
    for (const figure of deployed) {
      if (unknown.has(groupOf(figure.field))) continue;
      const design = declared.get(figure.field);
      if (design !== figure.value)
        differences.push({ index: space.index, field: figure.field, location: figure.location, template: asNumber(figure.value), design: asNumber(design) });
    }
    for (const [field, design] of declared) {
      if (!unknown.has(groupOf(field)) && !deployed.some((f) => f.field === field))
        differences.push({ index: space.index, field, location: space.location, design: asNumber(design) });
    }
  }
  return differences;
}

/** The figures read together: one dimension's provisioned capacity (`capacity.write`), else the figure alone. */
const groupOf = (field: string) => (field.startsWith('capacity.') ? field.split('.').slice(0, 2).join('.') : field);

const asNumber = (value: unknown): number | undefined => (typeof value === 'number' ? value : undefined);
