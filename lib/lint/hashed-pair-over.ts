/**
 * A declared count of one hot value's hashed keys (write shards, replicated copies) whose keys each fit their
 * partition's usable ceiling, but whose keys hashed onto one partition (two, or past P the pigeonhole crowd and one
 * more: lib/design/hashed-pair.ts) take past its hard maximum beside its neighbours, where the engine sizes a count for
 * them (`EngineProfile.sizesForHashedPair`: DynamoDB, 1,000 WCU / 3,000 RCU a partition, "Partitions and data
 * distribution"; adaptive capacity isolates the keys only under sustained traffic, "Burst and adaptive capacity").
 * The count the plan gives is then more than the declared one: without this, a declared 3 drew no finding where --fix
 * writes 4 for the same key. A warning, not an error: the throttle needs the keys to hash together, a chance the text
 * states. Its own message id, so a waiver can name it alone.
 */
import { chanceOfCrowd } from '../design/crowd-chance';
import { joinPath } from '../design/field-path';
import { besideNeighbours, chanceTwoShareOne, crowdOnOnePartition, hashedPairFits, overflowingCrowd, type KeyOnPartition } from '../design/hashed-pair';
import { fits } from '../design/sharding';
import type { SpaceAnalysis } from './analysis';
import type { DesignEdit } from './edits';
import { crowdChanceData, crowdChanceText } from './hashed-keys';
import type { MessageData } from './rule';

export const HASHED_PAIR_OVER_MESSAGES = {
  hashedPairOver:
    "each of the {{declaredShards}} {{hashedNoun}} of the hottest {{key|key}} value{{index|onIndex}} fits its partition's usable {{hashedUsable}} {{hashedUnit}}, but {{?hashedAlways}}with more {{hashedNoun}} than its {{hashedPartitions}} partitions one holds at least {{crowdLeast}} of them, and {{crowdKeys}} hashed onto one (so many or more share one {{crowdChance|percent}} of the time){{/hashedAlways}}{{!hashedAlways}}two of them hashed onto one of its {{hashedPartitions}} partitions (a chance of {{hashedChance|percent}}){{/hashedAlways}} take {{crowdLoad}} {{hashedUnit}} beside its neighbours, past the partition's {{hashedMaximum}} {{hashedUnit}} maximum, which throttles until adaptive capacity moves one of them to a partition of its own under sustained traffic (a launch or a batch start meets it first)",
  // With `crowdConfidence` above 0, where the rule of thumb's crowd fits but the crowd that passes the maximum is likelier than it allows.
  hashedCrowdOver:
    "each of the {{declaredShards}} {{hashedNoun}} of the hottest {{key|key}} value{{index|onIndex}} fits its partition's usable {{hashedUsable}} {{hashedUnit}}, but {{crowdKeys}} or more of them share one of its {{hashedPartitions}} partitions {{crowdChance|percent}} of the time, more often than the {{crowdAllowed|percent}} that crowdConfidence {{crowdConfidence}} allows, and take {{crowdLoad}} {{hashedUnit}} beside its neighbours, past the partition's {{hashedMaximum}} {{hashedUnit}} maximum, which throttles until adaptive capacity moves one of them to a partition of its own under sustained traffic (a launch or a batch start meets it first)",
  raiseForHashedPair: `raise sharding.shards from {{declaredShards}} to {{shards}}: {{plannedCrowdKeys}} of them on one partition then take {{plannedCrowdLoad}} {{hashedUnit}}, within its {{hashedMaximum}} {{hashedUnit}} maximum{{?plannedOverKeys}}; ${crowdChanceText('plannedOver')}{{/plannedOverKeys}}`,
  // A declared count the plan offers no larger count for: said, as a planned count failing the pair is rejected; no edit.
  keepForHashedPair:
    "the fix for the key offers no larger count of {{hashedNoun}} within maxShards ({{maxShards}}) that keeps them within that maximum, so --fix writes no edit: lower the hottest value's load on each {{hashedNoun|shards=shard|copies=copy}} (a cache in front of its reads, its writes batched upstream), or acknowledge this warning with the reason the pair's chance is accepted",
} as const;

export type HashedPairOverId = keyof typeof HASHED_PAIR_OVER_MESSAGES;

/** The figure the keys on one partition pass by the most, and that crowd. Undefined where they fit on every figure. */
function worstCrowd(figures: readonly KeyOnPartition[], keys: number) {
  let worst: { readonly figure: KeyOnPartition; readonly keys: number; readonly load: number } | undefined;
  for (const figure of figures) {
    const crowd = crowdOnOnePartition(figure, keys);
    if (!worst || crowd.load / figure.maximum > worst.load / worst.figure.maximum) worst = { figure, ...crowd };
  }
  return worst;
}

/** The hashed-pair warning of a declared count: its message id, data, its edit (none where it is kept), and the count
 *  it raises the sharding to (`raisedTo`, SG017 counting the fan-out over it), where it does. */
export interface HashedPairOver {
  readonly id: 'hashedPairOver' | 'hashedCrowdOver';
  readonly data: MessageData;
  readonly edits: DesignEdit[] | undefined;
  readonly raisedTo: number | undefined;
}

