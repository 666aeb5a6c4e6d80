/**
 * A GuardedTable's capacity as the design declares it (`capacity`, `onDemand`, `warmThroughput`, per
 * table and GSI), read from what its `billing`, `warmThroughput` and GSI settings made of the table.
 *
 * `Billing` and `Capacity` keep their figures private (their only public member is `mode`), so the
 * figures are read where TableV2 puts them: the public CloudFormation properties of its
 * `CfnGlobalTable` (write settings on the table and each GSI, read settings on the table's own
 * replica). Those are what deploys, so the lint checks exactly the deployed capacity. A figure that
 * is an unresolved token (a CloudFormation parameter, say) is left unchecked and listed.
 */
import { PropertyInjectors, Stack } from 'aws-cdk-lib';
import * as dynamodb from 'aws-cdk-lib/aws-dynamodb';
import type { IConstruct } from 'constructs';
import type { CapacityDeclarations, CapacityUnitsDesign, ProvisionedCapacityDesign } from '../index';
import { DYNAMODB_AUTO_SCALING_TARGET, isObject, type JsonObject } from '../internal';
import { GSI_SETTINGS, type GuardedGlobalSecondaryIndex, type GuardedTableSettings } from './props';

/** The capacity of the table and of each GSI by name, and the figures that could not be read. */
export interface DerivedCapacity {
  readonly table: CapacityDeclarations;
  readonly indexes: ReadonlyMap<string, CapacityDeclarations>;
  /** Where a figure is a token, e.g. `globalSecondaryIndexes[byStatus] read capacity maximum`. */
  readonly unchecked: readonly string[];
  /**
   * Whether the on-demand table has a maximum for each direction, a token included: the write maximum
   * on the table (`WriteOnDemandThroughputSettings`), the read maximum on any replica
   * (`Replicas[].ReadOnDemandThroughputSettings`, AWS::DynamoDB::GlobalTable ReplicaSpecification).
   * Both false when provisioned.
   */
  readonly tableMaximums: Readonly<Record<'Read' | 'Write', boolean>>;
}

/**
 * Reads the figures of one resource of the table. `replicas` is the CfnGlobalTable's `replicas` as
 * TableV2 rendered it (before anything wraps it): its last entry is the table in the stack's region.
 */
