/**
 * What SG017 says where its raise for a container still to be created is more than the peak at headroom because the
 * key's hottest value would not fit there: Azure starts the container on one physical partition per 10,000 RU/s of an
 * autoscale maximum, each 1/P of the RU/s, and hashes each key value to one of them with 1/P of the other values' load
 * ("Partitioning and horizontal scaling"; "Provision autoscale throughput"). At peak ÷ headroom the average partition is
 * at the headroom line already, so any value hotter than the average passes it: the raise is the least on the grid at
 * which the hottest value and its neighbours fit (`raiseForPeak`), and SG003 judges every value at that same raise.
 */
import { gridFormOf, throughputForPeak } from '../../../design/cosmos-throughput';
import type { CosmosKeyDesign } from '../../../design/key-design';
import { countPhysicalPartitions, judgedNeighbourLoad, raisedAtCreation, type ValueAmongValues } from '../../../engines';
import type { InPlaceRaise } from './even-split';

export const HOTTEST_VALUE_MESSAGES = {
  cosmosRaiseForHottestValue:
    "; {{needed}} RU/s, not the {{valueRaisePlain}} RU/s the peak alone needs: created at {{valueRaisePlain}} RU/s, Azure starts it on {{valueRaisePartitions|partitions}} of {{valueRaiseEach}} RU/s, where the hottest {{valueRaiseKey|key}} value's {{valueRaiseLoad}} RU/s and the {{valueRaiseNeighbours}} RU/s the other values hashed there are expected to take pass the {{valueRaiseUsable}} usable ({{headroom|percent}} of {{valueRaiseEach}}); {{needed}} RU/s is the least at which they fit, and SG003 judges the key's values at it",
} as const;

export type HottestValueId = keyof typeof HOTTEST_VALUE_MESSAGES;

/**
 * The figures of `cosmosRaiseForHottestValue` where `fix` (SG017's raise for a container still to be created, sized for
 * `hottest`) is above the peak's own figure on the grid; undefined otherwise.
 */
export function raisedForHottestValue(
  design: CosmosKeyDesign,
  fix: InPlaceRaise,
  hottest: ValueAmongValues | undefined,
): Record<string, number | readonly string[]> | undefined {
  const { throughput, totalGb } = design;
  if (!hottest || !throughput || throughput.mode === 'serverless' || !raisedAtCreation(design)) return undefined;
  const { headroom } = design.thresholds;
  const plain = throughputForPeak(gridFormOf(throughput.mode), fix.neededPeak, headroom, 1);
  if (!(fix.needed > plain)) return undefined;
  const partitions = countPhysicalPartitions(throughput.mode, plain, totalGb);
  const each = plain / partitions;
  return {
    valueRaiseKey: design.primaryKey.partitionKey.map((level) => level.name),
    valueRaisePlain: plain,
    valueRaisePartitions: partitions,
    valueRaiseEach: each,
    valueRaiseLoad: hottest.hot,
    valueRaiseNeighbours: judgedNeighbourLoad(hottest, partitions, each * headroom),
    valueRaiseUsable: each * headroom,
  };
}
