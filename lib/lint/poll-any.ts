/**
 * A work queue's lever before copies: where every read of a read-hot key value could take any item it finds (a poll for
 * a pending job), random shards with `wants: "any"` on those reads serve the value with no copy and no fan-out. Each
 * poll reads one shard, picked at random (another when that one is empty), so the shards divide its reads; each write
 * goes to one shard, so the writes are divided too. Copies (the plan's lever for reads no shard spreads) instead write
 * every document to each copy, and a queue item held N times is picked up N times. The lint cannot tell a poll from a
 * read that needs every item (a sorted page), so the lever is offered, never written as an edit.
 */
import { joinPath } from '../design/field-path';
import type { AccessPattern, KeyDesign, KeySpace, Sharding } from '../design/key-design';
import { MAX_SHARDS_ACCEPTED } from '../design/limits';
import { DesignAnalysis, type SpaceAnalysis } from './analysis';
import { readsWholeKey } from './queries';

/** The lead clause (part of ADVICE_MESSAGES): the shards and `wants: "any"`, with what a claim on one item keeps. */
export const POLL_ANY_MESSAGES = {
  pollAnyFirst: `where {{pollAnyPatterns|code}} takes whatever {{key|key}} item it finds (a queue's poll), shard {{key|key}} into N = {{pollAnyShards}} random shards and set wants: "any" on {{pollAnyCount|one=it|other=them}}: each poll reads one random shard (another when it is empty) and each write goes to one, so no read fans out, and the hottest value fits the {{pollAnyRu}} RU/s the container has, with no raise{{?pollAnyConditions}}; a claim on one item's ETag ({{pollAnyConditions|code}}) keeps, each item whole on one shard{{/pollAnyConditions}}; --fix does not set it (only the application knows whether any item will do); otherwise, `,
} as const;

/** The shards and patterns the lead clause names (`pollAnyFirst`), or undefined where it does not apply. */
export interface PollAnyLever {
  readonly patterns: readonly AccessPattern[];
  readonly shards: number;
}

/**
 * The fewest random shards at which the hottest value of `a`'s key space (a container's own key, unsharded, whose plan is
 * replicated copies) fits its physical partition with every read of a whole key value taking any item (`wants: "any"`),
 * judged as the lint would judge that design: the same analysis, on the design with those shards and that `wants`.
 * Undefined where a read of the key gives more than the key (a calculated shard's source would then be the lever), names
 * `fanOut` or no `keyValue` (a read of one named value, a queue's status, is a poll's shape), or no count up to
 * maxShards fits at the RU/s the container has (not SG017's raise).
 */
export function pollAnyLever(a: SpaceAnalysis): PollAnyLever | undefined {
  const { design, space, plan, physical } = a;
  if (space !== design.primaryKey || space.sharding || plan.layout !== 'replicated' || physical === undefined || physical.raisedFrom) return undefined;
  const patterns = a.owner.patternsOn(space);
  // A read aimed at one named value of the key (keyValue: "PENDING", "QUEUED") is a queue's poll's shape (README).
  const polls = patterns.filter((p) => readsWholeKey(space, p) && !p.fanOut && p.keyValue !== undefined);
  if (polls.length === 0 || polls.length !== patterns.length) return undefined;
  const cap = Math.min(design.thresholds.maxShards, MAX_SHARDS_ACCEPTED);
  for (let n = 2; n <= cap; n++) if (fitsPolledAny(design, space, polls, n)) return { patterns: polls, shards: n };
  return undefined;
}

/** Whether the design with its key in `n` random shards, `polls` wanting any item, has its key space within its ceilings. */
function fitsPolledAny(design: KeyDesign, space: KeySpace, polls: readonly AccessPattern[], n: number): boolean {
  const sharding: Sharding = { strategy: 'random', shards: n, separator: '#', path: joinPath(space.path, 'sharding') };
  const primaryKey: KeySpace = Object.assign({}, space, { sharding });
  const accessPatterns = design.accessPatterns.map((p) => (polls.includes(p) ? Object.assign({}, p, { wants: 'any' as const }) : p));
  const candidate = Object.assign({}, design, { primaryKey, accessPatterns }) as KeyDesign;
  const judged = new DesignAnalysis(candidate).of(candidate.primaryKey);
  return judged.over.length === 0 && judged.physical?.raisedFrom === undefined;
}
