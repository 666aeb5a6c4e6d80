/**
 * The principle behind every finding: its fix, applied as written, gives a better design — the
 * finding goes away, nothing new fires because of it, and no two findings on one key disagree; and
 * a fix text that suggests a key suggests one the other rules accept.
 * Checked over every shipped example and a few thousand generated designs.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import fc from 'fast-check';
import {
  DesignError,
  applyDesignEdits,
  lint,
  type CosmosContainerDesign,
  type CosmosKeyPathDesign,
  type DesignEdit,
  type DesignInput,
  type DynamoDbTableDesign,
  type Finding,
} from '../../lib';
import { fixDesignText } from '../../lib/cli/fix';
import { chatPagedContainer, chatViralContainer, gameLeaderboards, shortLinks, usageCounters } from '../fixtures';
import { cosmosContainer, designDocument, dynamoTable } from '../support/arbitrary-designs';
import { dominantAfterRaise } from '../support/dominant-after-raise';

const keyOf = (f: Finding) => `${f.ruleId} ${f.path}`;

/**
 * Every design the checks below lint and normalize() refuses, as `what was linted: the first issue`. A check cannot
 * judge a design it cannot read, so a refusal is a failure (the afterAll below), unless ALLOWED_REFUSALS names it: the
 * generators build valid designs, the checks build the design a fix text describes, and a fix's edits that make a design
 * invalid are a --fix bug.
 */
const refusals: string[] = [];

/**
 * The refusals allowed, each a known open gap rather than an intended one (conv29; the goal is an empty list). Only the
 * bucketed key `bucketProblems` builds from SG003's bucket fix text is ever refused, in two ways:
 * - its first level's share, the old one ÷ N, is below a share a deeper level (or the full key) declares: a value
 *   nested in a bucket cannot take more than the bucket. Either that deeper value stays whole in one bucket (the
 *   buckets hash a key level) and the fix's "each taking 1/N" over-claims, or the buckets split it too and the fix text
 *   should re-declare that level's figure as it does the full key's (`prefixBucketsRedeclare`). Not yet decided.
 * - the share the fix text says to re-declare (the full key's, or the deeper level's that stands for it: old ÷ N) is
 *   below the uniform share of the bucketed prefix's values as normalize() counts them (its most varied level's
 *   values, not their product).
 */
const ALLOWED_REFUSALS: readonly RegExp[] = [
  /'s bucketed key: (partitionKey\.paths\[\d+\]|workload)\.hotKeyShare is [\d.e-]+, more than the [\d.e-]+ declared at partitionKey\.paths\[0\]\.hotKeyShare/,
  /'s bucketed key: (partitionKey\.paths\[\d+\]|workload)\.hotKeyShare is [\d.e-]+, below the uniform share/,
];

function lintOrUndefined(design: DesignInput, what: string): Finding[] | undefined {
  try {
    return lint(design);
  } catch (error) {
    if (!(error instanceof DesignError)) throw error;
    const first = error.issues[0];
    refusals.push(`${what}: ${first.path} ${first.message}\n${JSON.stringify(design)}`);
    return undefined;
  }
}

/** The key space an edit of a plan concerns: the path before `.sharding`. */
function shardingEdit(f: Finding): { space: string; value: unknown } | undefined {
  const edit = f.edits?.find((e) => /(^|\.)sharding$/.test(e.path));
  if (!edit) return undefined;
  return { space: edit.path.replace(/\.?sharding$/, ''), value: edit.op === 'set' ? edit.value : 'removed' };
}

/**
 * A fix that leaves no sharding edit of its own (a key reordered so that its largest partition spreads)
 * can lift the only need a declared sharding served: SG007 then reports it as needless, and its own fix
 * converges (fixesEnd). N comes from the load alone (issue 14 §1), so no share or floor keeps it alive.
 */
function leftWithoutPurpose(fix: Finding, after: Finding): boolean {
  return after.ruleId === 'SG007' && !(fix.edits ?? []).some((e) => /(^|\.)sharding$/.test(e.path));
}

/** The GSI a finding's path lies in (`tables[0].globalSecondaryIndexes[1]`), or undefined. */
function indexOf(path: string): string | undefined {
  return /^(.*?globalSecondaryIndexes\[\d+\])/.exec(path)?.[1];
}

/**
 * A fix that changes the table's own sharding (removes its replicated copies, or trades them for write shards) lowers
 * the writes of every GSI whose key the copies carry (lib/lint/written.ts): a GSI that was over its ceiling on them,
 * or sharded for them, can then draw a milder finding (a dominant value, a time bucket's growth, a sharding it no
 * longer needs) in place of the error or the sharding it had. A warning, except on demand beside the neighbours: fewer
 * writes count the index fewer partitions (P for twice its peak), so each of its keys meets more of the rest, and a
 * key at its edge can go over (64 shards of `QUEUED` at 119,986 RCU: 82 partitions with 32 copies' writes, 81 without).
 * A fix that makes that GSI sparse (`copiesCarry: "first"`, lib/lint/copied-indexes.ts) lowers its writes the same
 * way, from one per copy to one per item.
 */
function indexAfterCopies(fix: Finding, after: Finding): boolean {
  const tableSharding = (fix.edits ?? []).some((e) => /(^|\.)sharding$/.test(e.path) && indexOf(e.path) === undefined);
  const madeSparse = (fix.edits ?? []).some((e) => /\.copiesCarry$/.test(e.path) && indexOf(e.path) === indexOf(after.path));
  const fewerPartitions = after.ruleId === 'SG003' && after.data?.partitionsCountedBy === 'twice-the-peak';
  return (tableSharding || madeSparse) && indexOf(after.path) !== undefined && (after.severity === 'warning' || fewerPartitions);
}

/**
 * A fix that changes a Cosmos DB container's replicated copies changes the writes its hierarchical key's first level
 * takes (cosmos16 item 3: every copy of its documents sits under it, prefix-ingestion.ts `containerPeak`): a first level
 * over its ceiling on them (SG003's finding) can then draw a milder one in its place (SG014's dominant share, a warning)
 * once fewer copies leave it room. A warning only: fewer writes never make an error.
 */
function firstLevelAfterCopies(fix: Finding, after: Finding): boolean {
  // The same container in a design document: its paths start with `containers[i].` (fixconvA34: all 19 such findings
  // over seeds 77001–77010 were this case, the first level over on its copies before the fix).
  const container = /^containers\[\d+\]\./.exec(after.path)?.[0] ?? '';
  const copies = (fix.edits ?? []).some((e) => e.path === `${container}sharding`);
  return copies && after.path.startsWith(`${container}partitionKey.paths`) && after.severity === 'warning';
}

/**
 * SG003's removal of a declared sharding whose stored keys are themselves over (copies that each take every write: SG007's
 * fix), where the unsharded value left fits today with less growth than minGrowthHeadroom: SG014's growth warning
 * (`nearCeiling`) then says what the key needs at the grown peak. The removal is the fix of the error (the copies
 * throttle today); sharding that leaves the headroom in their place is not yet offered by SG003 (an open gap). Raises in
 * place are `dominantAfterRaise`'s.
 */
function growthAfterRemoval(fix: Finding, after: Finding): boolean {
  const resource = (path: string) => /^(tables|containers)\[\d+\]\./.exec(path)?.[0] ?? '';
  const sameSpace = resource(fix.path) === resource(after.path) && indexOf(fix.path) === indexOf(after.path);
  const removes = (fix.edits ?? []).some((e) => e.op === 'remove' && /(^|\.)sharding$/.test(e.path));
  const growth = after.ruleId === 'SG014' && (after.messageId === 'nearCeiling' || after.messageId === 'nearCeilingAtLeast');
  return fix.ruleId === 'SG003' && removes && growth && sameSpace;
}

/**
 * A fix that makes reads fan out (SG009's fanOut, or shards on a key read one item or one page per shard) makes each of
 * those reads N requests (lib/lint/read-requests.ts): SG017 can then find the read capacity short of them. That is the
 * fix's cost, counted and reported with the patterns that pay it (`fanOutPatterns`), not a finding the fix should avoid,
 * as long as SG017 can raise the capacity (its finding carries an edit): where it could not (a raise past a throughput
 * quota), SG009 writes no fanOut and SG003 no shards (lib/lint/throughput-quota.ts).
 */
function fanOutCost(fix: Finding, after: Finding): boolean {
  const fansOut = (fix.edits ?? []).some((e) => /(^|\.)(fanOut|sharding)$/.test(e.path));
  const raisable = after.severity === 'warning' || (after.edits?.length ?? 0) > 0;
  return fansOut && after.ruleId === 'SG017' && after.data?.fanOutPatterns !== undefined && raisable;
}

