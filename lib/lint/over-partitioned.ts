/**
 * A Cosmos DB container on more physical partitions than a container created at its RU/s and storage gets (a raise
 * once split them, and a scale-down merges none: "Best practices for scaling provisioned throughput"): "the throughput
 * provisioned for a container is evenly distributed among its physical partitions" ("Partitioning and horizontal
 * scaling"), so each has a small part, and a hot value's partition is short because there are many of them, not
 * because its key is wrong. A raise up to P × 10,000 RU/s keeps the P it has and is available at once ("instant
 * scale-up"), changes no key, and is billed every hour it stands; a new key is a new container and a copy of every
 * document ("Change partition key"). Where such a raise serves the hottest value as it is, it leads the key change, whatever
 * it adds to today's RU/s (the share `raiseLeadsKeyChange` allows elsewhere is for a container whose partitions are
 * the count its figures make: there more RU/s is paying for a key that concentrates load).
 */
import type { CosmosKeyDesign } from '../design/key-design';
import { physicalPartitionCount } from '../engines';
import { MAX_CONTAINER_RU, type RaisedThroughput } from './physical-partition';

export const OVER_PARTITIONED_MESSAGES = {
  overPartitionedWhy:
    "; it leads because the container's {{declaredPartitions|partitions}} are more than a container created at its {{ownRu}} RU/s and {{ownGb}} GB gets ({{createdPartitions}}), which leaves each {{eachNow}} RU/s: raised up to {{declaredPartitions}} × 10,000 RU/s it splits none, so the RU/s are there at once, and the key stays, where a new key is a new container and a copy of every document",
} as const;

export type OverPartitionedId = keyof typeof OVER_PARTITIONED_MESSAGES;

/**
 * The figures of `overPartitionedWhy` where `raise` may lead for that reason: dedicated manual or autoscale RU/s within
 * Azure's default maximum, declared `physicalPartitions` above the count a container created at the declared RU/s and
 * storage gets, and a raise that keeps them (no split). Undefined otherwise.
 */
export function overPartitionedRaise(design: CosmosKeyDesign, raise: RaisedThroughput | undefined | false): Record<string, number> | undefined {
  const { throughput, physicalPartitions: declared, totalGb } = design;
  if (!raise || declared === undefined || !throughput || (throughput.mode !== 'manual' && throughput.mode !== 'autoscale')) return undefined;
  const ownRu = throughput.requestUnits;
  if (ownRu === undefined || totalGb === undefined || raise.databaseRequestUnits !== undefined || raise.requestUnits > MAX_CONTAINER_RU) return undefined;
  const created = physicalPartitionCount(throughput.mode, ownRu, totalGb);
  if (declared <= created || raise.partitions !== declared) return undefined;
  return { declaredPartitions: declared, ownRu, ownGb: totalGb, createdPartitions: created, eachNow: ownRu / declared };
}
