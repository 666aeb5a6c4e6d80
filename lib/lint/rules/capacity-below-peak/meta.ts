/**
 * The directions of DynamoDB's table-level quota findings (`nearQuota`, `overQuota`), which an acknowledgement may name
 * one by one (`appliesTo: ["nearQuotaReads"]`): the read and the write throughput quotas are separate quotas, each raised
 * by its own Service Quotas request (AWS: "Service, account, and table quotas in Amazon DynamoDB"), so a waiver whose
 * reason is the read quota's raise must not hide the write quota. `nearQuota` (or `overQuota`) still waives both.
 */
export const QUOTA_PARTS = {
  nearQuotaReads: 'the read peak is within the headroom of the table-level read throughput quota',
  nearQuotaWrites: 'the write peak is within the headroom of the table-level write throughput quota',
  overQuotaReads: 'the read peak is above the table-level read throughput quota',
  overQuotaWrites: 'the write peak is above the table-level write throughput quota',
} as const;

/** The part of a quota finding (`QUOTA_PARTS`) in one direction. */
export function quotaPart(messageId: 'nearQuota' | 'overQuota', dimension: 'read' | 'write'): keyof typeof QUOTA_PARTS {
  return `${messageId}${dimension === 'read' ? 'Reads' : 'Writes'}`;
}