/**
 * The warning's message data and edit for a declared sharding whose hashed keys fail the pair test where each fits
 * (`SpaceAnalysis.over` empty): where the plan's count, more than declared and within `maxShards`, passes it, the
 * edit raises the count to it; where the plan offers no larger count (none fits, or it keeps the declared one,
 * judged on other figures), the count is still reported, as a planned count failing the pair is rejected, with no
 * edit. Undefined elsewhere (a smaller or other layout planned) and on an engine that does not size for the pair.
 */
export function hashedPairOver(a: SpaceAnalysis): HashedPairOver | undefined {
  const { sharding } = a.space;
  // Judged before the plan is asked for: an unsharded key space's plan is made only where a rule reports on it.
  if (!a.owner.profile.sizesForHashedPair || !sharding || a.over.length > 0) return undefined;
  const { crowdConfidence, maxShards } = a.design.thresholds;
  const figures = a.perKey.flatMap(besideNeighbours);
  const worst = worstCrowd(figures, sharding.shards);
  if (!worst || hashedPairFits(sharding.shards, figures, crowdConfidence)) return undefined;
  const planned = a.plan.shards;
  const layout = sharding.strategy;
  const plannedLayout = a.plan.layout;
  if (plannedLayout === 'cache' || plannedLayout === 'none' || (layout === 'replicated') !== (plannedLayout === 'replicated')) return undefined;
  const larger = planned !== undefined && planned > sharding.shards ? planned : undefined;
  if (larger !== undefined && larger > maxShards) return undefined;
  const plannedFigures = larger === undefined ? [] : a.dimensionsAt(plannedLayout, larger).flatMap(besideNeighbours);
  const at = larger === undefined ? undefined : worstCrowd(plannedFigures, larger);
  const raisedTo = larger !== undefined && at !== undefined && fits(at.load, at.figure.maximum) ? larger : undefined;
  // A larger planned count that fails the pair at its own figures: not the kept count the other variant says.
  if (larger !== undefined && raisedTo === undefined) return undefined;
  const hashedNoun = layout === 'replicated' ? 'copies' : 'shards';
  const raise =
    raisedTo !== undefined && at !== undefined
      ? {
          shards: raisedTo,
          plannedCrowdKeys: at.keys,
          plannedCrowdLoad: at.load,
          // The planned count's own likely crowd, said after it as every count sized for the pair says it (hashed-keys.ts).
          ...crowdChanceData(a.owner.profile, hashedNoun, raisedTo, plannedFigures, 'plannedOver'),
        }
      : { maxShards };
  const edits: DesignEdit[] | undefined = raisedTo === undefined ? undefined : [{ op: 'set', path: joinPath(sharding.path, 'shards'), value: raisedTo }];
  const common = { key: a.space.partitionKey.map((l) => l.name), index: a.space.index, declaredShards: sharding.shards, hashedNoun, ...raise };
  // The rule of thumb's crowd fits: only `crowdConfidence` fails the count, on the likeliest crowd past the maximum.
  if (fits(worst.load, worst.figure.maximum)) {
    const likely = figures
      .map((figure) => ({ figure, crowd: overflowingCrowd(figure, sharding.shards, 1 - crowdConfidence) }))
      .flatMap(({ figure, crowd }) => (crowd?.chance !== undefined && crowd.chance > 1 - crowdConfidence ? [{ figure, crowd, chance: crowd.chance }] : []))
      .sort((x, y) => y.chance - x.chance)[0];
    if (!likely) return undefined;
    const { figure, crowd, chance } = likely;
    return {
      id: 'hashedCrowdOver',
      data: {
        ...common,
        hashedPartitions: figure.partitions,
        crowdKeys: crowd.keys,
        crowdChance: Math.min(chance, 0.9999),
        crowdConfidence,
        crowdAllowed: 1 - crowdConfidence,
        crowdLoad: crowd.load,
        hashedUsable: figure.usable,
        hashedMaximum: figure.maximum,
        hashedUnit: figure.unit,
      },
      edits,
      raisedTo,
    };
  }
  const { figure } = worst;
  const always = sharding.shards > figure.partitions;
  return {
    id: 'hashedPairOver',
    data: {
      ...common,
      hashedPartitions: figure.partitions,
      // Short of certain, at most 99.99%, as the fix's clause says it (hashed-keys.ts).
      hashedChance: always ? 1 : Math.min(chanceTwoShareOne(sharding.shards, figure.partitions), 0.9999),
      ...(always
        ? {
            hashedAlways: true,
            crowdLeast: Math.ceil(sharding.shards / figure.partitions),
            // How likely that crowd or more is on one partition (the pigeonhole's ⌈N/P⌉ is certain; one more is not).
            crowdChance: Math.min(chanceOfCrowd(sharding.shards, figure.partitions, worst.keys), 0.9999),
          }
        : {}),
      crowdKeys: worst.keys,
      crowdLoad: worst.load,
      hashedUsable: figure.usable,
      hashedMaximum: figure.maximum,
      hashedUnit: figure.unit,
    },
    edits,
    raisedTo,
  };
}
