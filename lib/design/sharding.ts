/**
 * Shard-count math, shared by the rules (SG003, SG006–SG008) and by users sizing a key:
 * N = ceil(hot-key peak / usable ceiling), usable ceiling = headroom × vendor ceiling.
 */
import { DesignError, type DesignIssue } from './errors';
import type { Engine } from './input';
import { COSMOS_LIMITS, DEFAULT_THRESHOLDS, DYNAMODB_LIMITS } from './limits';
import { num, oneOf, record } from './shape';

/** One ceiling a hot key value runs into. */
export interface LoadDimension {
  /** DynamoDB limits reads and writes separately; Cosmos DB limits their sum in RU/s. */
  readonly label: 'read' | 'write' | 'request';
  readonly unit: 'RCU' | 'WCU' | 'RU/s';
  /** Peak load the hottest key value puts on its partition. */
  readonly load: number;
  /** The vendor ceiling per partition (DynamoDB) or logical partition (Cosmos DB). */
  readonly ceiling: number;
  /** headroom × ceiling: what a design may plan to use. */
  readonly usable: number;
}

/** The ceilings one key value's traffic runs into, given its peak reads and writes. */
export function hotKeyLoads(engine: Engine, reads: number, writes: number, headroom: number): LoadDimension[] {
  if (engine === 'cosmosdb') {
    const ceiling = COSMOS_LIMITS.logicalPartitionRequestUnits;
    return [{ label: 'request', unit: 'RU/s', load: reads + writes, ceiling, usable: ceiling * headroom }];
  }
  return [
    { label: 'write', unit: 'WCU', load: writes, ceiling: DYNAMODB_LIMITS.partitionWriteUnits, usable: DYNAMODB_LIMITS.partitionWriteUnits * headroom },
    { label: 'read', unit: 'RCU', load: reads, ceiling: DYNAMODB_LIMITS.partitionReadUnits, usable: DYNAMODB_LIMITS.partitionReadUnits * headroom },
  ];
}

/** The dimension using the largest share of its usable ceiling (the one that saturates first). */
export function nearestToCeiling(loads: readonly LoadDimension[]): LoadDimension {
  return loads.reduce((a, b) => (a.load / a.usable >= b.load / b.usable ? a : b));
}

/** ceil(amount / usable), tolerant of floating-point noise (20,000 / 800 is 25, not 26), at least 1. */
export function unitsNeeded(amount: number, usable: number): number {
  return Math.max(1, Math.ceil(amount / usable - 1e-9));
}

/** Shards needed so that no dimension exceeds its usable ceiling. */
export function shardsForLoads(loads: readonly LoadDimension[]): number {
  return loads.reduce((max, d) => Math.max(max, unitsNeeded(d.load, d.usable)), 1);
}

export interface ShardsForOptions {
  readonly engine: Engine;
  /** Peak reads per second (RCU, or RU/s for Cosmos DB) of the key, or of the whole table when
   *  `hotKeyShare` says how much of it the key takes.
   *  @default 0 */
  readonly peakReadUnits?: number;
  /** Peak writes per second (WCU, or RU/s for Cosmos DB), as `peakReadUnits`.
   *  @default 0 */
  readonly peakWriteUnits?: number;
  /** Share of the peaks above that the hot key takes.
   *  @default 1 (the peaks are the hot key's own) */
  readonly hotKeyShare?: number;
  /** Usable share of the vendor ceiling.
   *  @default 0.8 */
  readonly headroom?: number;
}

const shardsForShape = record<ShardsForOptions>({
  engine: { shape: oneOf(['dynamodb', 'cosmosdb']), doc: '"dynamodb" or "cosmosdb".' },
  peakReadUnits: { shape: num({ min: 0 }), optional: true, doc: 'Peak reads per second.' },
  peakWriteUnits: { shape: num({ min: 0 }), optional: true, doc: 'Peak writes per second.' },
  hotKeyShare: { shape: num({ above: 0, max: 1 }), optional: true, doc: 'Share of the peaks the hot key takes.' },
  headroom: { shape: num({ above: 0, max: 1 }), optional: true, doc: 'Usable share of the ceiling.' },
});

/**
 * The number of shards N one logical key needs: `ceil(hot-key peak / (headroom × ceiling))`,
 * the larger of the read and write needs (DynamoDB), or of the combined RU/s (Cosmos DB).
 *
 * @example shardsFor({ engine: 'dynamodb', peakWriteUnits: 20_000 }) // 25: 20,000 WCU / 800 usable
 */
export function shardsFor(options: ShardsForOptions): number {
  const issues: DesignIssue[] = [];
  const valid = shardsForShape.read(options, '', issues);
  if (!valid) throw new DesignError(issues, 'shardsFor() options');
  const share = valid.hotKeyShare ?? 1;
  const loads = hotKeyLoads(valid.engine, (valid.peakReadUnits ?? 0) * share, (valid.peakWriteUnits ?? 0) * share, valid.headroom ?? DEFAULT_THRESHOLDS.headroom);
  return shardsForLoads(loads);
}