/** What SG017 is on every engine; each engine's checks and messages live in its own file beside this one. */
export const CAPACITY_BELOW_PEAK = {
  id: 'SG017',
  title: 'capacity-below-peak',
  summary: 'Capacity short of the peak, peak or capacity past default quotas, or RU/s under the storage minimum',
  // A table or container that cannot serve its declared peak throttles every key at once, however well the
  // key spreads the load: the design fails at the peak it was declared for, which is an error, not a risk.
  // A declared figure that the default quota refuses fails too (the deployment, or every request above the quota):
  // an error, acknowledged with the granted raise as the reason. What depends on facts the design cannot know (a
  // table that is not new) is reported as a warning, and so is a capacity that serves the peak with less than the
  // design's headroom to spare. So is a figure over only on a guess from an attribute's name (a GSI's writes doubled
  // because its key is named like a status): a guess can warn, never block a deployment.
  severity: 'error',
  thresholds: ['headroom'],
  partKinds: QUOTA_PARTS,
  rationale:
    'The partition key decides how the load spreads; the capacity decides how much load there may be. Capacity below the declared peak throttles the whole table or container at that peak, whatever the key and however evenly the load spreads. The key-design rules assume the capacity is there; this rule checks that it is.',
  rationaleDetails: [
    'DynamoDB: provisioned capacity, an auto-scaling maximum or an on-demand maximum below the peak throttles the requests above it (AWS: "Provisioned capacity mode", "Managing throughput capacity automatically with auto scaling", "Maximum throughput for on-demand tables"); the SDKs retry them, so the application sees rising latency (AWS: "Error retries and exponential backoff").',
    'Cosmos DB: a container\'s provisioned RU/s, autoscale maximum or share of its database\'s RU/s is the same ceiling: requests beyond it are rate-limited (429) (Azure: "Introduction to provisioned throughput").',
    'A new on-demand table sustains up to 4,000 writes and 12,000 reads per second before it scales, so a launch at full peak throttles unless the table is pre-warmed with warm throughput (AWS: "On-demand capacity mode", "Pre-warming a table for on-demand capacity mode", "Understanding warm throughput").',
    'A new provisioned table is created with its auto-scaling minimum; each raise waits 2 minutes above the target utilization and provisions at most the consumed capacity ÷ the target, which a throttled table holds at what it has: 5 to 30,000 WCU at 70% is 25 raises (AWS: "DynamoDB Metrics and dimensions"). Burst holds at most 300 s of unused capacity. Warm throughput does not serve it: on a provisioned table it is what capacity may rise to at once (AWS: "Understanding DynamoDB warm throughput").',
    'Headroom: the capacity is judged as every partition ceiling is, against headroom × the capacity (a skewguard margin, not a vendor limit): a capacity exactly at the peak leaves nothing for a burst above it. An error only when the peak itself is above the capacity, a warning when just the headroom is missing.',
    'Replicated copies of a read-hot key write every item N times, on the table and on every GSI whose key the copies carry (every write of an item that carries an index\'s key attributes writes that index too: AWS, "Provisioned throughput considerations for global secondary indexes"), so the write peak counts them.',
    'A DynamoDB read that fans out over N shards of a key is N requests (AWS: "Using write sharding to distribute workloads evenly"), each its items summed, rounded up to 4 KB, at least one read unit (half if eventually consistent) even when empty (AWS: "Capacity unit consumption for read operations", API "Query"): N× for an item or a page from each, N × ⌈resultKb ÷ N ÷ 4⌉ units for a whole collection, once where no resultKb is declared (saying so), as SG003 charges each shard.',
    'An update that changes a GSI\'s key attribute costs the index 2 writes, a delete and a put (AWS: "Provisioned throughput considerations for global secondary indexes"), so an index whose key updates change is counted at 2× the table\'s writes.',
  ],
  fix: "Raise the capacity, auto-scaling maximum or on-demand maximum (Cosmos DB: the RU/s, autoscale maximum or shared database RU/s) to peak ÷ headroom, counting replicated copies in the write peak and fan-out queries in the read peak (or fan out over fewer shards); for a launch, pre-warm an on-demand table (warm throughput) or raise a provisioned table's auto-scaling minimum, to peak ÷ headroom too.",
  fixDetails: [
    "A DynamoDB launch whose key's fix (SG003) shards it with a fan-out: the pre-warm's reads are sized as that fix leaves them, each query of the fan-out a read of its own, so the first lint names the figure `--fix` writes (warm throughput cannot be lowered, and sized on today's reads it was raised again on the next run).",
    'Fan-out queries or copies from a sharding SG007 finds needless (either engine): its removal leads, and the raise is sized on the peak it leaves (none, and no edit, where that peak fits; the raise that keeps the sharding follows as the alternative). No quota increase is asked for where that peak is under the quota.',
    "A design that acknowledges SG007's finding, or turns SG007 off in its rules (it keeps the sharding on purpose): the raise that keeps the sharding is the fix, with its edit.",
    'A DynamoDB GSI whose writes count every replicated copy, which SG003 asks to make sparse (`copiesCarry: "first"`: a query reads it): that edit leads, and the write raise is sized on one write per item (none, and no edit, where that fits).',
    'Two raises of one field (Cosmos DB: the storage minimum and the peak): only the larger carries the edit, so one `--fix` run writes it.',
    "A DynamoDB GSI that takes the table's capacity: the fix gives it capacity of its own, each direction sized at the index's own peak ÷ headroom (the reads its access patterns send it, the writes it takes from the table), not the table's figure; an auto-scaling minimum is the table's, or that size where less (AWS: \"Provisioned throughput considerations for Global Secondary Indexes\": an index's settings are separate from its table's).",
    "Above a default quota: request the raise, then acknowledge the finding with the request (or Azure support ticket) as the reason. A raise that would pass a default quota (DynamoDB's table-level or account-level, which bound warm throughput too, Cosmos DB's 1,000,000 RU/s) is said with that quota and carries no edit, so `--fix` never writes a figure the deployment refuses.",
    "A DynamoDB table-level quota finding (near or over the quota) on a key whose fix (SG003) pre-warms past peak ÷ headroom, written or held back (for `resultKb`, or for the quota's raise): the request is for that pre-warm's figure, the one SG017's launch pre-warm names, since DynamoDB pre-warms only up to the quota (AWS: \"Understanding DynamoDB warm throughput\").",
    "A GSI that takes the table's provisioned capacity: capacity of its own, every dimension it took declared as the table declares it (its auto-scaling minimum kept), and raised where it needs more.",
    'A DynamoDB GSI counted at the table\'s writes under a `KEYS_ONLY` or `INCLUDE` projection: an upper bound (an update that changes no index key or projected attribute does not write the index, AWS: "Provisioned throughput considerations for global secondary indexes"), so --fix writes no billed raise (warm throughput or capacity) on it and asks for the index\'s `peakWriteUnits`. Counted from the puts (`workload.newItemShare`, or a table keyed by a unique value), it is a figure, raised as declared.',
    "A GSI's derived figure that is wrong: declare it (its workload's `peakReadUnits` or `peakWriteUnits`, or its key attribute's `mutable`).",
    'Cosmos DB RU/s below the minimum the declared storage forces: declare that minimum, which Azure bills anyway.',
    'Cosmos DB raise in place past P × 10,000 RU/s: Azure splits asynchronously (typically 4-6 hours) only until the container has ⌈RU/s ÷ 10,000⌉, and from P to P′ < 2P the unsplit partitions keep 1/P of the key space each ("Best practices for scaling provisioned throughput"). The raise keeps P or reaches P × 2^k, evenly, and declares the count it leaves wherever a container created at the new RU/s would get another (one per 6,000 manual RU/s); undeclared: create at P × 6,000 RU/s, then raise.',
    "Cosmos DB, where the hot key's fix (SG001, SG003; on a hierarchical key, its first level's) leads with a larger raise in place, the least at which its shards or buckets fit, or at which its hottest value fits beside its neighbours with no change of key: SG017 asks for that raise and names the peak's own figure, so one `--fix` raises the container once.",
    'Cosmos DB, a one-level key whose hottest value is past its logical partition\'s usable RU/s, which no RU/s lift ("Partitioning and horizontal scaling"): no edit; SG017 names the figure the peak needs once the key\'s fix spreads the load (peak ÷ headroom, evenly split) and points at SG003. Autoscale scales on its most active partition ("Autoscale FAQ"): a raise for that value is billed each hot hour and serves none of it.',
    'Where the even raise costs more than peak ÷ headroom, the fix names the uneven layout the smaller figure leaves, and the alternative: a new container created at it, evenly split, and a copy of the data into it ("Copy jobs").',
  ],
} as const;

