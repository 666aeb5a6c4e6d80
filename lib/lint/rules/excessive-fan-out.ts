import { ADVICE_MESSAGES, adviceFor, type AdviceId } from '../advice';
import type { SpaceAnalysis } from '../analysis';
import { readsOneShard } from '../one-shard-reads';
import { acknowledgementOf, defineRule, type RuleHit } from '../rule';
import { SOURCES } from '../sources';

type Id = 'overNeed' | 'overCap' | 'neededByPeak' | 'neededBySize' | 'writesCost' | 'readsCost' | 'noReadFansOut' | AdviceId;

export const excessiveFanOut = defineRule({
  id: 'SG008',
  title: 'excessive-fan-out',
  summary: 'More shards than the load needs, so every read fans out further than it must',
  severity: 'warning',
  thresholds: ['fanOutFactor', 'maxShards', 'headroom'],
  fires:
    "A key is sharded (or replicated) into more than fanOutFactor × the N its load needs (the hottest value's throughput, or the largest partition's size), or into more than maxShards keys.",
  firesAlso: [
    'A few key values or a dominant value: they do not raise that N (SG001 and SG014 warn about them).',
    "A count at which the hottest value is still over its ceiling (SG003's finding): never too many, even where the plan's N is of another layout (copies an invariant forbids, where write shards are the plan).",
    'Reads that reach one shard, want any item (`wants: "any"`) or carry a calculated shard\'s source attribute: extra shards cost them nothing, so where every declared query of the key does, only maxShards applies.',
  ],
  rationale:
    'Every whole-key read costs one query per shard, and every write to a replicated key one write per copy: more keys than the peak needs only multiply latency and cost ("more is safer" is the anti-pattern) (AWS: "Using write sharding to distribute workloads evenly"; Azure: "Create a synthetic partition key"). Size N from the peak.',
  fix: 'Use the computed N; past maxShards, split the hot value out instead of fanning out further.',
  sources: [
    SOURCES.dynamoSharding,
    SOURCES.cosmosSynthetic,
    // The fix's count assumes its keys hash onto different partitions (hashed-keys.ts): what each engine does when two do not.
    SOURCES.dynamoAdaptive,
    SOURCES.cosmosPartitioning,
  ],
  messages: () => ({
    overNeed: '{{key|key}}{{index|onIndex}} is sharded into {{declaredShards}} keys, more than {{fanOutFactor}}× the {{need}} ',
    overCap: '{{key|key}}{{index|onIndex}} is sharded into {{declaredShards}} keys, more than maxShards {{maxShards}}',
    neededByPeak: 'the peak needs',
    neededBySize: "the largest partition's size needs",
    writesCost: ': every write of a key costs {{declaredShards}}×',
    readsCost: ': every whole-key read costs {{declaredShards}} queries',
    noReadFansOut: ': no declared read fans out over them, but a whole-key read would cost {{declaredShards}} queries',
    ...ADVICE_MESSAGES,
  }),
  check(design, { spaces }) {
    const { maxShards, fanOutFactor } = design.thresholds;
    return spaces.flatMap((a): RuleHit<Id>[] => {
      const { space } = a;
      // A need of 1 (or none at all) is SG007's: sharding is needless altogether. Only a sharded key's plan is made.
      if (!space.sharding) return [];
      const { plan } = a;
      if (plan.layout === 'none') return [];
      const declared = space.sharding.shards;
      const need = plan.shards;
      const oneShard = readsOneShard(a);
      // Not where the declared count leaves the hottest value over its ceiling (SG003's finding): a count SG003 calls too
      // few is not too many, even where the plan's N is of another layout (copies an invariant forbids, sharded instead).
      const overNeed = need !== undefined && declared > fanOutFactor * need && !oneShard && a.over.length === 0;
      const overCap = declared > maxShards;
      if (!overNeed && !overCap) return [];
      const { throughput = 0 } = plan.needs;
      const n = need ?? 0;
      // N is the larger of the two loads' needs (analysis.ts planFor).
      const neededBy: Id = throughput >= n ? 'neededByPeak' : 'neededBySize';
      const cost: Id = space.sharding.strategy === 'replicated' ? 'writesCost' : oneShard ? 'noReadFansOut' : 'readsCost';
      const advice = adviceFor(a);
      const [fixId, ...fixNotes] = advice.ids;
      return [
        {
          path: `${space.sharding.path}.shards`,
          index: space.index,
          messageId: overNeed ? 'overNeed' : 'overCap',
          notes: overNeed ? [neededBy, cost] : [cost],
          fixId,
          fixNotes,
          data: Object.assign({}, advice.data, { index: space.index, declaredShards: declared, fanOutFactor, need: n, maxShards }),
          edits: advice.edits,
        },
      ];
    });
  },
});

/**
 * The count SG008's fix lowers a random or calculated sharding to (its plan's N), where SG008 fires for more than
 * fanOutFactor × that N and the design neither acknowledges its finding nor turns it off: what SG017 weighs against its
 * raise (fewer shards, fewer fan-out queries). Undefined otherwise.
 */
export function fewerShardsAsked(a: SpaceAnalysis): number | undefined {
  const { space, owner } = a;
  const sharding = space.sharding;
  if (!sharding || sharding.strategy === 'replicated' || owner.rulesOff.has(excessiveFanOut.id)) return undefined;
  if (acknowledgementOf(owner.design.acknowledgements, excessiveFanOut.id, space.index) !== undefined) return undefined;
  const need = a.plan.layout === sharding.strategy ? a.plan.shards : undefined;
  const { fanOutFactor } = owner.design.thresholds;
  if (need === undefined || need <= 1 || sharding.shards <= fanOutFactor * need || readsOneShard(a)) return undefined;
  // Only a fix that writes the count (--fix applies it): a plan whose advice is a cache or copies lowers nothing.
  const writesCount = adviceFor(a).edits?.some((e) => e.op === 'set' && (e.value as { shards?: unknown } | undefined)?.shards === need);
  return writesCount ? need : undefined;
}