/** Whether a finding's path lies in a key space's (a table's own key space leaves its indexes out). */
function inSpace(path: string, space: string): boolean {
  const prefix = space === '' ? '' : `${space}.`;
  if (!path.startsWith(prefix)) return false;
  return /^globalSecondaryIndexes\[/.test(space.replace(/^tables\[\d+\]\./, '')) || !path.slice(prefix.length).startsWith('globalSecondaryIndexes[');
}

/**
 * `design`, less the `wants: "any"` and `fanOut` it refuses: with its sharding removed or replicated, a key has no shard
 * for such a pattern to pick or to fan out over, and a fix that leaves it so removes the fields too (SG007's). A design
 * refused for anything else is left as it is.
 */
function withoutRefusedShardReads(design: DesignInput): DesignInput {
  try {
    lint(design);
    return design;
  } catch (error) {
    if (!(error instanceof DesignError) || !error.issues.every((i) => /(^|\.)(wants|fanOut)$/.test(i.path))) return design;
    return applyDesignEdits(
      design,
      error.issues.map((i): DesignEdit => ({ op: 'remove', path: i.path })),
    );
  }
}

/** Whether `design`, its headroom 5% lower (the lever's margin: MIN_SPARE_FOR_COUNTS), has SG003 over on `space`. */
function overWithoutSpare(design: DesignInput, space: string): boolean {
  const lowered = (t: DynamoDbTableDesign): DynamoDbTableDesign => ({
    ...t,
    thresholds: { ...t.thresholds, headroom: (t.thresholds?.headroom ?? 0.8) * 0.95 },
  });
  const table = /^tables\[(\d+)\]/.exec(space);
  const document = design as { tables?: DynamoDbTableDesign[] };
  const spared: DesignInput | undefined =
    'engine' in design
      ? lowered(design as DynamoDbTableDesign)
      : table && document.tables
        ? { ...document, tables: document.tables.map((t, i) => (i === Number(table[1]) ? lowered(t) : t)) }
        : undefined;
  if (spared === undefined) return false;
  return (lintOrUndefined(spared, 'N − 1 with the spare') ?? []).some((f) => f.ruleId === 'SG003' && inSpace(f.path, space));
}

/**
 * Minimality (issue 14 §1): a fix that sets N keys gives the smallest N that serves the load. With
 * N − 1 (no sharding at all for N = 2) some finding on that key space must call for N again, in its
 * edits or its data (a size need whose fix is first another change, say): N − 1 would not fit.
 * Findings without a count (remove the sharding, a cache) have nothing to check.
 */
function oneFewer(finding: Finding, fixed: DesignInput): string[] | undefined {
  const edit = shardingEdit(finding);
  const value = edit?.value as { shards?: number } | 'removed' | undefined;
  if (!edit || value === 'removed' || value?.shards === undefined) return undefined;
  const n = value.shards;
  const path = edit.space === '' ? 'sharding' : `${edit.space}.sharding`;
  const fewer: DesignEdit = n - 1 >= 2 ? { op: 'set', path, value: { ...value, shards: n - 1 } } : { op: 'remove', path };
  const fewerDesign = withoutRefusedShardReads(applyDesignEdits(fixed, [fewer]));
  const again = (lintOrUndefined(fewerDesign, `${keyOf(finding)} with N − 1`) ?? []).filter((f) => inSpace(f.path, edit.space));
  const plansN = (f: Finding) => f.data?.shards === n || (shardingEdit(f)?.value as { shards?: number } | undefined)?.shards === n;
  if (again.some(plansN)) return undefined;
  // The warm-throughput lever offers the fewest count that fits with 5% of the usable ceiling free (warm-partitions.ts:
  // the warm throughput cannot be lowered again, so it leaves a margin): N − 1 may fit without that margin. Judged with
  // 5% less headroom, N − 1 must then be over.
  if (finding.data?.warmPartitions !== undefined && overWithoutSpare(fewerDesign, edit.space)) return undefined;
  return [`${keyOf(finding)}: N = ${n} is not minimal: with ${n - 1}, no finding calls for ${n} again (${again.map(keyOf).join(', ') || 'none'})`];
}

/**
 * The access patterns of `design` that declare a fan-out (`fanOut`) over a key space with no random or calculated
 * shards to fan out over, as `resource/pattern`: a design file that says its reads query shards the key does not have.
 */
function fanOutWithoutShards(design: DesignInput): string[] {
  const document = design as { tables?: DynamoDbTableDesign[]; containers?: CosmosContainerDesign[] };
  const designs: (DynamoDbTableDesign | CosmosContainerDesign)[] =
    'engine' in design ? [design as DynamoDbTableDesign | CosmosContainerDesign] : [...(document.tables ?? []), ...(document.containers ?? [])];
  return designs.flatMap((d) =>
    (d.accessPatterns ?? [])
      .filter((p) => {
        if (!p.fanOut) return false;
        const index = 'globalSecondaryIndexes' in d && p.index !== undefined ? d.globalSecondaryIndexes?.find((g) => g.indexName === p.index) : undefined;
        const strategy = (index ? index.sharding : d.sharding)?.strategy;
        return strategy !== 'random' && strategy !== 'calculated';
      })
      .map((p) => `${d.name}/${p.name}`),
  );
}

/** Problems with a design's findings and fixes, as readable lines (empty: all good). */
function problems(design: DesignInput): string[] {
  const before = lintOrUndefined(design, 'a design checked');
  if (!before) return [];
  const out: string[] = [];
  // No two findings on one key space give different plans.
  const plans = new Map<string, { rule: string; value: string }>();
  for (const f of before) {
    const edit = shardingEdit(f);
    if (!edit) continue;
    const value = JSON.stringify(edit.value);
    const seen = plans.get(edit.space);
    if (seen && seen.value !== value) out.push(`${f.ruleId} plans ${value} for "${edit.space}" but ${seen.rule} plans ${seen.value}`);
    else plans.set(edit.space, { rule: f.ruleId, value });
  }
  out.push(...suggestionProblems(design, before), ...bucketProblems(design, before));
  const known = new Set(before.map(keyOf));
  for (const finding of before.filter((f) => f.edits)) {
    const fixed = applyDesignEdits(design, finding.edits as DesignEdit[]);
    const after = lintOrUndefined(fixed, `${keyOf(finding)} fixed`);
    if (!after) {
      out.push(`${keyOf(finding)}: its edits make the design invalid`);
      continue;
    }
    if (after.some((f) => keyOf(f) === keyOf(finding))) out.push(`${keyOf(finding)}: still fires after its fix`);
    // A fix that removes a key's shards (or trades them for copies) removes the fan-out over them too: the file stays true.
    const untrue = new Set(fanOutWithoutShards(design));
    for (const pattern of fanOutWithoutShards(fixed).filter((p) => !untrue.has(p)))
      out.push(`${keyOf(finding)}: its fix leaves ${pattern} fanning out over shards the key no longer has`);
    const short = oneFewer(finding, fixed);
    if (short) out.push(...short);
    for (const f of after.filter(
      (g) =>
        !known.has(keyOf(g)) &&
        !leftWithoutPurpose(finding, g) &&
        !indexAfterCopies(finding, g) &&
        !firstLevelAfterCopies(finding, g) &&
        !fanOutCost(finding, g) &&
        !growthAfterRemoval(finding, g) &&
        !dominantAfterRaise(finding, g),
    ))
      out.push(`${keyOf(finding)}: its fix makes ${keyOf(f)} fire: ${f.message}`);
  }
  return out;
}

/**
 * The access patterns of a container the checks re-key without its sharding, as the new key reads them: `wants: "any"`
 * and `fanOut` go (no shard left to pick or to fan out over; a bucketed first level built here declares no bucket
 * count, so no bucket either), a level the key renames is renamed in `keyAttributes` (a bucketed first level), and a
 * pattern that names one value of the key (`keyValue`) gives the levels the key adds too, so it still names one.
 */
function patternsRekeyed(
  patterns: CosmosContainerDesign['accessPatterns'],
  renamed: Readonly<Record<string, string>>,
  added: readonly string[],
): CosmosContainerDesign['accessPatterns'] {
  return patterns?.map(({ wants: _, fanOut: __, ...pattern }) => {
    const keyAttributes = pattern.keyAttributes.map((name) => renamed[name] ?? name);
    return { ...pattern, keyAttributes: pattern.keyValue === undefined ? keyAttributes : [...new Set([...keyAttributes, ...added])] };
  });
}

/** The container input a finding on a Cosmos DB key concerns. */
function containerOf(design: DesignInput, f: Finding): CosmosContainerDesign | undefined {
  if ('engine' in design && design.engine === 'cosmosdb') return design;
  // A document's container, with the engine a document's section gives it: linted alone it is refused without one.
  const found = (design as { containers?: CosmosContainerDesign[] }).containers?.find((c) => c.name === f.resource);
  return found && { ...found, engine: 'cosmosdb' };
}

/**
 * A fix text that suggests a hierarchical key (a level added to a Cosmos DB key) suggests one the
 * key-order rules accept: the key its data names (`suggestedKey`, or a new level at `levelAt`), given
 * a level of many values and no sharding, draws no SG002 or SG004 finding; nor, with the flat key's declared figures
 * moved as the fix says (`movedFigures` → `movedTo`, or removed), SG003 at its first level (hier28: a level added below
 * keeps the hot value as the first level's, whole; decision 85 judges that level at least at the full key's share).
 */
function suggestionProblems(design: DesignInput, findings: readonly Finding[]): string[] {
  return findings.flatMap((f) => {
    const at = f.data?.levelAt;
    const container = typeof at === 'number' ? containerOf(design, f) : undefined;
    if (!container || typeof at !== 'number') return [];
    const suggestedKey = f.data?.suggestedKey as readonly string[] | undefined;
    const order = suggestedKey ? suggestedKey.filter((_, i) => i !== at) : (f.data?.keyOrder as readonly string[]);
    // The levels the key keeps, as declared (per-level shares described the old prefixes: dropped).
    const kept = order.map((name) => {
      const { hotKeyShare: _, largestGb: __, ...declared } = container.partitionKey.paths.find((p) => p.path === name) as CosmosKeyPathDesign;
      return declared;
    });
    const above = kept.slice(0, at).map((p) => (typeof p.cardinality === 'number' ? p.cardinality : 1));
    const level: CosmosKeyPathDesign = { path: suggestedKey?.[at] ?? '/finerLevel', cardinality: Math.max(1000, ...above) * 10 };
    const { sharding: ___, ...rest } = container;
    const keyed = {
      ...rest,
      partitionKey: { paths: [...kept.slice(0, at), level, ...kept.slice(at)] },
      accessPatterns: patternsRekeyed(container.accessPatterns, {}, [level.path]),
    };
    const from = (f.data?.movedFigures as readonly string[] | undefined) ?? [];
    const to = f.data?.movedTo as readonly string[] | undefined;
    const valueAt = (path: string) => path.split('.').reduce<unknown>((o, k) => (o as Record<string, unknown> | undefined)?.[k], container);
    const moves = from.flatMap((path, i): DesignEdit[] => [{ op: 'remove', path }, ...(to ? [{ op: 'set' as const, path: to[i], value: valueAt(path) }] : [])]);
    const suggested = moves.length > 0 ? (applyDesignEdits(keyed, moves) as CosmosContainerDesign) : keyed;
    const firstLevelHot = (g: Finding) => g.ruleId === 'SG003' && g.path === 'partitionKey.paths[0]' && /^prefixHot/.test(g.messageId);
    // SG003 at the first level where that level is the flat key's (a hierarchical key's first level was judged before).
    const flat = container.partitionKey.paths.length === 1;
    const rejected = (lintOrUndefined(suggested, `${keyOf(f)}'s suggested key`) ?? []).filter(
      (g) => g.ruleId === 'SG002' || g.ruleId === 'SG004' || (flat && firstLevelHot(g)),
    );
    return rejected.map(
      (g) => `${keyOf(f)} suggests ${JSON.stringify(suggested.partitionKey.paths.map((p) => p.path))}, which ${g.ruleId} rejects: ${g.message}`,
    );
  });
}

/**
 * A fix text that suggests a bucketed first level for a hot hierarchical prefix (`/tenantIdBucket` = tenantId +
 * "-" + hash(source) mod N) suggests one that serves the load, with the smallest N: the suggested key, its
 * first level N times as many values (the hottest one's share spread over its N buckets), draws no
 * prefix-ingestion finding, no SG002 and no SG014 on its buckets (the test below also checks that one bucket fewer is caught). Not yet SG004:
 * a deeper level with fewer values than the bucketed first level makes the suggested order one SG004
 * rejects (found by this check; the suggestion should then move that level too).
 */
function bucketProblems(design: DesignInput, findings: readonly Finding[]): string[] {
  return findings.flatMap((f) => {
    const buckets = f.data?.buckets;
    const container = typeof buckets === 'number' && typeof f.data?.bucketLevel === 'string' ? containerOf(design, f) : undefined;
    if (!container || typeof buckets !== 'number') return [];
    // A fix that says its buckets cannot split the full key's hottest value (one item, or a scope that is a key level:
    // "that value needs its own plan") is judged with the first level at least that value's share, which no count lowers.
    const keyWhole = typeof f.data?.insideShare === 'number' && f.data.insideShare > 1 / buckets + 1e-9 && f.data.finerSource === undefined;
    const bucketed = (n: number): CosmosContainerDesign => {
      const [first, ...deeper] = container.partitionKey.paths;
      const values = typeof first.cardinality === 'number' ? first.cardinality : 1;
      // Where the fix says no bucket splits the full key's hottest value, the bucket holding it keeps it whole.
      const share = (s: number) => (keyWhole ? Math.max(s / n, s * (f.data?.insideShare as number)) : s / n);
      const level: CosmosKeyPathDesign = {
        path: f.data?.bucketLevel as string,
        cardinality: values * n,
        ...(first.hotKeyShare !== undefined ? { hotKeyShare: share(first.hotKeyShare) } : {}),
      };
      const { sharding: _, ...rest } = container;
      // The full key's figures the fix says to re-declare (`prefixBucketsRedeclare`: its buckets hash a finer attribute
      // than the key, so each takes 1/n of every full key value), applied as the fix text says, scaled to n.
      const again = (at: unknown, from: unknown) =>
        typeof at === 'string' && typeof from === 'number' ? [{ op: 'set' as const, path: at, value: from / n }] : [];
      const redeclared = [...again(f.data?.redeclareShareAt, f.data?.redeclareShareFrom), ...again(f.data?.redeclareGbAt, f.data?.redeclareGbFrom)];
      const design = {
        ...rest,
        partitionKey: { ...container.partitionKey, paths: [level, ...deeper] },
        accessPatterns: patternsRekeyed(container.accessPatterns, { [first.path]: level.path }, []),
      };
      // A level's figure (`partitionKey.paths[i]`) moves with the level: the bucketed key keeps its deeper levels at i.
      return redeclared.length > 0 ? (applyDesignEdits(design, redeclared) as CosmosContainerDesign) : design;
    };
    const prefixHot = (g: Finding) => g.ruleId === 'SG003' && /^prefixHot/.test(g.messageId);
    // try21b: a uniform bucketed level whose bucket's partition is over its line only by hashing's spread is SG017's
    // warning, not SG003's (a short count is caught there).
    const noRoom = (g: Finding) => g.ruleId === 'SG017' && g.messageId === 'cosmosNoRoomForPlacement';
    // cosmos31c: SG014 on the buckets themselves, their share declared at the bucketed level (the load sizes N; buckets
    // that fit are the fix). A share declared at a deeper level, which the fix re-declares ÷ N, stays SG014's to judge:
    // the design does not say whether the buckets' hash splits that level's values.
    const dominantBucket = (g: Finding) => g.ruleId === 'SG014' && g.path === 'partitionKey.paths' && g.data?.declaredAt === 'partitionKey.paths[0]';
    const out: string[] = [];
    const after = lintOrUndefined(bucketed(buckets), `${keyOf(f)}'s bucketed key`) ?? [];
    // hier28 C: such a fix is not skipped but held to what it says: it writes no key of buckets (--fix would write a key
    // that does not serve), and keyed by its buckets, that value whole in one, the design's first level asks for no more
    // buckets as edits (--fix raising a count that cannot take the value below a bucket, round after round).
    if (keyWhole) {
      const says = `${keyOf(f)} says ${buckets} buckets of ${String(f.data?.bucketLevel)} cannot split the full key's hottest value`;
      const keyEdit = (g: Finding) => (g.edits ?? []).some((e) => /(^|\.)partitionKey(\.|$)/.test(e.path));
      if (keyEdit(f)) out.push(`${says}, yet writes them`);
      for (const g of after.filter((h) => prefixHot(h) && keyEdit(h))) out.push(`${says}, but keyed so, ${g.ruleId} writes more: ${g.fix}`);
      return out;
    }
    // cosmos31a: nor SG014 on a bucket that fits (2 buckets of a 30% airline fit its load, 15% each).
    for (const g of after.filter((h) => prefixHot(h) || noRoom(h) || h.ruleId === 'SG002' || dominantBucket(h)))
      out.push(`${keyOf(f)} suggests ${buckets} buckets of ${String(f.data?.bucketLevel)}, which ${g.ruleId} rejects: ${g.message}`);
    return out;
  });
}

/**
 * Applying every fix in turn ends in a design whose remaining findings carry no edits, never going in circles, and
 * never plans one key twice: once a fix has set a key space's sharding, no later fix sets it to another plan (the
 * README's one plan per key, over a whole `--fix` run: stranger14 saw SG003's 14 copies cut to 3 by SG008 after
 * SG017's raise).
 */
function fixesEnd(design: DesignInput): string[] {
  if (!lintOrUndefined(design, 'a design fixed in turn')) return [];
  const seen = new Set<string>();
  const planned = new Map<string, { rule: string; value: string }>();
  let current = design;
  for (let round = 0; round < 100; round++) {
    const text = JSON.stringify(current);
    if (seen.has(text)) return [`round ${round}: the fixes went in a circle`];
    seen.add(text);
    const findings = lintOrUndefined(current, `round ${round} of the fixes`);
    if (!findings) return [`round ${round}: the design became invalid`];
    const next = findings.find((f) => f.edits);
    if (!next) return [];
    const edit = shardingEdit(next);
    if (edit) {
      const value = JSON.stringify(edit.value);
      const before = planned.get(edit.space);
      if (before && before.value !== value)
        return [`round ${round}: ${next.ruleId} plans ${value} for "${edit.space}" after ${before.rule} planned ${before.value}`];
      planned.set(edit.space, { rule: next.ruleId, value });
    }
    current = applyDesignEdits(current, next.edits as DesignEdit[]);
  }
  return ['fixes did not settle within 100 rounds'];
}

const examples = ['bad', 'good'].flatMap((dir) => {
  const folder = join(__dirname, '../../examples/designs', dir);
  return readdirSync(folder).map((file) => [`${dir}/${file}`, JSON.parse(readFileSync(join(folder, file), 'utf8'))] as const);
});

describe('fixes converge', () => {
  it.each(examples)('on %s', (_, design) => {
    expect(problems(design)).toEqual([]);
    expect(fixesEnd(design)).toEqual([]);
  });

  // dynA32 (review32/): SG017's pre-warm at peak ÷ headroom, past the 40,000 quota said without an edit, and SG003 judged
  // at that pre-warm: a launch near the quota, past it, a 400,000 WCU timeline, and a table warmed exactly to its peak.
  const review32 = (name: string) => JSON.parse(readFileSync(join(__dirname, 'review32', `${name}.json`), 'utf8')) as { tables: DynamoDbTableDesign[] };
  const launchAt = (peakWriteUnits: number): DesignInput => ({
    tables: [
      {
        name: 'launch',
        partitionKey: { name: 'userId', type: 'S', cardinality: 'unique' },
        workload: { peakReadUnits: 100, peakWriteUnits },
        launchAtPeak: true,
      },
    ],
  });
  const warmedToPeak = (): DesignInput => ({
    tables: [
      Object.assign({}, review32('iot-sound').tables[0], {
        acknowledgements: [],
        warmThroughput: { readUnitsPerSecond: 12_000, writeUnitsPerSecond: 150_000 },
      }),
    ],
  });
  it.each([
    ['a 20,000 WCU launch', launchAt(20_000)],
    ['a 36,000 WCU launch', launchAt(36_000)],
    ['a 48,000 WCU launch', launchAt(48_000)],
    ['the 400,000 WCU timeline', review32('feed-timeline') as DesignInput],
    ['telemetry warmed to its 150,000 WCU peak', warmedToPeak()],
  ])('on %s (dynA32)', (_, design) => {
    expect(problems(design)).toEqual([]);
    expect(fixesEnd(design)).toEqual([]);
  });

  // Stranger14 (chat-viral.json): SG003 planned 14 replicated copies, SG017 raised the RU/s for them, then SG008 cut
  // them to 3 on the raised container, and the design linted clean while 3 copies of 2,000 GB would throttle.
  it('on a read-hot conversation whose copies no count fits (one plan per key over the whole sequence)', () => {
    const chatViral = chatViralContainer();
    expect(problems(chatViral)).toEqual([]);
    expect(fixesEnd(chatViral)).toEqual([]);
  });

  // copies32 (links-nowarm-launch.json): SG003 planned 53 copies on the launch's 13 partitions, SG017 pre-warmed 13,250
  // WCU for them, then SG008 cut them to 25 on the 14 partitions that made; the warm lever plans 5 copies at 36,000 WCU.
  it("on a read-hot link's copies launched at its peak (one count and one warm throughput over the whole sequence)", () => {
    const links = { tables: [shortLinks()] };
    expect(problems(links)).toEqual([]);
    expect(fixesEnd(links)).toEqual([]);
  });

  // prov33 (review 33, meter-provisioned.json): SG017 raised the write maximum to 37,500 WCU, peak ÷ headroom, where
  // every partition averages its usable line, and SG003 then asked for 694 shards or batching. Within the default
  // quota the warm lever plans the partitions and the count, and one --fix run writes them with SG017's raise; past it
  // (the 57 partitions the declared 32 shards need), SG003 names the quota raise and writes nothing a deploy refuses.
  const counters = (peakWriteUnits: number, max: number) =>
    usageCounters({
      workload: { peakReadUnits: 500, peakWriteUnits, hotKeyShare: 0.25, hotKeyOperations: 'writes' },
      capacity: { read: { fixed: 1000 }, write: { min: 5000, max } },
    });
  it.each([
    ['20,000 WCU auto scaled to 15,000 (within the quota)', counters(20_000, 15_000)],
    ['30,000 WCU auto scaled to 20,000 (past the quota)', counters(30_000, 20_000)],
  ])('on usage counters at %s (prov33)', (_, table) => {
    expect(problems({ tables: [table] })).toEqual([]);
    expect(fixesEnd({ tables: [table] })).toEqual([]);
  });
  it('on usage counters within the quota, one --fix run writes one plan and the re-lint is clean (prov33)', () => {
    const { text } = fixDesignText(JSON.stringify({ tables: [counters(20_000, 15_000)] }, null, 2), {});
    const fixed = JSON.parse(text).tables[0];
    expect(fixed.capacity.write).toEqual({ min: 5000, max: 25_000 });
    // The hot tenant's 5,000 WCU: 19 shards on 40 partitions fit the usable line, but two on one partition take 526.32 +
    // 493.42 − 6.58 = 1,013.16 WCU, past its 1,000; 20 on 39 take 500 + 506.41 − 6.41 = 1,000 (and 756.41 of the 760 the
    // lever's 5% spare leaves).
    expect(fixed.warmThroughput).toEqual({ writeUnitsPerSecond: 39_000 });
    expect(fixed.sharding).toEqual({ strategy: 'random', shards: 20 });
    expect(lint({ tables: [fixed] })).toEqual([]);
  });
  // A table keyed by 5 exams whose every read gives `roomId` (its sort key, 2,000 rooms): the composite key
  // `examId#roomId` leads its fix (lib/lint/composite-key.ts). A key change of the table itself, written because SG001
  // and SG003 fail the run (cli/fix.ts); one --fix run writes it, and the re-lint is clean.
  const examRooms = (): DynamoDbTableDesign => ({
    name: 'exam-rooms',
    partitionKey: { name: 'examId', type: 'S', cardinality: 5 },
    sortKey: { name: 'roomId', type: 'S', cardinality: 2000 },
    workload: { peakReadUnits: 3000, peakWriteUnits: 12000, hotKeyShare: 0.9 },
    accessPatterns: [{ name: 'room-status', keyAttributes: ['examId', 'roomId'], share: 1 }],
  });
  it('on a table whose every read gives the room: one --fix run writes the composite key and the re-lint is clean', () => {
    expect(problems({ tables: [examRooms()] })).toEqual([]);
    expect(fixesEnd({ tables: [examRooms()] })).toEqual([]);
    const { text } = fixDesignText(JSON.stringify({ tables: [examRooms()] }, null, 2), {});
    const fixed = JSON.parse(text).tables[0];
    expect(fixed.partitionKey).toMatchObject({ name: 'examIdRoomId', cardinality: 10000 });
    expect(fixed.sortKey).toBeUndefined();
    expect(fixed.sharding).toBeUndefined();
    expect(lint({ tables: [fixed] })).toEqual([]);
  });
  it("on usage counters past the quota, one --fix run writes SG017's raise and SG003 says what needs the quota first (prov33)", () => {
    const { text } = fixDesignText(JSON.stringify({ tables: [counters(30_000, 20_000)] }, null, 2), {});
    const after = lint(JSON.parse(text));
    expect(after.map((f) => [f.ruleId, f.edits])).toEqual([['SG003', undefined]]);
    expect(after[0].data).toMatchObject({ warmFromPartitions: 38, pastQuotaPartitions: 57, pastQuotaUnits: 57_000, pastQuotaShards: 32 });
  });

  // cosmosA32: a channel hot by paged reads under a whale tenant (chat.json), and a serverless leaderboard whose shard
  // count past maxShards its own fan-out undoes (game-serverless.json): the cache and the withheld count leave nothing
  // for --fix to write that a re-lint contradicts.
  it.each([30000, 200000])('on a tenant hot by paged reads at %d RU/s autoscale (no bucket count offered)', (autoscaleMax) => {
    const chat = chatPagedContainer(autoscaleMax);
    expect(problems(chat)).toEqual([]);
    expect(fixesEnd(chat)).toEqual([]);
  });

  // cosmosB32: a sharded key whose reads fan out over its shards. SG003's neighbours are the rest of the peak SG017
  // counts (each shard's query of a fan-out), so a fix sized on one is sized on the other: 8 shards of `/region` on
  // 31,800 RU/s (SG003's raise, then 2 shards: no edits). On 30,000 autoscale, no count fits the hot key at the declared
  // RU/s (SG008 silent), and SG017's raise to 51,000, an edit --fix writes, drew SG008 there (8 shards where 2 fit): SG017
  // now carries that count with its raise (conv32), one fix for one cause.
  // conv33: on 30,000 autoscale every declared count ends at the same raise and count (51,000 RU/s, 2 shards), which
  // SG003's raise-and-shard fix now writes too where it changes a declared count.
  it.each([
    ['manual', 8, { manual: 31_800 }],
    ['autoscale', 8, { autoscaleMax: 30_000 }],
    ['autoscale', 3, { autoscaleMax: 30_000 }],
    ['autoscale', 5, { autoscaleMax: 30_000 }],
    ['autoscale', 6, { autoscaleMax: 30_000 }],
  ])('on game leaderboards (%s) sharded %d ways whose top-100 page reads every shard', (_, shards, throughput) => {
    const leaderboards = gameLeaderboards(shards, throughput);
    expect(problems(leaderboards)).toEqual([]);
    expect(fixesEnd(leaderboards)).toEqual([]);
  });

  // fixconv33 (generated, seed 77002): SG008 (and SG003) cut 64 random shards of a hierarchical key to 12 replicated
  // copies, each writing every document again under its `/deviceId` value: that value, 2% of 114,880 reads and of
  // 12 × 75,662 writes, took 20,456 RU/s on the 2 physical partitions its 60 GB span (16,000 usable), and the re-lint's
  // SG003 said so. Copies that put the first level over are said, not written; where they fit it (1% of the same load
  // under 100 values: 9,471 RU/s with 11 copies), they are written as before.
  const devices = (values: number): CosmosContainerDesign => ({
    engine: 'cosmosdb',
    name: 'devices',
    partitionKey: {
      paths: [
        { path: '/deviceId', cardinality: values, hotKeyShare: 1 / values, largestGb: 60 },
        { path: '/userId', cardinality: 5 },
      ],
    },
    workload: { peakReadUnits: 114_880, peakWriteUnits: 75_662 },
    storage: { largestPartitionGb: 5 },
    sharding: { strategy: 'random', shards: 64 },
    accessPatterns: [{ name: 'reads', keyAttributes: ['/deviceId', '/userId'], share: 0.639, keyValue: 'QUEUED' }],
    monitoring: { partitionKeyDiagnostics: true },
  });
  it.each([
    ['withholds', 50, undefined],
    ['writes', 100, 11],
  ])("%s copies by their first level's load: /deviceId of %d values", (_, values, written) => {
    const design = devices(values);
    const fanOut = lint(design).find((f) => f.ruleId === 'SG008');
    const copies = fanOut?.edits?.find((e) => e.path === 'sharding');
    expect(copies?.op === 'set' ? (copies.value as { shards: number }).shards : undefined).toBe(written);
    if (written === undefined)
      expect(fanOut?.fix).toContain('every copy sits under its first-level `/deviceId` value, whose hottest would then take 20,456.48 RU/s');
    expect(problems(design)).toEqual([]);
    expect(fixesEnd(design)).toEqual([]);
  });

  // fixconv33 (generated, 8 designs over seeds 77001–77010): SG012 named the GSI a crossing query carries the key of,
  // and the re-lint's SG003 warned that the index every replicated copy writes is now read (each item returned once per
  // copy). The fix now makes it sparse too (`copiesCarry: "first"`), as SG003's copies fix does; without copies, no such edit.
  const products = (copies: number): DynamoDbTableDesign => ({
    engine: 'dynamodb',
    name: 'products',
    partitionKey: { name: 'productId', type: 'S', cardinality: 100_000 },
    sortKey: { name: 'createdAt', type: 'S', cardinality: 'unique' },
    workload: { peakReadUnits: 12_000, peakWriteUnits: 50, hotKeyShare: 0.25 },
    ...(copies > 1 ? { sharding: { strategy: 'replicated' as const, shards: copies } } : {}),
    globalSecondaryIndexes: [
      { indexName: 'by-customerId', partitionKey: { name: 'customerId', type: 'S', cardinality: 50_000 }, sortKey: { name: 'createdAt', type: 'S' } },
    ],
    accessPatterns: [
      { name: 'product', keyAttributes: ['productId'], share: 0.7 },
      { name: 'orders-of-customer', keyAttributes: ['customerId'], share: 0.3 },
    ],
    monitoring: { contributorInsights: true, latencyAlarms: true },
  });
  // 6 copies, not 8: the crossing query's 3,600 RCU reach all 8 of the table's partitions, so before the fix two of 3 random
  // shards of the hot product on one partition take 3,250 RCU, past the hard 3,000, and SG008's need is 4 (2,812.5); routed to
  // the index, the table has 6 partitions and the need is 3, of which 8 copies are more than twice: SG008 then rightly fires
  // on the fixed design (8 ≤ 2 × 4 drew none before it). 6 are within twice either need.
  it.each([
    [6, [{ op: 'set', path: 'globalSecondaryIndexes[0].copiesCarry', value: 'first' }]],
    [1, []],
  ])('names an index for crossing queries, sparse where the %d copies of the table write it', (copies, sparse) => {
    const design = products(copies);
    const crossing = lint(design).find((f) => f.ruleId === 'SG012');
    expect(crossing?.edits).toEqual([{ op: 'set', path: 'accessPatterns[1].index', value: 'by-customerId' }, ...sparse]);
    expect(problems(design)).toEqual([]);
    expect(fixesEnd(design)).toEqual([]);
  });

  /** Five tenants under a hierarchical key (`/tenantId` first), with the given workload and deeper levels. */
  const tenants = (
    workload: CosmosContainerDesign['workload'],
    first: CosmosKeyPathDesign,
    deeper: CosmosKeyPathDesign[],
    autoscaleMax: number,
  ): CosmosContainerDesign => ({
    engine: 'cosmosdb',
    name: 'tenants',
    partitionKey: { paths: [first, ...deeper] },
    workload,
    throughput: { autoscaleMax },
  });

  it.each([
    // Issue 14 §2: 20% of 1,000 reads + 60,000 writes is 12,200 RU/s. On the issue's 80,000 autoscale (8 partitions of
    // 10,000) the average partition carries 61,000 ÷ 8 = 7,625 of its 8,000 usable: 4.7% free, under the 5% a count
    // needs, so the fix names the least raise with room, 61,000 ÷ (95% × 80%) = 80,263 → 81,000 RU/s; this case declares
    // it, so the count is offered as it stands: 9 partitions of 9,000 (7,200 usable, 5.9% free), where a bucket b meets
    // (61,000 − b) ÷ 9: 6,777.78 + 8b/9 ≤ 7,200 needs b ≤ 475, N = 26 (469.23: 7,194.87); 25 (488: 7,211.56) does not.
    // Before (a few values' bucket met no neighbours): 2 buckets of 6,100 at 80,000.
    [
      'five tenants ingesting 60,000 RU/s',
      26,
      tenants({ peakReadUnits: 1000, peakWriteUnits: 60000 }, { path: '/tenantId', cardinality: 5 }, [{ path: '/deviceId', cardinality: 'unique' }], 81000),
    ],
    // The reads reach the hottest tenant's partition too: 60% of 47,000 reads + 3,000 writes is 30,000 RU/s. Each bucket's
    // partition also holds its share of the rest (the other buckets included): 1,000 + 49,000 ÷ 7 = 8,000 RU/s at N = 30.
    [
      'a read-heavy hottest tenant',
      30,
      tenants(
        { peakReadUnits: 47000, peakWriteUnits: 3000 },
        { path: '/tenantId', cardinality: 5, hotKeyShare: 0.6, largestGb: 40 },
        [
          { path: '/userId', cardinality: 200000 },
          { path: '/docId', cardinality: 'unique' },
        ],
        70000,
      ),
    ],
  ] as const)("lints a bucketed first level's suggestion: %s, N = %d, the smallest that serves its reads and writes", (_, buckets, design) => {
    const findings = lint(design);
    expect(findings.find((f) => /^prefixHot/.test(f.messageId))?.data).toMatchObject({ buckets, bucketLevel: '/tenantIdBucket' });
    expect(bucketProblems(design, findings)).toEqual([]);
    // A suggestion one bucket short would be caught.
    const short = findings.map((f) => (/^prefixHot/.test(f.messageId) ? { ...f, data: { ...f.data, buckets: buckets - 1 } } : f));
    expect(bucketProblems(design, short).join('\n')).toMatch(new RegExp(`suggests ${buckets - 1} buckets of /tenantIdBucket, which SG0(03|17) rejects`));
  });

  // hier28 C: a bucket fix that says its buckets cannot split the full key's hottest value (here one item: `/orderId` is
  // unique) is no longer skipped: it must write no key of buckets, nor, keyed by them, ask for more as edits.
  it('holds a bucket fix that cannot split the full key to what it says', () => {
    // With no throughput declared (a container of 40,000 RU/s' worth of partitions).
    const workload = { peakReadUnits: 1000, peakWriteUnits: 40000, hotKeyShare: 0.5 };
    const design = { ...tenants(workload, { path: '/tenantId', cardinality: 1000 }, [{ path: '/orderId', cardinality: 'unique' }], 0), throughput: undefined };
    const findings = lint(design);
    const whole = findings.find((f) => /^prefixHot/.test(f.messageId));
    expect(whole?.fix).toContain('is one item, which no bucket splits: that value needs its own plan');
    expect(whole?.data).toMatchObject({ buckets: 3, bucketLevel: '/tenantIdBucket' });
    expect(bucketProblems(design, findings)).toEqual([]);
    // One that wrote its buckets as a key edit would be caught.
    const writes = findings.map((f) =>
      f === whole ? { ...f, edits: [{ op: 'set' as const, path: 'partitionKey.paths[0].path', value: '/tenantIdBucket' }] } : f,
    );
    expect(bucketProblems(design, writes).join('\n')).toMatch(/cannot split the full key's hottest value, yet writes them/);
  });

  // A first level that is already bucketed gets its bucket count raised, as edits the checks above apply and
  // lint: never a level of buckets of buckets (`/tenantIdBucketBucket`).
  it.each([
    [
      'its bucket part declared',
      [
        { name: 'tenantId', cardinality: 5 },
        { name: 'bucket', cardinality: 3 },
      ],
    ],
    ['known by its name', undefined],
  ])('raises the bucket count of an already bucketed first level (%s), and the raised key converges', (_, components) => {
    const design = tenants(
      { peakReadUnits: 20000, peakWriteUnits: 30000 },
      { path: '/tenantIdBucket', cardinality: 15, hotKeyShare: 0.2, largestGb: 14, ...(components ? { components } : {}) },
      [
        { path: '/userId', cardinality: 200000 },
        { path: '/docId', cardinality: 'unique' },
      ],
      70000,
    );
    const prefix = lint(design).find((f) => /^prefixHot/.test(f.messageId));
    expect(prefix?.fix).toMatch(/^raise the bucket count of `\/tenantIdBucket`/);
    expect(prefix?.edits?.length).toBeGreaterThan(0);
    expect(problems(design)).toEqual([]);
    expect(fixesEnd(design)).toEqual([]);
  });

  // fixconvA34 (generated, seeds 77001–77010): a level a fix text suggests adding to a Cosmos DB key, built where every
  // suggesting rule reads it (advice.ts `deeperLevel`), must make a key SG004 and SG002 accept.
  const sessions = (): CosmosContainerDesign => ({
    engine: 'cosmosdb',
    name: 'sessions',
    partitionKey: { paths: [{ path: '/sessionId', cardinality: 5000 }] },
    workload: { peakReadUnits: 2400, peakWriteUnits: 0, hotKeyShare: 0.04 },
    storage: { largestPartitionGb: 50 },
    sharding: { strategy: 'random', shards: 64 },
    accessPatterns: [
      { name: 'by-user', keyAttributes: ['/userId'], share: 0.26, wants: 'any' },
      { name: 'session', keyAttributes: ['/sessionId'], share: 0.39, fanOut: true, keyValue: 'QUEUED' },
      { name: 'session-user', keyAttributes: ['/sessionId', '/userId'], share: 0.22, fanOut: true, keyValue: 'QUEUED' },
    ],
    monitoring: { partitionKeyDiagnostics: true },
  });
  /** A month-bucketed key, 80,000 RU/s of reads, whose `hot-item` pattern reads one value of it. */
  const months = (hotItemShare: number): CosmosContainerDesign => ({
    engine: 'cosmosdb',
    name: 'months',
    partitionKey: { paths: [{ path: '/yyyyMM', cardinality: 200_000 }] },
    workload: { peakReadUnits: 80_000, peakWriteUnits: 6 },
    storage: { largestPartitionGb: 30 },
    sharding: { strategy: 'random', shards: 25 },
    accessPatterns: [
      { name: 'hot-item', keyAttributes: ['/yyyyMM', '/userId'], share: hotItemShare, fanOut: true, keyValue: 'hot-item' },
      { name: 'month-user', keyAttributes: ['/yyyyMM', '/userId'], share: 0.275, fanOut: true },
    ],
    monitoring: { partitionKeyDiagnostics: true },
  });
  it.each([
    // A query that names one value of the key (`keyValue`) gives the whole key, the added level too: `/userId`, given by
    // every query once added, goes first (the level was put after `/sessionId`, which `by-user`, 26%, does not give).
    ['a value-naming query gives the added level', sessions(), ['/userId', '/sessionId'], 0],
    // The reads of one named value stay on one logical partition whatever the key: 12.5% of 80,000 is 10,000 RU/s, over
    // the 8,000 usable of its 10,000 (SG002 judged the suggested `/userId` → `/yyyyMM` so); 9% (7,200) fits, and stays.
    ['no level while a named value alone is over', months(0.125), undefined, undefined],
    ['a level while a named value fits', months(0.09), ['/userId', '/yyyyMM'], 0],
  ] as const)('suggests a key the order rules accept: %s', (_, design, suggestedKey, levelAt) => {
    const shards = lint(design).find((f) => f.ruleId === 'SG008');
    expect([shards?.data?.suggestedKey, shards?.data?.levelAt]).toEqual([suggestedKey, levelAt]);
    expect(problems(design)).toEqual([]);
  });

  // The existing levels in the order SG004 accepts (its cardinality order with the level the queries give most first):
  // `/userId` (50) before `/deviceId` (5), since `by-user` gives only `/userId`. SG008 suggested `/deviceId` first.
  it('orders the levels a suggested key keeps as SG004 orders them', () => {
    const design: CosmosContainerDesign = {
      engine: 'cosmosdb',
      name: 'devices',
      partitionKey: {
        paths: [
          { path: '/userId', cardinality: 50, hotKeyShare: 0.02, largestGb: 60 },
          { path: '/deviceId', cardinality: 5 },
        ],
      },
      workload: { peakReadUnits: 800, peakWriteUnits: 2400 },
      sharding: { strategy: 'random', shards: 264 },
      accessPatterns: [
        { name: 'by-user', keyAttributes: ['/userId'], share: 0.05 },
        { name: 'user-device', keyAttributes: ['/userId', '/deviceId'], share: 0.25, fanOut: true },
      ],
      monitoring: { partitionKeyDiagnostics: true },
    };
    expect(lint(design).find((f) => f.ruleId === 'SG008')?.data).toMatchObject({ keyOrder: ['/userId', '/deviceId'], levelAt: 2 });
    expect(problems(design)).toEqual([]);
  });

  // SG002's reorder moved the time bucket after `/userId`: of one value, it then takes all the traffic. SG014 no longer
  // warns of that share here: the container's whole 850 RU/s leave its partition 9.41× (× 100% ≥ minGrowthHeadroom 1.5),
  // so no skew saturates it before the growth planned, and the reorder is written as for a `/userId` of 5,000 values.
  const reordered = (values: number) => [
    { op: 'set', path: 'partitionKey.paths', value: [{ path: '/userId', cardinality: values }, expect.objectContaining({ path: '/yyyyMM' })] },
  ];
  // At 6,050 RU/s the one value would have 1.32× left: SG014 warns of its 100% share, and, as SG004 does, the reorder is
  // said and not written.
  it.each([
    [1, 800, reordered(1)],
    [5000, 800, reordered(5000)],
    [1, 6000, undefined],
  ])("writes SG002's reorder where its first level's share cannot saturate it: /userId of %d values, %d RU/s of writes", (values, writes, edits) => {
    const design: CosmosContainerDesign = {
      engine: 'cosmosdb',
      name: 'events',
      partitionKey: {
        paths: [
          { path: '/yyyyMM', cardinality: 150, hotKeyShare: 0.56, largestGb: 20 },
          { path: '/userId', cardinality: values },
        ],
      },
      workload: { peakReadUnits: 50, peakWriteUnits: writes },
      accessPatterns: [{ name: 'by-user', keyAttributes: ['/userId'], share: 0.4 }],
      monitoring: { partitionKeyDiagnostics: true },
    };
    const timeFirst = lint(design).find((f) => f.ruleId === 'SG002');
    expect(timeFirst?.edits).toEqual(edits);
    if (edits === undefined) expect(timeFirst?.fix).toContain('the hottest `/userId` value takes at least 100% of the traffic, above maxHotKeyShare 10%');
    expect(problems(design)).toEqual([]);
  });

  // A first level over on its 25 copies (SG003: 62,400 RU/s under one `/tenantId` value), whose fix (4 random shards)
  // leaves it 4,800 RU/s of 8,000: SG014's warning on its 100% share, the milder finding firstLevelAfterCopies allows,
  // alone or in a design document.
  const tenantCopies = (): CosmosContainerDesign => ({
    engine: 'cosmosdb',
    name: 'tenant',
    partitionKey: {
      paths: [
        { path: '/tenantId', cardinality: 1, hotKeyShare: 1 },
        { path: '/deviceId', cardinality: 5000 },
      ],
    },
    workload: { peakReadUnits: 2400, peakWriteUnits: 2400 },
    storage: { largestPartitionGb: 50 },
    sharding: { strategy: 'replicated', shards: 25 },
    accessPatterns: [
      { name: 'by-device', keyAttributes: ['/deviceId'], share: 0.125, fanOut: true },
      { name: 'device-user', keyAttributes: ['/tenantId', '/deviceId', '/userId'], share: 0.18 },
    ],
    monitoring: { partitionKeyDiagnostics: true },
  });
  it.each([
    ['alone', tenantCopies()],
    ['in a design document', { containers: [(({ engine: _, ...rest }) => rest)(tenantCopies())] } as DesignInput],
  ])("allows SG014's warning on a first level its copies put over: a container %s", (_, design) => {
    expect(problems(design)).toEqual([]);
  });

  // Found by the generated designs once they declared `wants`: a fix that removed a key's sharding, or traded it for
  // replicated copies, left `wants: "any"` on the patterns reading it, which the design refuses on such a key.
  const queue = (over: Partial<DynamoDbTableDesign>): DynamoDbTableDesign => ({
    engine: 'dynamodb',
    name: 'jobs',
    partitionKey: { name: 'tenantId', type: 'S', cardinality: 5000 },
    sortKey: { name: 'createdAt', type: 'S', cardinality: 'unique' },
    workload: { peakReadUnits: 12, peakWriteUnits: 15 },
    sharding: { strategy: 'calculated', shards: 2, sourceAttribute: 'createdAt' },
    accessPatterns: [{ name: 'poll', keyAttributes: [], share: 0.3, wants: 'any' }],
    ...over,
  });
  it.each([
    ['SG007 removes a needless sharding', queue({}), 'SG007', 'remove'],
    [
      'SG003 trades random shards for replicated copies',
      // One item per tenant (no sort key): its reads stay on the one shard that holds it, so copies serve them.
      queue({
        partitionKey: { name: 'tenantId', type: 'S', cardinality: 3 },
        sortKey: undefined,
        workload: { peakReadUnits: 30000, peakWriteUnits: 800, hotKeyShare: 1 / 3 },
        sharding: { strategy: 'random', shards: 7 },
        accessPatterns: [{ name: 'poll', keyAttributes: ['tenantId'], share: 0.2, wants: 'any' }],
      }),
      'SG003',
      'set',
    ],
  ] as const)('%s, and wants: "any" with it', (_, design, ruleId, op) => {
    const finding = lint(design).find((f) => f.ruleId === ruleId);
    expect(finding?.edits).toEqual([expect.objectContaining({ op, path: 'sharding' }), { op: 'remove', path: 'accessPatterns[0].wants' }]);
    expect(finding?.fix).toContain('remove wants: "any" from `poll`');
    expect(problems(design)).toEqual([]);
    expect(fixesEnd(design)).toEqual([]);
  });

  /**
   * Open (conv29): generated designs the generator used to build invalid, and so skipped, whose SG003 bucket fix text
   * suggests a bucketed key that SG003 or SG002 rejects (by the start of the line `bucketProblems` writes). Listed
   * exactly, so a new one fails and a fixed one must be taken off.
   */
  const OPEN_BUCKET_SUGGESTION = /suggests \d+ buckets of \S+, which SG00[23] rejects/;
  const KNOWN_OPEN_BUCKET_SUGGESTIONS: Record<string, readonly string[]> = {
    'Cosmos DB containers': [
      'SG003 partitionKey.paths[0] suggests 4 buckets of /userIdBucket, which SG002 rejects',
      'SG003 partitionKey.paths[0] suggests 6 buckets of /sessionIdBucket, which SG003 rejects',
      'SG003 partitionKey.paths[0] suggests 2 buckets of /sessionIdBucket, which SG003 rejects',
      'SG003 partitionKey.paths[0] suggests 2 buckets of /countryBucket, which SG003 rejects',
      'SG003 partitionKey.paths[0] suggests 7 buckets of /tenantIdBucket, which SG002 rejects',
      'SG003 partitionKey.paths[0] suggests 4 buckets of /countryBucket, which SG002 rejects',
    ],
    'documents of both': [
      'SG003 containers[0].partitionKey.paths[0] suggests 3 buckets of /userIdBucket, which SG003 rejects',
      'SG003 containers[0].partitionKey.paths[0] suggests 3 buckets of /countryBucket, which SG002 rejects',
    ],
  };
  const openBucketSuggestions: Record<string, string[]> = {};

  // The generated designs' seed: FC_SEED=<n> runs another, as the property suites do (test/property/support/counts.ts).
  // KNOWN_OPEN_BUCKET_SUGGESTIONS is this seed's; other seeds still find open causes (fixconv33's report, seeds 77001–77010).
  const GENERATED_SEED = Number(process.env.FC_SEED ?? 20261130);

  // Counts are part of the report: how many generated designs were valid and how many findings had edits.
  const counts = { designs: 0, valid: 0, findings: 0, withEdits: 0 };

  it.each([
    ['DynamoDB tables', dynamoTable, 1500],
    ['Cosmos DB containers', cosmosContainer, 1500],
    ['documents of both', designDocument, 300],
  ] as const)('on generated %s', (name, arbitrary, runs) => {
    openBucketSuggestions[name] = [];
    fc.assert(
      fc.property(arbitrary as fc.Arbitrary<DesignInput>, (design) => {
        counts.designs++;
        const findings = lintOrUndefined(design, 'a generated design');
        if (findings) {
          counts.valid++;
          counts.findings += findings.length;
          counts.withEdits += findings.filter((f) => f.edits).length;
        }
        const found = problems(design);
        const open = found.filter((line) => OPEN_BUCKET_SUGGESTION.test(line));
        openBucketSuggestions[name].push(...open.map((line) => line.replace(/ rejects: .*/s, ' rejects')));
        expect(found.filter((line) => !open.includes(line))).toEqual([]);
        expect(fixesEnd(design)).toEqual([]);
      }),
      { numRuns: runs, seed: GENERATED_SEED },
    );
  });

  /**
   * The generators above declare no result size (`resultKb`) and no page (`limit`), so every gathered read is taken to
   * spread over the shards: the reads whose every shard is charged the whole read (Cosmos DB's 2.5 RU floor per query,
   * DynamoDB's read unit per Query, a page from each shard) never came up. Here each access pattern of a generated design
   * declares one or the other, or neither. SG003's count and SG008's (and the next lint's) judged such a count apart:
   * SG003 beside the reads as declared, the next lint beside the fan-out its shards add (analysis.ts `chargedAt`), so
   * `--fix` wrote shards the next lint found over or too many. The generic designs seldom make such a value hot enough to
   * shard (of these 1,200 at this seed, one GSI count fails before and after, below, none of this class): the flat keys below do. Counted over every design
   * rather than stopped at the first, so a change says how many it moves.
   */
  const readSize = fc.oneof(
    { arbitrary: fc.constant({}), weight: 1 },
    { arbitrary: fc.constantFrom(0.5, 1, 2, 4, 8, 40, 400).map((resultKb) => ({ resultKb })), weight: 2 },
    { arbitrary: fc.constantFrom(10, 25, 50).map((limit) => ({ limit })), weight: 1 },
  );
  function withSizedReads<T extends { accessPatterns?: readonly object[] }>(arbitrary: fc.Arbitrary<T>): fc.Arbitrary<T> {
    return arbitrary.chain((design) =>
      fc
        .array(readSize, { minLength: design.accessPatterns?.length ?? 0, maxLength: design.accessPatterns?.length ?? 0 })
        .map((sizes) => ({ ...design, ...(design.accessPatterns ? { accessPatterns: design.accessPatterns.map((p, i) => ({ ...p, ...sizes[i] })) } : {}) })),
    );
  }
  /** A flat Cosmos DB key with one hot value and one pattern reading a whole value, sized or paged, which the generic
   *  containers above seldom make hot enough to shard. */
  interface HotFlat {
    readonly key: string;
    readonly reads: number;
    readonly writes: number;
    readonly share: number;
    readonly size: object;
    readonly throughput: CosmosContainerDesign['throughput'];
    readonly physicalPartitions?: number;
  }
  const hotFlat = ({ key, reads, writes, share, size, throughput, physicalPartitions }: HotFlat): CosmosContainerDesign => ({
    engine: 'cosmosdb',
    name: 'feed',
    partitionKey: { paths: [{ path: key, cardinality: 60000 }] },
    throughput,
    ...(physicalPartitions === undefined ? {} : { physicalPartitions }),
    workload: { peakReadUnits: reads, peakWriteUnits: writes, hotKeyShare: share },
    storage: { totalGb: 60, largestPartitionGb: 6 },
    accessPatterns: [{ name: 'of-value', keyAttributes: [key], share: 1, ...size }],
    monitoring: { partitionKeyDiagnostics: true },
  });
  const hotFlatContainer: fc.Arbitrary<CosmosContainerDesign> = fc
    .record({
      key: fc.constantFrom('/tag', '/tenantId'),
      reads: fc.constantFrom(500, 2000, 6000, 16000),
      writes: fc.constantFrom(1000, 4000, 10000, 20000),
      share: fc.constantFrom(0.1, 0.3, 0.6),
      size: readSize,
      manual: fc.constantFrom(20000, 60000),
    })
    .map(({ manual, ...rest }) => hotFlat({ ...rest, throughput: { manual } }));
  /**
   * The same flat key as a grid rather than a sample, for the raise class: every RU/s from 10,000 to 100,000, manual or
   * autoscale, and manual with its physical partitions declared; a result size or none; a hot value of 10%, 30% or 60%;
   * under each load (189 designs a load). Where SG017 raises the container, the RU/s the hottest value needs beside its
   * neighbours (one physical partition's equal part of the RU/s, at most 10,000, split past P × 10,000) is often more
   * than the peak's own raise.
   */
  function hotFlatGrid(loads: readonly (readonly [number, number])[]): CosmosContainerDesign[] {
    const forms = (ru: number) => [
      { throughput: { manual: ru } },
      { throughput: { autoscaleMax: ru } },
      { throughput: { manual: ru }, physicalPartitions: Math.max(2, Math.ceil(ru / 10000)) },
    ];
    return loads.flatMap(([reads, writes]) =>
      [10000, 20000, 30000, 40000, 60000, 80000, 100000].flatMap((ru) =>
        [{}, { resultKb: 1 }, { resultKb: 40 }].flatMap((size) =>
          [0.1, 0.3, 0.6].flatMap((share) => forms(ru).map((form) => hotFlat({ key: '/tenantId', reads, writes, share, size, ...form }))),
        ),
      ),
    );
  }
  /** A flat DynamoDB key with one hot value whose collection one pattern reads whole, sized, paged or neither: the
   *  results page of a vote tally (12 contestants) or a feed, which the generic tables above seldom make hot enough to
   *  shard. Each shard's Query is charged at least one read unit however little it returns, so a fan-out whose result
   *  size is not declared is one --fix must not write (uncounted-fan-out.ts). */
  const hotFlatTable: fc.Arbitrary<DynamoDbTableDesign> = fc
    .record({
      key: fc.constantFrom('contestantId', 'tag'),
      cardinality: fc.constantFrom(12, 5000, 60000),
      reads: fc.constantFrom(500, 3000, 12000, 30000),
      writes: fc.constantFrom(500, 2000, 8000, 20000),
      // At least 1/12, the share a 12-valued key's hottest value takes at least.
      share: fc.constantFrom(0.1, 0.2, 0.35),
      size: readSize,
    })
    .map(({ key, cardinality, reads, writes, share, size }) => ({
      name: 'tally',
      partitionKey: { name: key, type: 'S' as const, cardinality },
      sortKey: { name: 'itemId', type: 'S' as const, cardinality: 'unique' as const },
      workload: { peakReadUnits: reads, peakWriteUnits: writes, hotKeyShare: share },
      accessPatterns: [{ name: 'of-value', keyAttributes: [key], share: 1, ...size }],
      monitoring: { contributorInsights: true },
    }));
  /** Found by these and open (a GSI's count, `N = 2 is not minimal`): listed by their first line, so a new one fails and
   *  a fixed one must be taken off. */
  const KNOWN_OPEN_SIZED: Record<string, readonly string[]> = {
    'DynamoDB tables': [
      'SG008 globalSecondaryIndexes[0].sharding.shards: N = 2 is not minimal: with 1, no finding calls for 2 again (SG001 globalSecondaryIndexes[0].partitionKey)',
    ],
  };
  it.each([
    ['DynamoDB tables', withSizedReads(dynamoTable), 600],
    ['Cosmos DB containers', withSizedReads(cosmosContainer), 600],
  ] as const)('on generated %s whose reads declare a result size or a page', (name, arbitrary, runs) => {
    const failed: string[] = [];
    for (const design of fc.sample(arbitrary as fc.Arbitrary<DesignInput>, { numRuns: runs, seed: GENERATED_SEED })) {
      const found = [...problems(design).filter((line) => !OPEN_BUCKET_SUGGESTION.test(line)), ...fixesEnd(design)];
      if (found.length > 0) failed.push(found[0]);
    }
    expect(failed).toEqual(KNOWN_OPEN_SIZED[name] ?? []);
  });

  // --fix as the CLI runs it (findings below --fail-on keep their raises unwritten), twice: the shards the first writes
  // are the ones the next lint accepts (no SG003 or SG008 on them), and the second changes nothing. 19 of these 300
  // failed before SG003's count was judged beside the fan-out its own shards add (analysis.ts `chargedAt`).
  // Nor does it write a fan-out whose charge no peak counts: a whole value read over the shards with neither resultKb nor
  // a page (each shard's query charged at least the engine's minimum, uncounted-fan-out.ts).
  type Patterned = { readonly accessPatterns?: readonly { name: string; fanOut?: boolean; resultKb?: number; limit?: number }[] };
  const asInput = {
    containers: (design: CosmosContainerDesign | DynamoDbTableDesign) => design as DesignInput,
    tables: (design: CosmosContainerDesign | DynamoDbTableDesign) => ({ tables: [design as DynamoDbTableDesign] }) as DesignInput,
  };
  const designOf = { containers: (input: unknown) => input as Patterned, tables: (input: unknown) => (input as { tables: Patterned[] }).tables[0] };
  it.each([
    ['Cosmos DB', hotFlatContainer as fc.Arbitrary<CosmosContainerDesign | DynamoDbTableDesign>, 'containers'],
    ['DynamoDB', hotFlatTable as fc.Arbitrary<CosmosContainerDesign | DynamoDbTableDesign>, 'tables'],
  ] as const)('on generated flat %s keys with a hot value read whole: --fix writes the shards the next lint accepts', (_, arbitrary, kind) => {
    const failed: string[] = [];
    for (const design of fc.sample(arbitrary, { numRuns: 300, seed: GENERATED_SEED })) {
      const first = fixDesignText(JSON.stringify(asInput[kind](design)), {});
      const fixed = JSON.parse(first.text) as DesignInput;
      const onShards = lint(fixed)
        .filter((f) => (f.ruleId === 'SG003' || f.ruleId === 'SG008') && /(^|\.)sharding/.test(f.path))
        .map(keyOf);
      const uncounted = (designOf[kind](fixed).accessPatterns ?? [])
        .filter((p) => p.fanOut === true && p.resultKb === undefined && p.limit === undefined)
        .map((p) => `fanOut written on ${p.name}, which declares no resultKb`);
      const [found] = [...onShards, ...uncounted];
      if (found !== undefined || fixDesignText(first.text, {}).text !== first.text)
        failed.push(`${found ?? 'a second --fix changed it'}: ${JSON.stringify(design)}`);
    }
    expect({ failed: failed.length, first: failed.slice(0, 3) }).toEqual({ failed: 0, first: [] });
  });

  /**
   * The raise class: SG017 raised the container to its peak's figure, and the next lint's SG003 asked for a further raise
   * (the hottest value still over its physical partition's part), or led with shards where it had led with the raise.
   * One computation now sizes both (lib/lint/planned-raise.ts): SG017's raise alone leaves SG003 with no raise to add,
   * and `--fix` writing every finding's edits leaves nothing a second run writes. 69 of these 567 designs (3 loads × 189)
   * failed before (36 by the default --fix alone: SG017's raise written, SG003's warning then asking for more); each is
   * listed with both rules' figures so a failure says which one disagreed.
   */
  it("on a grid of hot flat Cosmos DB keys: SG017's raise is the one SG003 needs, and --fix ends in one run", () => {
    const failed: string[] = [];
    const raiseOf = (f: Finding | undefined) => f?.edits?.find((e) => /^throughput\./.test(e.path));
    for (const design of hotFlatGrid([
      [6000, 4000],
      [2000, 10000],
      [16000, 20000],
    ])) {
      const first = lint(design);
      const raise = first.find((f) => f.ruleId === 'SG017' && raiseOf(f) !== undefined);
      const hot = first.find((f) => f.ruleId === 'SG003');
      const after = raise ? lint(applyDesignEdits(design, raise.edits as DesignEdit[])) : [];
      const further = after.find((f) => f.ruleId === 'SG003' && raiseOf(f) !== undefined);
      // --fix as the CLI runs by default (a warning's edits unwritten): a raise it writes leaves SG003 none to add.
      const byDefault = fixDesignText(JSON.stringify(design), {}).text;
      const furtherByDefault =
        byDefault !== JSON.stringify(design) && lint(JSON.parse(byDefault) as DesignInput).some((f) => f.ruleId === 'SG003' && raiseOf(f) !== undefined);
      const fixed = fixDesignText(JSON.stringify(design), {}, 'warning').text;
      const left = lint(JSON.parse(fixed) as DesignInput).filter((f) => (f.ruleId === 'SG003' || f.ruleId === 'SG017') && f.edits);
      const again = fixDesignText(fixed, {}, 'warning').text !== fixed;
      if (further || furtherByDefault || left.length > 0 || again)
        failed.push(
          `${JSON.stringify({ throughput: design.throughput, physicalPartitions: design.physicalPartitions, workload: design.workload, resultKb: design.accessPatterns?.[0].resultKb })}: ` +
            `SG017 ${JSON.stringify(raiseOf(raise)?.op === 'set' ? (raiseOf(raise) as { value: unknown }).value : undefined)}, SG003 ${hot?.data?.raiseTo ?? hot?.data?.shards ?? '-'}; ` +
            `then ${further ? `SG003 raises to ${JSON.stringify((raiseOf(further) as { value: unknown }).value)}` : ''}${furtherByDefault ? ' after the default --fix' : ''}${left.map(keyOf).join(', ')}${again ? ' a second --fix changed it' : ''}`,
        );
    }
    expect({ failed: failed.length, first: failed.slice(0, 3) }).toEqual({ failed: 0, first: [] });
  });

  afterAll(() => {
    // Every design the checks linted was read: none skipped for being refused (ALLOWED_REFUSALS aside).
    const unexpected = [...new Set(refusals.filter((r) => !ALLOWED_REFUSALS.some((allowed) => allowed.test(r))))];
    expect({ refused: unexpected.length, first: unexpected.slice(0, 5) }).toEqual({ refused: 0, first: [] });
    for (const [name, lines] of Object.entries(openBucketSuggestions)) expect([name, lines]).toEqual([name, KNOWN_OPEN_BUCKET_SUGGESTIONS[name] ?? []]);
    // A run narrowed to other tests (`-t`) generates no design: nothing to judge.
    if (counts.designs === 0) return;
    // A generator that produced mostly invalid designs would make the properties above vacuous.
    expect(counts.valid).toBeGreaterThan(counts.designs * 0.5);
    expect(counts.withEdits).toBeGreaterThan(1000);
  });
});
