/**
 * A DynamoDB table design's capacity declarations → what each key space (the table, each GSI) can
 * serve: the billing mode, the provisioned or on-demand ceiling per dimension, the warm throughput.
 * A GSI of a provisioned table without capacity of its own takes the table's, as TableV2 gives it.
 */
import { DYNAMODB_AUTO_SCALING_TARGET } from '../engines';
import { joinPath } from './field-path';
import type { CapacityDeclarations, CapacityUnitsDesign, DynamoDbTableDesign } from './input';
import type { IssueLog } from './issue-log';
import type { CapacityCeiling, DynamoDbKeyDesign, KeySpaceCapacity } from './key-design';
import { listOf } from './lists';

type Billing = DynamoDbKeyDesign['billing'];
type Dimension = 'read' | 'write';

/** The codes of a capacity declaration the billing mode contradicts: a design file's words name its fields (`billing`,
 *  `capacity`, `onDemand`); an adapter whose users set billing otherwise (GuardedTable's `billing: Billing.…`) words them
 *  in its own terms. */
export const CAPACITY_MODE_ISSUES = {
  /** Provisioned capacity given, billing on demand. */
  capacityOnDemand: 'capacity-with-on-demand-billing',
  /** On-demand maximums given, billing provisioned. */
  onDemandProvisioned: 'on-demand-maximums-with-provisioned-billing',
} as const;

/** The declared mode, else provisioned when capacity is given (the figures say so), else on-demand. */
export function billingOf(input: DynamoDbTableDesign): Billing {
  return input.billing ?? (input.capacity ? 'provisioned' : 'on-demand');
}

/** The table's capacity, then each GSI's, with every mix of modes that cannot deploy reported. */
export function tableCapacity(input: DynamoDbTableDesign, log: IssueLog): KeySpaceCapacity[] {
  const billing = billingOf(input);
  const table = spaceCapacity(input, '', undefined, billing, undefined, log);
  const gsis = listOf(input.globalSecondaryIndexes ?? [], (gsi, i) =>
    spaceCapacity(gsi, joinPath('globalSecondaryIndexes', i), gsi.indexName, billing, table, log),
  );
  return [table, ...gsis];
}

function spaceCapacity(
  declared: CapacityDeclarations,
  path: string,
  index: string | undefined,
  billing: Billing,
  table: KeySpaceCapacity | undefined,
  log: IssueLog,
): KeySpaceCapacity {
  if (declared.capacity && billing === 'on-demand') {
    log.add(
      joinPath(path, 'capacity'),
      'is provisioned capacity, but billing is "on-demand": set billing to "provisioned", or give on-demand maximums in onDemand instead',
      CAPACITY_MODE_ISSUES.capacityOnDemand,
    );
  }
  if (declared.onDemand && billing === 'provisioned') {
    log.add(
      joinPath(path, 'onDemand'),
      'are on-demand maximums, but the table is provisioned: give provisioned capacity in capacity instead, or set billing to "on-demand"',
      CAPACITY_MODE_ISSUES.onDemandProvisioned,
    );
  }
  return {
    index,
    path,
    read: ceiling(declared, path, 'read', billing, table, log),
    write: ceiling(declared, path, 'write', billing, table, log),
    warmReadUnits: declared.warmThroughput?.readUnitsPerSecond,
    warmWriteUnits: declared.warmThroughput?.writeUnitsPerSecond,
  };
}

/** What the key space at `path` can serve in one dimension: its own declaration, else the table's (a GSI's inherited). */
function ceiling(
  declared: CapacityDeclarations,
  path: string,
  dimension: Dimension,
  billing: Billing,
  table: KeySpaceCapacity | undefined,
  log: IssueLog,
): CapacityCeiling | undefined {
  if (billing === 'on-demand') {
    const units = dimension === 'read' ? declared.onDemand?.maxReadRequestUnits : declared.onDemand?.maxWriteRequestUnits;
    const field = dimension === 'read' ? 'maxReadRequestUnits' : 'maxWriteRequestUnits';
    return units === undefined ? undefined : { units, source: 'on-demand-maximum', path: joinPath(path, `onDemand.${field}`), inherited: false };
  }
  const own = declared.capacity?.[dimension];
  if (own === undefined) return table?.[dimension] && Object.assign({}, table[dimension], { inherited: true });
  return provisionedCeiling(own, joinPath(path, `capacity.${dimension}`), log);
}

/** Fixed units, or the auto-scaling maximum (with its minimum and target); both forms at once, or neither, is an input error. */
function provisionedCeiling(units: CapacityUnitsDesign, path: string, log: IssueLog): CapacityCeiling | undefined {
  const { fixed, min, max, targetUtilizationPercent } = units as { fixed?: number; min?: number; max?: number; targetUtilizationPercent?: number };
  if (fixed !== undefined && (min !== undefined || max !== undefined || targetUtilizationPercent !== undefined)) {
    log.add(path, 'give either fixed units ({ fixed }) or auto-scaling settings ({ min, max, targetUtilizationPercent }), not both');
    return undefined;
  }
  if (fixed !== undefined) return { units: fixed, source: 'fixed', path: joinPath(path, 'fixed'), inherited: false };
  if (max === undefined) {
    log.add(joinPath(path, 'max'), 'is required for auto-scaled capacity (the most auto scaling provisions); or give fixed units as { fixed }');
    return undefined;
  }
  if (min !== undefined && min > max) log.add(joinPath(path, 'min'), `must be at most max (${max}), got ${min}`);
  const targetUtilization = (targetUtilizationPercent ?? DYNAMODB_AUTO_SCALING_TARGET.default) / 100;
  return { units: max, source: 'autoscaled', path: joinPath(path, 'max'), inherited: false, ...(min !== undefined ? { min } : undefined), targetUtilization };
}
