/**
 * A replicated key's consumed writes, counted as the design declares them. `replicated` sharding writes
 * every item to each of its N copies (lib/design/input.ts, `ShardingDesign`), so CloudWatch's
 * ConsumedWriteCapacityUnits (and Cosmos DB's logged RequestCharge of writes) already hold N× the
 * application's writes. The design declares the logical writes and the lint multiplies them by the copies
 * itself (SG017, lib/lint/rules/capacity-below-peak/copies.ts), for the table and every GSI the copies are
 * projected into. Compared as consumed, a table with 2 copies of 1,000 declared WCU would drift to 2,000,
 * `--update` would write 2,000, and the lint would then count 4,000: a figure that grows on every run.
 * Reads are not divided: a read goes to one copy.
 */
import type { KeySpaceTarget } from './drift';
import type { Figure, Observation } from './figures';

export interface WriteCopies {
  readonly copies: number;
  /** How the count was obtained, for the derivation. */
  readonly evidence: string;
}

/**
 * The copies each logical write was stored as while the telemetry was taken: the count the table's own
 * stored keys show deployed when they show it exactly (shard-count.ts), else the design's.
 */
export function writeCopies(target: KeySpaceTarget, observation: Observation): WriteCopies | undefined {
  const sharding = target.design.primaryKey.sharding;
  if (sharding?.strategy !== 'replicated' || sharding.shards <= 1) return undefined;
  const deployed = target.keySpace === target.design.primaryKey ? observation.deployedShards : undefined;
  if (deployed && deployed.kind !== 'atLeast') return deployed.shards > 1 ? { copies: deployed.shards, evidence: `deployed: ${deployed.evidence}` } : undefined;
  return { copies: sharding.shards, evidence: `the design's sharding.shards` };
}

function perCopy(figure: Figure, copies: WriteCopies): Figure {
  return {
    ...figure,
    value: figure.value / copies.copies,
    derivation: `${figure.derivation} ÷ ${copies.copies} replicated copies (${copies.evidence}): every item is written to each copy, and the design declares the writes before they are copied, as the lint counts them`,
  };
}

/** The observation with its peak writes divided by the replicated copies, as the design declares writes. */
export function logicalWrites(target: KeySpaceTarget, observation: Observation): Observation {
  const copies = writeCopies(target, observation);
  const writes = observation.figures.peakWriteUnits;
  if (!copies || !writes) return observation;
  return { ...observation, figures: { ...observation.figures, peakWriteUnits: perCopy(writes, copies) } };
}
