/**
 * The edits that make a flat Cosmos DB key hierarchical for a whale (a value over 50 GB, hot by its load), where the
 * queries name the finer attribute: the key `/tenantId` → `/projectId`, the whale's figures on its first level, and the
 * raise in place at which that value fits the physical partitions its documents span. A first-level value may hold more
 * than 20 GB and take more than 10,000 RU/s, its documents spanning a physical partition per 50 GB ("Hierarchical
 * partition keys", https://learn.microsoft.com/azure/cosmos-db/hierarchical-partition-keys), so the key is needed
 * whatever the reads: no cache or shard count makes 80 GB fit one logical partition's 20 GB. Cosmos DB cannot change a
 * container's partition key in place: the edited design is a new container, into which every document is copied
 * ("Change partition key", https://learn.microsoft.com/azure/cosmos-db/change-partition-key).
 */
import { cardinalityValue } from '../design/cardinality';
import type { CosmosKeyDesign, KeyAttribute, KeyDesign } from '../design/key-design';
import { withKeyLevels } from '../design/normalize-container';
import { leastBetween } from '../design/sharding';
import { COSMOS_LIMITS } from '../engines';
import { DesignAnalysis, type SpaceAnalysis } from './analysis';
import type { DesignEdit } from './edits';
import { raisedLayoutAt, raiseEdits } from './physical-partition';
import { keptFirstLevelRaise, reorderedFirstLevel } from './prefix-ingestion';
import { reorderedPathsEdit } from './reorder';
import type { MessageData } from './rule';

/** The most values of the new level per first-level value a fix declares: past it, the whale's own values are not the fix. */
const MAX_PER_VALUE = 1000;

/** What --fix writes for the whale's hierarchical key, and the figures its fix says (`levelWritten`). */
export interface WhaleLevelEdits {
  readonly edits: DesignEdit[];
  readonly data: MessageData;
}

/**
 * The edits of the hierarchical key `flat` → `attribute` for the whale the flat key's hottest value is, with the raise it
 * still needs at today's RU/s, or undefined where no such design lints clean of what the key change draws: the first
 * level judged as SG003 judges it, and the full key within its logical partition (SG003, SG006). The new level's
 * cardinality is the fewest values per first-level value (times its values) at which the whale's hottest full key value
 * fits, on the model's own reading that a value's figures spread over its children ("estimated from a key level"): the
 * design cannot know the real count, so the fix says it is the least and asks for the real one. `moved`: the workload
 * and storage fields that declared the whale's figures (MOVED_FIGURES), removed as the edit puts them on the level.
 */
export function whaleLevelEdits(analysis: SpaceAnalysis, attribute: string, moved: readonly string[] = []): WhaleLevelEdits | undefined {
  const design = analysis.owner.profile.containerOf?.(analysis.design);
  if (design === undefined) return undefined;
  const [flat] = design.primaryKey.partitionKey;
  const values = cardinalityValue(flat.cardinality);
  if (!Number.isFinite(values) || design.throughput === undefined) return undefined;
  const { hotKeyShare, hotKeyShareSource } = design.primaryKey.workload;
  const share = hotKeyShareSource === 'declared' || hotKeyShareSource === 'derived' ? hotKeyShare : undefined;
  const kept: KeyAttribute = Object.assign({}, flat, { hotKeyShare: share, largestGb: design.largestPartitionGb ?? flat.largestGb });
  const raise = keptFirstLevelRaise(design);
  const raised = raise ? raisedLayoutAt(design, raise.requestUnits) : design;
  if (!raised) return undefined;
  // The whale's figures are its first level's now, not the full key's: the design fields that declared them go.
  const onLevel = withoutDesignFigures(raised);
  const usableGb = COSMOS_LIMITS.logicalPartitionGb * design.thresholds.headroom;
  const levelOf = (per: number): KeyAttribute => ({ name: attribute, path: '', cardinality: values * per, kind: 'value', components: [] });
  const serves = (per: number) => fitsAsKeyed(withKeyLevels(onLevel, [kept, levelOf(per)]), analysis);
  // More values per first-level value only shrink its hottest and largest full key value: the fewest that serve, by halving.
  const fewest = Math.max(2, Math.ceil((kept.largestGb ?? 0) / usableGb - 1e-9));
  if (fewest > MAX_PER_VALUE || !serves(MAX_PER_VALUE)) return undefined;
  const per = leastBetween(serves, fewest, MAX_PER_VALUE);
  const keyed = Object.assign({}, withoutDesignFigures(design), { primaryKey: Object.assign({}, design.primaryKey, { partitionKey: [kept] }) });
  return {
    edits: [
      ...moved.map((path): DesignEdit => ({ op: 'remove', path })),
      reorderedPathsEdit(keyed, [kept, levelOf(per)]),
      ...(raise ? raiseEdits(design, raise) : []),
    ],
    data: Object.assign(
      { levelWritten: true, levelValues: values * per, levelPerValue: per },
      raise ? { levelRaise: raise.requestUnits, levelRaisePartitions: raise.partitions, levelRaiseEach: raise.each } : {},
    ),
  };
}

/** Whether the design keyed anew lints clean of the key's own findings: its first level within what its partitions leave it, its full key needing nothing. */
function fitsAsKeyed(rekeyed: CosmosKeyDesign, analysis: SpaceAnalysis): boolean {
  if (reorderedFirstLevel(rekeyed, rekeyed.primaryKey.partitionKey)?.overloaded !== false) return false;
  const key = new DesignAnalysis(rekeyed, analysis.owner.rulesOff).of(rekeyed.primaryKey);
  return key.over.length === 0 && key.plan.layout === 'none';
}

/** `design` without the full key's figures declared on the design itself (`workload.hotKeyShare`, `storage.largestPartitionGb`). */
function withoutDesignFigures<D extends KeyDesign>(design: D): D {
  const workload = Object.assign({}, design.primaryKey.workload, { hotKeyShareAt: undefined });
  return Object.assign({}, design, { primaryKey: Object.assign({}, design.primaryKey, { workload }), largestPartitionGbAt: undefined });
}