export function derivedCapacity(resource: dynamodb.CfnGlobalTable, replicas: unknown): DerivedCapacity {
  const stack = Stack.of(resource);
  const unchecked: string[] = [];
  const units = (value: unknown, what: string): number | undefined => {
    if (value === undefined) return undefined;
    if (typeof value === 'number') return value;
    unchecked.push(what);
    return undefined;
  };
  const provisioned = resource.billingMode === 'PROVISIONED';
  // Everything read below, resolved in one pass: the replicas and GSIs as TableV2 renders them, and the table's write settings.
  const rendered = stack.resolve({
    replicas,
    globalSecondaryIndexes: resource.globalSecondaryIndexes,
    table: {
      warmThroughput: resource.warmThroughput,
      writeProvisionedThroughputSettings: resource.writeProvisionedThroughputSettings,
      writeOnDemandThroughputSettings: resource.writeOnDemandThroughputSettings,
    },
  }) as JsonObject;
  const allReplicas: unknown[] = Array.isArray(rendered.replicas) ? rendered.replicas : [];
  // TableV2 renders the added replicas first and the stack's own table last (renderReplicaTables()).
  const replica = allReplicas[allReplicas.length - 1];
  const replicaIndexes = isObject(replica) && Array.isArray(replica.globalSecondaryIndexes) ? (replica.globalSecondaryIndexes as unknown[]) : [];

  /** One key space from its write settings (table or GSI) and its read settings (the replica's). */
  const declarations = (write: JsonObject, read: JsonObject, owner: string): CapacityDeclarations => {
    const warm = write.warmThroughput;
    const warmThroughput = isObject(warm)
      ? withoutUndefined({
          readUnitsPerSecond: units(warm.readUnitsPerSecond, `${owner} warm read throughput`),
          writeUnitsPerSecond: units(warm.writeUnitsPerSecond, `${owner} warm write throughput`),
        })
      : undefined;
    if (provisioned) {
      const capacity: ProvisionedCapacityDesign = withoutUndefined({
        read: provisionedUnits(read.readProvisionedThroughputSettings, 'read', owner, units),
        write: provisionedUnits(write.writeProvisionedThroughputSettings, 'write', owner, units),
      });
      return withoutUndefined({ capacity: Object.keys(capacity).length > 0 ? capacity : undefined, warmThroughput });
    }
    const readMax = read.readOnDemandThroughputSettings;
    const writeMax = write.writeOnDemandThroughputSettings;
    const onDemand = withoutUndefined({
      maxReadRequestUnits: isObject(readMax) ? units(readMax.maxReadRequestUnits, `${owner} on-demand read maximum`) : undefined,
      maxWriteRequestUnits: isObject(writeMax) ? units(writeMax.maxWriteRequestUnits, `${owner} on-demand write maximum`) : undefined,
    });
    return withoutUndefined({ onDemand: Object.keys(onDemand).length > 0 ? onDemand : undefined, warmThroughput });
  };

  const table = declarations(isObject(rendered.table) ? rendered.table : {}, isObject(replica) ? replica : {}, 'the table');
  const indexes = new Map<string, CapacityDeclarations>();
  for (const gsi of Array.isArray(rendered.globalSecondaryIndexes) ? (rendered.globalSecondaryIndexes as unknown[]) : []) {
    if (!isObject(gsi) || typeof gsi.indexName !== 'string') continue;
    const read = replicaIndexes.find((r) => isObject(r) && r.indexName === gsi.indexName);
    indexes.set(gsi.indexName, declarations(gsi, isObject(read) ? read : {}, `index ${gsi.indexName}`));
  }
  const tableMaximums = {
    Read:
      !provisioned &&
      (resource.readOnDemandThroughputSettings !== undefined || allReplicas.some((r) => isObject(r) && r.readOnDemandThroughputSettings !== undefined)),
    Write: !provisioned && resource.writeOnDemandThroughputSettings !== undefined,
  };
  return { table, indexes, unchecked, tableMaximums };
}

/** The GSI settings TableV2 renders as capacity figures: all but the projection. */
const GSI_CAPACITY_SETTINGS = GSI_SETTINGS.filter((key) => key !== 'projectionType' && key !== 'nonKeyAttributes');

/** What `derivedCapacity()` reads from a table none of whose settings makes a capacity figure. */
export function noDerivedCapacity(): DerivedCapacity {
  return { table: {}, indexes: new Map(), unchecked: [], tableMaximums: { Read: false, Write: false } };
}

/**
 * Whether a new table's settings can put a capacity figure in its CloudFormation resource: `billing`,
 * `warmThroughput`, a GSI's capacity settings, or a TableV2 property injector above `scope` (which
 * may add any of them). When none can, TableV2 bills on demand without maximums and the table has
 * no figure for `derivedCapacity()` to read, so rendering the resource to learn so can be skipped.
 * Only for a table just made: a replica added since (`addReplica()`) may carry a read maximum.
 */
export function settingsDeclareCapacity(
  scope: IConstruct,
  settings: Pick<GuardedTableSettings, 'billing' | 'warmThroughput'>,
  gsis: readonly GuardedGlobalSecondaryIndex[],
): boolean {
  if (settings.billing !== undefined || settings.warmThroughput !== undefined) return true;
  if (gsis.some((gsi) => GSI_CAPACITY_SETTINGS.some((key) => gsi[key] !== undefined))) return true;
  return scope.node.scopes.some(
    (s) => PropertyInjectors.hasPropertyInjectors(s) && PropertyInjectors.of(s).for(dynamodb.TableV2.PROPERTY_INJECTION_ID) !== undefined,
  );
}

