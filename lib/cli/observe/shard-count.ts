/**
 * How many shards the application wrote with while the telemetry was taken, read off the stored keys
 * the telemetry lists. A sharded key is stored as `<logical key><separator><n>`, n in 0…N-1
 * (lib/design/input.ts, `Sharding`), and the sources list stored keys: Contributor Insights' most
 * accessed keys rule lists the top stored partition keys
 * (https://docs.aws.amazon.com/amazondynamodb/latest/developerguide/contributorinsights_HowItWorks.html,
 * at most 100 of them: MaxContributorCount,
 * https://docs.aws.amazon.com/AmazonCloudWatch/latest/APIReference/API_GetInsightRuleReport.html), and
 * CDBPartitionKeyRUConsumption logs the top stored keys of each physical partition
 * (https://learn.microsoft.com/azure/cosmos-db/monitor-resource-logs).
 *
 * Why it matters: the hottest stored key's share × N estimates the logical key's share, and N must be
 * the count deployed when the telemetry was taken, not the design's. Right after `lint --fix` raises
 * `sharding.shards` from 25 to 60, the telemetry still shows 25 shards; × 60 would overstate the share
 * 2.4×, and the next `observe --update` → `lint --fix` would raise the shards again (a ratchet) before
 * the application ever wrote 60.
 */
import type { KeyDisplay } from './privacy';

export interface DeployedShards {
  /**
   * - `counted`: the hottest logical key's stored keys n = 0…N-1 are all listed, none above, and the
   *   list reaches past them (a lighter key is listed too, or the list holds every key seen): N deployed.
   * - `atLeast`: some of them are listed (a top-N list cut among equally loaded shards): at least N.
   * - `unsharded`: the hottest stored key has no `<separator><n>` suffix: the application writes the
   *   logical key as it is (N = 1).
   */
  readonly kind: 'counted' | 'atLeast' | 'unsharded';
  readonly shards: number;
  /** What in the telemetry shows it, for the messages (keys as `showKey` prints them). */
  readonly evidence: string;
}

export interface ListedKey {
  readonly key: string;
  /** Its load over the window, to tell whether the list reaches past the hottest key's shards. */
  readonly weight: number;
}

const SHARD_NUMBER = /^(0|[1-9]\d{0,5})$/;

function splitValue(key: string, separator: string): { logical: string; shard: number } | undefined {
  const at = key.lastIndexOf(separator);
  if (at <= 0) return undefined;
  const suffix = key.slice(at + separator.length);
  return SHARD_NUMBER.test(suffix) ? { logical: key.slice(0, at), shard: Number(suffix) } : undefined;
}

/** Cosmos DB logs a PartitionKey as a JSON array of its values (`["evt#3"]`, one per level of a
 *  hierarchical key): the shard suffix is on a value, the last one that has it. */
function jsonValues(key: string): string[] | undefined {
  if (!key.startsWith('[')) return undefined;
  try {
    const parsed: unknown = JSON.parse(key);
    return Array.isArray(parsed) && parsed.every((v) => typeof v === 'string') ? (parsed as string[]) : undefined;
  } catch {
    return undefined;
  }
}

function split(key: string, separator: string): { logical: string; shard: number } | undefined {
  const values = jsonValues(key);
  if (!values) return splitValue(key, separator);
  for (let i = values.length - 1; i >= 0; i--) {
    const parsed = splitValue(values[i], separator);
    if (parsed) return { logical: JSON.stringify(values.map((v, j) => (j === i ? parsed.logical : v))), shard: parsed.shard };
  }
  return undefined;
}

/**
 * The shards deployed, from the listed stored keys and the hottest of them. `complete`: the list
 * holds every key seen in the window (not a top-N cut).
 */
