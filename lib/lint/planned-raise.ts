/**
 * The raise of a Cosmos DB container's RU/s that its key's fix writes where that fix leads with a raise serving the
 * hottest value as it is (SG003's `raiseServesKey` / `smallRaiseServesKey`, figured by `throughputThatServes`): the one
 * computation of "the RU/s that serve the hot value", which SG017 reads so that its raise is never the smaller of two.
 * Each physical partition gets an equal part of the container's RU/s, at most 10,000 ("Partitioning and horizontal
 * scaling"), and a raise past P × 10,000 RU/s splits partitions ("Best practices for scaling provisioned throughput"):
 * the value fits where its partition's part, less its neighbours' load, holds it, which the peak's own raise need not
 * give. Raised to the peak's figure alone, the re-lint would find that value over and ask for the rest: two rounds of
 * --fix for one container.
 */
import { DesignAnalysis, type SpaceAnalysis } from './analysis';
import type { DesignEdit } from './edits';
import { raisedLayoutAt, raisedThroughputOf } from './physical-partition';
import type { MessageData } from './rule';

/** What the figure is read from: a key's advice (`adviceFor`). */
interface RaiseAdvice {
  readonly ids: readonly string[];
  readonly edits?: readonly DesignEdit[];
}

/**
 * The RU/s (the container's manual RU/s or autoscale maximum, or a shared database's) the advice's edits set, where they
 * raise it to serve the hottest value unsharded; undefined where they set none, or where the raise is one that needs
 * shards or copies beside it (`raiseThenShard`, `raiseThenCopies`: SG017 reads their own figures and counts).
 */
export function plannedValueRaise(advice: RaiseAdvice): number | undefined {
  if (advice.ids[0] === 'raiseThenShard' || advice.ids[0] === 'raiseThenCopies') return undefined;
  return raisedThroughputOf(advice.edits);
}

/**
 * The key space as the re-lint after `--fix` judges it, where the container is short of RU/s for its peak and its hottest
 * value is judged at SG017's raise (`raisedFrom`): the design raised in place to the RU/s the fix writes anyway, the
 * raise that fits N shards or copies beside their neighbours where the advice leads with one (`shardRaiseTo`,
 * `copiesRaiseTo`), else SG017's raise for the peak. Whether a further raise that serves the value unsharded is small
 * enough to lead a change of key (`smallRaiseFirst`) is judged there, as the re-lint judges it against the RU/s it then
 * declares: judged against today's short RU/s, the first lint led with shards and the re-lint with the raise, and
 * `--fix` took two rounds. Undefined where no raise in place reaches those RU/s, or the value fits there.
 */
export function judgedAtWrittenRaise(a: SpaceAnalysis, advice: { readonly ids: readonly string[]; readonly data: MessageData }): SpaceAnalysis | undefined {
  const physical = a.physical;
  // A hierarchical key's full key may wait on its first level's plan, whose raise is its own (SG017 carries no raise to
  // it either: capacity-below-peak/cosmosdb.ts, `withKeyRaise`).
  if (!physical?.raisedFrom || a.space.partitionKey.length > 1) return undefined;
  const lead = advice.ids[0];
  const keyRaise = lead === 'raiseThenShard' ? advice.data.shardRaiseTo : lead === 'raiseThenCopies' ? advice.data.copiesRaiseTo : undefined;
  const to = typeof keyRaise === 'number' ? keyRaise : physical.requestUnits;
  const container = a.owner.profile.containerOf?.(a.design);
  const raised = container && raisedLayoutAt(container, to);
  if (raised === undefined) return undefined;
  const judged = new DesignAnalysis(raised, a.owner.rulesOff).of(raised.primaryKey);
  return judged.over.length > 0 && !judged.physical?.raisedFrom ? judged : undefined;
}