/** `{ readCapacityUnits }` → fixed; `{ read|writeCapacityAutoScalingSettings: { minCapacity, maxCapacity, targetTrackingScalingPolicyConfiguration } }` → auto-scaled. */
function provisionedUnits(
  settings: unknown,
  dimension: 'read' | 'write',
  owner: string,
  units: (value: unknown, what: string) => number | undefined,
): CapacityUnitsDesign | undefined {
  if (!isObject(settings)) return undefined;
  const fixed = settings[`${dimension}CapacityUnits`];
  if (fixed !== undefined) {
    const value = units(fixed, `${owner} ${dimension} capacity`);
    return value === undefined ? undefined : { fixed: value };
  }
  const scaling = settings[`${dimension}CapacityAutoScalingSettings`];
  if (!isObject(scaling)) return undefined;
  const max = units(scaling.maxCapacity, `${owner} ${dimension} capacity maximum`);
  if (max === undefined) return undefined;
  const min = typeof scaling.minCapacity === 'number' ? scaling.minCapacity : undefined;
  return withoutUndefined({ min, max, targetUtilizationPercent: targetPercentOf(scaling) });
}

/** `Capacity.autoscaled({ targetUtilizationPercent })` as TableV2 renders it (`targetTrackingScalingPolicyConfiguration.targetValue`,
 *  70 when not given); undefined for the default, so the design reads as a user who left it out would write it. */
function targetPercentOf(scaling: JsonObject): number | undefined {
  const policy = scaling.targetTrackingScalingPolicyConfiguration;
  const target = isObject(policy) ? policy.targetValue : undefined;
  return typeof target === 'number' && target !== DYNAMODB_AUTO_SCALING_TARGET.default ? target : undefined;
}

/** The object without its undefined fields, so the design reads as a user would write it. */
function withoutUndefined<T extends object>(value: T): T {
  return Object.fromEntries(Object.entries(value).filter(([, v]) => v !== undefined)) as T;
}

/** The design's field for each capacity declaration, and the GuardedTable prop it comes from. */
const FROM_PROPS = {
  table: { capacity: 'billing', onDemand: 'billing' },
  index: { capacity: 'readCapacity / writeCapacity', onDemand: 'maxReadRequestUnits / maxWriteRequestUnits' },
} as const;

type WithCapacity = CapacityDeclarations & { readonly globalSecondaryIndexes?: readonly (CapacityDeclarations & { readonly indexName: string })[] };

/**
 * The design with the capacity its props make. The props are the one place capacity is declared: a
 * design field that says otherwise (possible from JavaScript) is an issue naming both.
 */
export function withDerivedCapacity<T extends WithCapacity>(input: T, derived: DerivedCapacity, issues: { path: string; message: string }[]): T {
  const merge = <D extends CapacityDeclarations>(declared: D, made: CapacityDeclarations, path: string, from: (typeof FROM_PROPS)['table' | 'index']): D => {
    for (const field of ['capacity', 'onDemand'] as const) {
      if (declared[field] !== undefined && JSON.stringify(declared[field]) !== JSON.stringify(made[field])) {
        const at = path === '' ? field : `${path}.${field}`;
        issues.push({
          path: at,
          message: `declares ${JSON.stringify(declared[field])}, but ${from[field]} makes it ${made[field] === undefined ? 'none' : JSON.stringify(made[field])}: a GuardedTable reads its capacity from ${from[field]}; declare it there only`,
        });
      }
    }
    const rest: Record<string, unknown> = { ...(declared as object) };
    for (const field of ['capacity', 'onDemand', 'warmThroughput']) delete rest[field];
    return { ...rest, ...made } as D;
  };
  const table = merge(input, derived.table, '', FROM_PROPS.table);
  if (!Array.isArray(input.globalSecondaryIndexes)) return table;
  return {
    ...table,
    globalSecondaryIndexes: input.globalSecondaryIndexes.map((gsi, i) =>
      merge(gsi, derived.indexes.get(gsi.indexName) ?? {}, `globalSecondaryIndexes[${i}]`, FROM_PROPS.index),
    ),
  };
}