export function deployedShards(listed: readonly ListedKey[], hottest: string, separator: string, complete: boolean, showKey: KeyDisplay): DeployedShards {
  const hot = split(hottest, separator);
  if (!hot)
    return {
      kind: 'unsharded',
      shards: 1,
      evidence: `the hottest stored key (${showKey(hottest)}) has no "${separator}<n>" shard suffix: the application writes the logical key unsharded`,
    };
  const mine = new Map<number, number>();
  let lightestOther = Infinity;
  for (const { key, weight } of listed) {
    const parsed = split(key, separator);
    if (parsed && parsed.logical === hot.logical) mine.set(parsed.shard, Math.max(mine.get(parsed.shard) ?? 0, weight));
    else lightestOther = Math.min(lightestOther, weight);
  }
  mine.set(hot.shard, Math.max(mine.get(hot.shard) ?? 0, 0));
  const count = mine.size;
  const highest = Math.max(...mine.keys());
  const lightestMine = Math.min(...mine.values());
  const name = `${showKey(hot.logical)}${separator}n`;
  // Contiguous from 0 and the list ranked past every listed shard: a shard n ≥ count carrying a
  // comparable load would have been listed too. A top-N cut among equally loaded shards lists
  // shards in no order of n, so a contiguous 0…N-1 is not what a cut looks like. One shard counts
  // too: the application writes only `key#0` of a key declared over 4 (a complete list
  // of 77 keys with no `key#1`…`#3`), so that stored key carries the logical key's whole load.
  if (highest === count - 1 && (complete || lightestOther < lightestMine))
    return {
      kind: 'counted',
      shards: count,
      evidence: count === 1 ? `only the stored key ${name} for n = 0 is listed` : `the stored keys ${name} for n = 0…${count - 1} are listed and no higher n`,
    };
  const atLeast = Math.max(count, highest + 1);
  return { kind: 'atLeast', shards: atLeast, evidence: `the stored keys ${name} listed go up to n = ${highest} (${count} of them)` };
}

/** The shard count a figure is scaled by, and how the figure's derivation says it. */
export interface ShardScale {
  readonly shards: number;
  /** `estimate` when the count is known; `lower` when it is at least that (the share is then a lower bound). */
  readonly bound: 'measured' | 'estimate' | 'lower';
  readonly text: string;
}

export function shardScale(deployed: DeployedShards | undefined, declared: number): ShardScale {
  if (declared <= 1 || deployed === undefined) return { shards: 1, bound: 'measured', text: '' };
  if (deployed.kind === 'unsharded') return { shards: 1, bound: 'measured', text: ` (not scaled: ${deployed.evidence})` };
  if (deployed.kind === 'counted')
    return {
      shards: deployed.shards,
      bound: 'estimate',
      text: ` × ${deployed.shards} shards deployed (${deployed.evidence}; the stored key's share, estimated for the logical key)`,
    };
  return {
    shards: deployed.shards,
    bound: 'lower',
    text: ` × at least ${deployed.shards} shards deployed (${deployed.evidence}; the exact count is not visible, so the logical key's share is at least this)`,
  };
}

/**
 * What the stored keys seen are divided by to count logical keys, as a lower bound: the shard count
 * deployed. Undefined when only a lower bound of it is known (`atLeast`): stored keys ÷ an unknown
 * larger count bounds nothing from below. A design without sharding, or an export without the hottest
 * key, is taken as the design says (as before the shard count could be read off the keys).
 */
export function distinctDivisor(deployed: DeployedShards | undefined, declared: number): number | undefined {
  if (declared <= 1) return 1;
  if (deployed === undefined) return declared;
  return deployed.kind === 'atLeast' ? undefined : deployed.shards;
}

/** Whether the telemetry shows a shard count other than the design's: then nothing scaled by it is drift. */
export function shardMismatch(deployed: DeployedShards | undefined, declared: number): boolean {
  if (declared <= 1 || deployed === undefined) return false;
  return deployed.kind === 'atLeast' ? deployed.shards > declared : deployed.shards !== declared;
}
