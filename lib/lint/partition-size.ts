/**
 * The size SG006 and the key space's plan judge the largest logical partition (Cosmos DB) or item collection
 * (DynamoDB) at: the declared figure (`storage.largestPartitionGb`, or the last key level's `largestGb`), the one
 * estimated from a higher level's `largestGb`, or, where the design declares neither but declares `storage.totalGb`,
 * the average partition: totalGb ÷ the values the key can take. A key takes at most the product of its levels'
 * cardinalities (each full key value is one value of every level), so that average is a lower bound of the largest
 * partition: 49 GB over 2 values holds at least 24.5 GB in one of them, above the 20 GB a logical partition holds
 * ("Service quotas"). It only ever raises the figure: where the average is lower, nothing is known beyond it.
 */
import { cardinalityValue } from '../design/cardinality';
import type { KeyDesign } from '../design/key-design';
import { storedGb } from './written';

/** Where the size figure comes from: declared, estimated from a key level, or the average over the key's values. */
export type PartitionSizeSource = 'declared' | 'derived' | 'average';

export interface PartitionSize {
  /** GB of the largest logical partition, before sharding (at least this, for `average`). */
  readonly gb: number;
  readonly source: PartitionSizeSource;
  /** The field the figure comes from (`storage.largestPartitionGb`, `partitionKey.paths[0].largestGb`, `storage.totalGb`). */
  readonly at: string;
  /** The key level whose `largestGb` declared or derived it; undefined when declared for the whole key, or averaged. */
  readonly level?: number;
  /** `average` only: the container's GB (one copy of it, where copies are declared) and the values it was divided over. */
  readonly totalGb?: number;
  readonly values?: number;
}

export function largestPartitionSize(design: KeyDesign): PartitionSize | undefined {
  const known =
    design.largestPartitionGb === undefined
      ? undefined
      : {
          gb: design.largestPartitionGb,
          source: design.largestPartitionGbSource ?? 'declared',
          at: design.largestPartitionGbAt ?? 'storage.largestPartitionGb',
          level: design.largestPartitionGbLevel,
        };
  if (known?.source === 'declared') return known;
  const average = averagePartition(design);
  return average && (!known || average.gb > known.gb) ? average : known;
}

/** totalGb (one copy of it) ÷ the product of the key's cardinalities; undefined where either is unknown or unbounded. */
function averagePartition(design: KeyDesign): PartitionSize | undefined {
  const totalGb = storedGb(design, 1);
  if (totalGb === undefined) return undefined;
  const values = design.primaryKey.partitionKey.reduce((product, level) => product * cardinalityValue(level.cardinality), 1);
  if (!Number.isFinite(values) || values < 1) return undefined;
  return { gb: totalGb / values, source: 'average', at: 'storage.totalGb', totalGb, values };
}
