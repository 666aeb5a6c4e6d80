/**
 * What SG017 says of its raise in place of a Cosmos DB container's RU/s where the raise splits physical partitions.
 * Past P × 10,000 RU/s Azure splits partitions, each parent into two, only until the container has ⌈RU/s ÷ 10,000⌉,
 * asynchronously ("typically 4-6 hours"), and gives every partition the same RU/s; from P to P' < 2P the 2P − P'
 * unsplit ones keep 1/P of the key space each ("Best practices for scaling provisioned throughput", how to ensure even
 * data distribution during asynchronous scaling). SG017's figure is the least that serves the peak on the largest
 * share (`evenInPlaceThroughput`); where that is above peak ÷ headroom, the finding says why (the uneven layout the
 * smaller figure leaves) and names Azure's other way to an even layout: a new container created at that smaller
 * figure, which starts with its partitions evenly split, and a copy of the data into it ("Copy jobs").
 */
import { throughputForPeak, type ThroughputForm } from '../../../design/cosmos-throughput';
import type { CosmosKeyDesign } from '../../../design/key-design';
import {
  COSMOS_LIMITS,
  evenInPlaceThroughput,
  keySpaceSlicesOf,
  physicalPartitionCount,
  profileOf,
  raisedAtCreation,
  type PhysicalPartitions,
} from '../../../engines';
import { SPLIT_WORDS } from '../../physical-partition';

export const EVEN_SPLIT_MESSAGES = {
  cosmosRaiseSplits: `; raised in place, {{splitScope|container=the container's|database=the database's}} {{nowPartitions|partitions}} split into {{neededPartitions}} of {{neededEach}} RU/s{{neededSplit|even=, evenly|uneven=, unevenly}}${SPLIT_WORDS}`,
  cosmosUnevenAvoided:
    "; not {{plainNeeded}} RU/s: raised in place to them, {{splitScope|container=the container|database=the database}} would split unevenly into {{plainPartitions}} of {{plainEach}} RU/s (Azure splits only until it has ⌈RU/s ÷ 10,000⌉), and the {{unsplit}} left unsplit would keep 1/{{slices}} of the key space each, {{unsplitLoad}} RU/s of the peak ({{carriedPeak}} ÷ {{slices}}) against {{plainUsable}} usable ({{headroom|percent}} of {{plainEach}}); or {{!splitShared}}create a new container at {{plainNeeded}} RU/s{{/splitShared}}{{?splitShared}}create a new database of {{plainNeeded}} RU/s shared throughput (a new container in this database would share its {{nowPartitions|partitions}}, not start on its own){{/splitShared}}, which Azure starts on {{createdPartitions|partitions}} of {{createdEach}} RU/s, evenly split, and copy every document {{splitScope|container=into it|database=of its busy containers into containers there}}, then point the application at it (a container copy job: offline, with every write to this container stopped until it is done; online, with every write to it charged double RUs while the copy runs; its pace set by both containers' RU/s)",
  cosmosCreatedAt:
    "; the design declares no physicalPartitions, so it describes a container still to be created: created at {{needed}} RU/s, Azure starts it on {{neededPartitions|partitions}} of {{neededEach}} RU/s, evenly split ({{createdBy|throughput=one per 10,000 RU/s of an autoscale maximum|storage=one per 50 GB of its storage, more than one per 10,000 RU/s of the maximum gives}}){{?createdPlain}}; not the {{createdPlain}} RU/s the peak alone needs: created there, on {{createdPlainPartitions|partitions}} of {{createdPlainEach}} RU/s, the hottest value would not fit beside its neighbours (SG003), and from {{createdPlain}} up, {{needed}} RU/s are the least whose partitions hold it{{/createdPlain}}; where the container exists already, declare its physicalPartitions (as Insights shows them: {{nowPartitions}} for one created at {{nowRu}} RU/s and never raised) and the lint sizes its raise in place instead: from {{nowPartitions|partitions}}, {{inPlaceNeeded}} RU/s, whose split into {{inPlacePartitions}} of {{inPlaceEach}} RU/s{{inPlaceSplit|even=, evenly,|uneven=, unevenly,}} takes Azure typically 4-6 hours{{?inPlaceQuota}}, and which is above Azure's default maximum of {{inPlaceQuota}} RU/s per container: Azure refuses it until a support ticket raises that maximum, so file the ticket first{{/inPlaceQuota}}",
} as const;

export type EvenSplitId = keyof typeof EVEN_SPLIT_MESSAGES;

/** SG017's raise on its declared form: `needed` (in place) for `neededPeak`, on `form`'s grid, for `containers` sharing it. */
export interface InPlaceRaise {
  readonly form: ThroughputForm;
  readonly needed: number;
  readonly neededPeak: number;
  readonly containers: number;
}

/**
 * The notes and figures of SG017's raise in place where it splits the container's physical partitions: how (its count,
 * asynchronously), and where it is above peak ÷ headroom (`plainNeeded`) the uneven layout that figure would leave, and
 * the new container that figure would start evenly. Nothing where the raise keeps the partitions. `totalGb`: the storage
 * the raised container holds (planned copies' N × the GB), where it is not the declared. `carried`: the raise was
 * carried past the peak's figure by another clause of the finding (a key's fix, a placement), which says why.
 */