/**
 * Where the peak a message quotes comes from: the design's figures (`declared`), figures derived from them
 * (`derived`), or, when `observe` lints the design again with what production measured, `observed` (all its
 * figures measured) or `mixed` (some). The rules say `declared` or `derived`; observe restates the finding
 * (restateFinding) with the others, so that a measured peak is never called declared. `planned`: a peak that counts the
 * replicated copies SG003's fix needs, not the design as declared (its `plannedCopies` note gives the declared figure);
 * the lead says whose plan it is, since a "planned peak" alone reads as the peak the design plans for.
 */
export const PEAK_SOURCE = "{{source|declared=declared|derived=derived|observed=observed|mixed=declared and observed|planned=planned (SG003's fix applied)}}";

/** Under `sharding.hotValues`, the fan-out reads counted are the listed values' alone (read-requests.ts): which, and their share. */
export const HOT_VALUES_SHARE =
  "{{?fanOutHotValues}}: only their reads of the {{fanOutHotValues|one=hottest value|other=# hottest values}}, which sharding.hotValues shards ({{fanOutValueShare|percent}} of the key's reads){{/fanOutHotValues}}";
/** ... and the other values' reads, each one query. */
export const HOT_VALUES_ONLY =
  '{{?fanOutHotValues}} of a sharded value, while a read of any other value, stored unsharded, stays one query{{/fanOutHotValues}}';

/** The figures `HOT_VALUES_SHARE` reads, from a fan-out counted under `sharding.hotValues` (none otherwise). */
export function hotValuesData(fanOut: { readonly hotValues?: number; readonly valueShare?: number }): { fanOutHotValues?: number; fanOutValueShare?: number } {
  return fanOut.hotValues === undefined ? {} : { fanOutHotValues: fanOut.hotValues, fanOutValueShare: fanOut.valueShare };
}
