/**
 * The largest key value's stored size against the size one key value may hold (a Cosmos DB logical partition's 20 GB,
 * "Azure Cosmos DB: Service quotas"; a DynamoDB item collection's 10 GB, which only a local secondary index imposes,
 * "Item collection size limit"), and the usable share of it a design plans to fill (headroom × the limit, as
 * `usablePartitionGb`). The one source of the size figures the fixes name: size-set-count.ts (`sizeCount*`) and
 * size-bound.ts (`sizeBound*`) each say them in their own clause.
 */
import type { SpaceAnalysis } from './analysis';
import { usablePartitionGb } from './analysis';
import { largestPartitionSize, type PartitionSizeSource } from './partition-size';

export interface KeyValueSize {
  /** GB of the largest key value (`largestPartitionSize`). */
  readonly gb: number;
  /** Where `gb` comes from: declared, estimated from a key level, or the average over the key's values (a lower bound). */
  readonly source: PartitionSizeSource;
  /** GB one key value may hold: the engine's ceiling. */
  readonly limitGb: number;
  /** headroom × `limitGb`: what a design may plan to fill. */
  readonly usableGb: number;
}

/** The largest key value's size and its ceiling; undefined where the design declares no size or the engine sets none. */
export function keyValueSize(analysis: SpaceAnalysis): KeyValueSize | undefined {
  const { owner } = analysis;
  const figure = largestPartitionSize(owner.design);
  const limitGb = owner.profile.keyValueSizeLimit(owner.design)?.gb;
  const usableGb = usablePartitionGb(owner);
  if (figure === undefined || limitGb === undefined || usableGb === undefined) return undefined;
  return { gb: figure.gb, source: figure.source, limitGb, usableGb };
}