export function inPlaceSplit(
  design: CosmosKeyDesign,
  raise: InPlaceRaise,
  totalGb = design.totalGb,
  carried = false,
): { readonly ids: EvenSplitId[]; readonly data: Record<string, number | string> } {
  const { throughput } = design;
  const now = profileOf(design.engine).physicalPartitions?.(design);
  if (!throughput || throughput.mode === 'serverless' || !now) return { ids: [], data: {} };
  const { mode } = throughput;
  // `requestUnits`: the RU/s the partitions divide, a shared database's own (its partitions serve all its containers).
  // The slices are the engine's own count for a raise from the current layout, as SG003 reads the raised layout.
  const layout = (requestUnits: number) => {
    const count = physicalPartitionCount(mode, requestUnits, totalGb, now.count);
    return { count, each: requestUnits / count, slices: keySpaceSlicesOf({ totalGb, splitFrom: now.count }, count) };
  };
  const needed = layout(raise.needed);
  if (needed.count === now.count) return { ids: [], data: {} };
  if (raisedAtCreation(design)) return createdAt(design, raise, now, totalGb, carried);
  const data = {
    // A shared database's partitions are the database's: a new container there shares them ("Provision standard (manual)
    // throughput on a database": containers in the same database share partitions), so the even start is a new database.
    splitScope: mode === 'shared' ? 'database' : 'container',
    ...(mode === 'shared' ? { splitShared: raise.containers } : {}),
    nowPartitions: now.count,
    neededPartitions: needed.count,
    neededEach: needed.each,
    neededSplit: needed.slices < needed.count ? 'uneven' : 'even',
  };
  const plainNeeded = throughputForPeak(raise.form, raise.neededPeak, design.thresholds.headroom, raise.containers);
  const plain = layout(plainNeeded);
  // Only an uneven split is why the raise is above peak ÷ headroom (planned copies that change with the RU/s are another).
  if (plainNeeded >= raise.needed || plain.slices === plain.count) return { ids: ['cosmosRaiseSplits'], data };
  const created = physicalPartitionCount(mode, plainNeeded, totalGb);
  return {
    ids: ['cosmosRaiseSplits', 'cosmosUnevenAvoided'],
    data: Object.assign(data, {
      plainNeeded,
      plainPartitions: plain.count,
      plainEach: plain.each,
      plainUsable: plain.each * design.thresholds.headroom,
      // From S even slices to P' (S ≤ P' < 2S), P' − S split and 2S − P' keep their slice.
      unsplit: 2 * plain.slices - plain.count,
      slices: plain.slices,
      // Every busy container's keys share the partitions (a shared database; 1 otherwise).
      carriedPeak: raise.containers * raise.neededPeak,
      unsplitLoad: (raise.containers * raise.neededPeak) / plain.slices,
      createdPartitions: created,
      createdEach: plainNeeded / created,
    }),
  };
}

/**
 * SG017's raise of a container still to be created (`raisedAtCreation`: an autoscale maximum, no declared
 * `physicalPartitions`): the layout Azure starts it on at the raised maximum, and the raise in place a container that
 * exists would need instead, judged on the partitions it has today (the design with them declared), whose split is
 * asynchronous, "typically 4-6 hours" ("Best practices for scaling provisioned throughput").
 */
function createdAt(
  design: CosmosKeyDesign,
  raise: InPlaceRaise,
  now: PhysicalPartitions,
  totalGb: number | undefined,
  carried: boolean,
): { readonly ids: EvenSplitId[]; readonly data: Record<string, number | string> } {
  const mode = 'autoscale';
  const created = physicalPartitionCount(mode, raise.needed, totalGb);
  const existing: CosmosKeyDesign = Object.assign({}, design, { totalGb, physicalPartitions: now.count });
  const inPlaceNeeded = Math.max(raise.needed, evenInPlaceThroughput(existing, raise.neededPeak) as number);
  const inPlacePartitions = physicalPartitionCount(mode, inPlaceNeeded, totalGb, now.count);
  const slices = keySpaceSlicesOf({ totalGb, splitFrom: now.count }, inPlacePartitions);
  // Above the peak's own figure where the hottest value needs more (`raiseForPeak`): that figure, and why not it.
  const plain = throughputForPeak(raise.form, raise.neededPeak, design.thresholds.headroom, 1);
  const plainPartitions = physicalPartitionCount(mode, plain, totalGb);
  const plainData: Record<string, number> =
    plain < raise.needed && !carried ? { createdPlain: plain, createdPlainPartitions: plainPartitions, createdPlainEach: plain / plainPartitions } : {};
  return {
    ids: ['cosmosCreatedAt'],
    data: {
      nowPartitions: now.count,
      nowRu: now.requestUnits,
      neededPartitions: created,
      neededEach: raise.needed / created,
      // The storage rule (one partition per 50 GB) names itself where it, not the maximum, sets the count.
      createdBy: created > physicalPartitionCount(mode, raise.needed) ? 'storage' : 'throughput',
      inPlaceNeeded,
      inPlacePartitions,
      inPlaceEach: inPlaceNeeded / inPlacePartitions,
      inPlaceSplit: slices < inPlacePartitions ? 'uneven' : 'even',
      // Past Azure's default maximum per container ("Service quotas": raised by a support ticket), as the raise SG017
      // writes says of itself (cosmosRaisePastQuota): a figure the deployment refuses is named with the ticket it needs.
      ...(inPlaceNeeded > COSMOS_LIMITS.requestUnitsQuota ? { inPlaceQuota: COSMOS_LIMITS.requestUnitsQuota } : {}),
      ...plainData,
    },
  };
}
