import { lint, RULES } from '../../../lib';
import { table } from '../../fixtures';
import { testRule } from '../../support/rule-tester';

/** One config item read by everyone: its hottest value takes 3,000 RCU, over one partition's usable 2,400, so
 *  the key's fix (SG003) is 2 replicated copies, and every write is written twice. */
const config = (extra = {}) =>
  table({
    name: 'config',
    partitionKey: { name: 'configId', type: 'S', cardinality: 10 },
    workload: { peakReadUnits: 6000, peakWriteUnits: 100, hotKeyShare: 0.5 },
    ...extra,
  });

// mutable: false: these cases are about capacity, not about an index key that updates change (counted at 2× the table's writes).
const statusIndex = (extra = {}) => ({
  indexName: 'byStatus',
  partitionKey: { name: 'status', type: 'S' as const, cardinality: 'unique' as const, mutable: false },
  ...extra,
});

/**
 * An expert user's IoT table (gsi-doubling.json): the table declares its writes, and the GSI declares none, keyed by a
 * shard attribute of `status`. A name like `status` makes the index count 2× the table's writes (a change of an
 * index key costs it a delete and a put): with nothing declared, only that name says so, which may warn, never
 * block. `key` and `gsi` add to the index's partition key and to the index.
 */
const telemetry = (peakWriteUnits: number, key = {}, gsi = {}, extra = {}) =>
  table({
    name: 'telemetry',
    partitionKey: { name: 'deviceId', type: 'S', cardinality: 50_000 },
    sortKey: { name: 'ts', type: 'N', cardinality: 'unique' },
    workload: { peakReadUnits: 3000, peakWriteUnits },
    globalSecondaryIndexes: [
      {
        indexName: 'by-status',
        partitionKey: { name: 'statusShard', type: 'S', cardinality: 4, ...key },
        sortKey: { name: 'ts', type: 'N' },
        sharding: { strategy: 'random', shards: 13, logicalAttribute: 'status' },
        ...gsi,
      },
    ],
    ...extra,
  });

/** Where the index's writes are declared otherwise, as the findings name the fields. */
const INDEX_FIELDS = { writesField: 'globalSecondaryIndexes[0].workload.peakWriteUnits', mutableField: 'globalSecondaryIndexes[0].partitionKey.mutable' };

/** The telemetry table and its index provisioned: 1,000 table WCU fit the table's 1,500; the index's `write` is its own. */
const provisionedTelemetry = (write: number, key = {}) =>
  telemetry(1000, key, { capacity: { read: { fixed: 5000 }, write: { fixed: write } } }, { capacity: { read: { fixed: 5000 }, write: { fixed: 1500 } } });

testRule('SG017', {
  valid: [
    { name: 'an on-demand table below the initial throughput of a new table', design: table() },
    {
      name: 'auto scaling whose maximum covers the peak with headroom',
      design: table({ billing: 'provisioned', capacity: { read: { max: 2000 }, write: { min: 5, max: 700 } } }),
    },
    {
      name: 'fixed capacity at exactly peak ÷ headroom (1,250 RCU, 625 WCU), on a table whose capacity mode is inferred from it',
      design: table({ capacity: { read: { fixed: 1250 }, write: { max: 625 } } }),
    },
    {
      // The hot item's 3,000 RCU beside the other reads: 4 partitions (7,500 RCU and 625 WCU); 3 copies: 1,000 + 5,000 ÷ 4 =
      // 2,250 of 2,400 (2: 1,500 + 4,500 ÷ 4 = 2,625).
      name: 'capacity for the 3 copies the read-hot key needs: 300 WCU at 80% of 625',
      design: config({ capacity: { read: { max: 7500 }, write: { max: 625 } } }),
    },
    {
      name: 'billing "provisioned" with no figures (as before capacity could be declared): nothing to check',
      design: table({ billing: 'provisioned', workload: { peakReadUnits: 1000, peakWriteUnits: 25000 } }),
    },
    {
      // "Quotas in Amazon DynamoDB": 40,000 per table or GSI, 80,000 for a table and its GSIs together, by default.
      name: 'provisioned capacity at the table-level quota, a table and GSI at the account-level quota together',
      design: table({
        capacity: { read: { fixed: 40_000 }, write: { min: 5, max: 40_000 } },
        globalSecondaryIndexes: [statusIndex({ capacity: { read: { fixed: 40_000 }, write: { fixed: 40_000 } } })],
      }),
    },
    {
      // The quota is an on-demand table's ceiling, with the headroom of any other (review 11 item 4).
      name: 'an on-demand peak at 80% of the table-level quota of 40,000 units per second',
      design: table({ workload: { peakReadUnits: 32_000, peakWriteUnits: 32_000 } }),
    },
    {
      name: 'on-demand maximums above the peak',
      design: table({ onDemand: { maxReadRequestUnits: 2000, maxWriteRequestUnits: 625 } }),
    },
    {
      // Not declared as arriving at creation: on-demand scaling follows a table that grows into its peak.
      name: 'an on-demand table grown into a peak above the initial throughput (no launchAtPeak)',
      design: table({ workload: { peakReadUnits: 30000, peakWriteUnits: 25000 } }),
    },
    {
      // ddb24 item 3: judged with the headroom, as any capacity: 40% + 40% = 80% (6,000 RCU and 2,000 WCU, 100%, now warn).
      name: 'a launch peak within the headroom of the linear combination of the initial throughput: 4,800 RCU and 1,600 WCU (40% + 40%)',
      design: table({ launchAtPeak: true, workload: { peakReadUnits: 4800, peakWriteUnits: 1600 } }),
    },
    {
      name: 'the warm throughput SG017 suggests for 9,000 RCU and 3,000 WCU at launch: applied, no finding (--fix converges)',
      design: table({
        launchAtPeak: true,
        workload: { peakReadUnits: 9000, peakWriteUnits: 3000 },
        warmThroughput: { readUnitsPerSecond: 22500, writeUnitsPerSecond: 7500 },
      }),
    },
    {
      // Review launch19 item 1: created with its minimum, the table serves the launch peak at once; ddb24 item 3: with
      // the headroom any capacity is judged with (12,000 of 15,000: 80%; a peak of 15,000, at the minimum, now warns).
      name: 'a provisioned table launched at its peak whose auto-scaling minimum covers it with the headroom',
      design: table({
        launchAtPeak: true,
        capacity: { read: { min: 15_000, max: 20_000 }, write: { min: 15_000, max: 20_000 } },
        workload: { peakReadUnits: 12_000, peakWriteUnits: 12_000 },
      }),
    },
    {
      name: "SG017's fix for a provisioned launch applied (minimum 18,750 = 15,000 ÷ 80%): no finding (--fix converges)",
      design: table({
        launchAtPeak: true,
        capacity: { read: { min: 18_750, max: 20_000 }, write: { min: 18_750, max: 20_000 } },
        workload: { peakReadUnits: 15_000, peakWriteUnits: 15_000 },
      }),
    },
    {
      // Fixed units are the capacity the table is created with: belowPeak judges them, and they cover this peak.
      name: 'a provisioned table launched at its peak with fixed capacity above it',
      design: table({
        launchAtPeak: true,
        capacity: { read: { fixed: 18_750 }, write: { fixed: 18_750 } },
        workload: { peakReadUnits: 15_000, peakWriteUnits: 15_000 },
      }),
    },
    {
      name: 'a provisioned table with a low auto-scaling minimum that grows into its peak (no launchAtPeak)',
      design: table({
        capacity: { read: { min: 5, max: 20_000 }, write: { min: 5, max: 20_000 } },
        workload: { peakReadUnits: 15_000, peakWriteUnits: 15_000 },
      }),
    },
    {
      // ddb24 item 3: 80% of the 4,000 WCU a new on-demand table sustains (exactly 4,000 now warns: no headroom).
      name: 'a launch peak of 3,200 WCU, 80% of the 4,000 WCU a new on-demand table sustains',
      design: table({ launchAtPeak: true, workload: { peakReadUnits: 0, peakWriteUnits: 3200 } }),
    },
    {
      // Review launch19 item 2: the step at the defaults is AWS's. A new table serves 12,000 RCU or 4,000 WCU "or any linear
      // combination of the two" (Knowledge Center); warm throughput raised above them serves "requests up to those values
      // instantly" ("Understanding DynamoDB warm throughput"), each direction as provisioned throughput of those values would.
      name: 'a launch peak of 6,000 RCU and 3,000 WCU on a table pre-warmed above a default (4,001 WCU): each direction within its warm value',
      design: table({
        launchAtPeak: true,
        workload: { peakReadUnits: 6000, peakWriteUnits: 3000 },
        warmThroughput: { readUnitsPerSecond: 12_000, writeUnitsPerSecond: 4001 },
      }),
    },
    {
      name: 'a new on-demand table at exactly its initial throughput',
      design: table({ workload: { peakReadUnits: 12000, peakWriteUnits: 4000 } }),
    },
    {
      // ddb24 item 3: warm throughput is judged with the headroom, as provisioned capacity is: 25,000 ÷ 80% = 31,250.
      // (Warm throughput exactly at the peak, which passed, now warns: below.)
      name: 'a launch peak covered by warm throughput at peak ÷ headroom',
      design: table({
        launchAtPeak: true,
        workload: { peakReadUnits: 1000, peakWriteUnits: 25000 },
        warmThroughput: { readUnitsPerSecond: 12000, writeUnitsPerSecond: 31250 },
        globalSecondaryIndexes: [statusIndex({ warmThroughput: { writeUnitsPerSecond: 31250 } })],
      }),
    },
    {
      name: 'a GSI with capacity of its own above its peak, on a table whose capacity is below that peak',
      design: table({
        capacity: { read: { max: 1500 }, write: { max: 700 } },
        globalSecondaryIndexes: [statusIndex({ workload: { peakReadUnits: 5000 }, capacity: { read: { max: 6250 } } })],
      }),
    },
    {
      // 1×: 25,000 WCU, under the 40,000 quota, once the key is declared stable.
      name: 'a `status` GSI key declared mutable: false under a 25,000 WCU table',
      design: telemetry(25_000, { mutable: false }),
    },
    {
      name: 'a `status` GSI whose own write peak is declared at the table’s 25,000 WCU',
      design: telemetry(25_000, {}, { workload: { peakWriteUnits: 25_000 } }),
    },
  ],
  invalid: [
    {
      // ddb24 item 3: warm throughput exactly at the launch peak passed while a fixed capacity exactly at the peak warned;
      // both are now judged with the headroom (a warning, as withinHeadroom is), and the fix pre-warms to peak ÷ headroom.
      name: 'a launch peak of 25,000 WCU on warm throughput of exactly 25,000: no headroom, as a fixed capacity at its peak',
      design: table({ launchAtPeak: true, workload: { peakReadUnits: 1000, peakWriteUnits: 25000 }, warmThroughput: { writeUnitsPerSecond: 25000 } }),
      findings: [
        {
          messageId: 'warmWithinHeadroom',
          path: 'workload',
          severity: 'warning',
          data: { utilization: 1, headroom: 0.8, writeUnitsPerSecond: 31250 },
          message: /uses 100% of it, more than the 80% the design plans for/,
          edits: [{ op: 'set', path: 'warmThroughput', value: { readUnitsPerSecond: 12000, writeUnitsPerSecond: 31250 } }],
        },
      ],
    },
    {
      // stranger24b: SG017 asked for 10,000 WCU (peak ÷ 80%) where SG003's fix for the hot tenant pre-warms to 27,000
      // (on the 10 partitions of 10,000 the neighbours alone fill the usable 800 WCU, so no count fits): one figure now.
      name: "a launch whose hottest value's fix pre-warms more than the peak needs: SG017 asks for that figure, 27,000 WCU, not 10,000",
      design: table({
        name: 'events',
        partitionKey: { name: 'tenantId', type: 'S', cardinality: 10000 },
        sortKey: { name: 'eventId', type: 'S', cardinality: 'unique' },
        launchAtPeak: true,
        workload: { peakReadUnits: 2000, peakWriteUnits: 8000, hotKeyShare: 0.3 },
      }),
      findings: [
        {
          messageId: 'notPreWarmed',
          path: 'workload',
          severity: 'warning',
          // 2,400 WCU on one tenant of 8,000: 6 shards of 400 at 36 partitions, two on one taking 2 × 400 + 7,600 ÷ 36
          // − 400 ÷ 36 = 1,000 WCU (at 35: 1,005.71); 5 shards left 5% free at 27 (480 + 7,520 ÷ 27 = 758.52 of 800) but
          // two of 5 take 960 + 188 − 12 = 1,136 WCU even at 40.
          data: { writeUnitsPerSecond: 36000, launchWriteUnits: 10000, planPartitions: 36, planShards: 6, launchPartitions: 10 },
          fix: /^pre-warm it: set warmThroughput to \{ readUnitsPerSecond: 12,000, writeUnitsPerSecond: 36,000 \}, the warm throughput the fix for its hottest `tenantId` value sets: 36 partitions, the least at which two of its 6 shards on one partition fit its 1,000 WCU maximum; .*\{ readUnitsPerSecond: 12,000, writeUnitsPerSecond: 10,000 \} \(the peak ÷ headroom\) would alone, on whose 10 partitions that value fits no shard count within maxShards \(100\)/,
          edits: [{ op: 'set', path: 'warmThroughput', value: { readUnitsPerSecond: 12000, writeUnitsPerSecond: 36000 } }],
        },
      ],
    },
    {
      // The same on a GSI: SG002's fix for the current day pre-warms the index to 40,000 WCU, SG017 asked for 20,000.
      name: "a GSI launched at its peak whose time bucket's fix pre-warms it to 40,000 WCU: SG017 on the index asks for 40,000, not 20,000",
      design: table({
        name: 'events',
        partitionKey: { name: 'eventId', type: 'S', cardinality: 'unique' },
        launchAtPeak: true,
        workload: { peakReadUnits: 2000, peakWriteUnits: 2000 },
        globalSecondaryIndexes: [
          {
            indexName: 'by-day',
            partitionKey: { name: 'day', type: 'S', cardinality: 365 },
            sortKey: { name: 'eventId', type: 'S' },
            workload: { peakWriteUnits: 16000, hotKeyShare: 0.25 },
          },
        ],
      }),
      findings: [
        {
          messageId: 'notPreWarmed',
          index: 'by-day',
          // 4,000 WCU on one day of 16,000: 13 shards of 307.69 at 40 partitions, two on one taking 2 × 307.69 +
          // 15,692.31 ÷ 40 − 7.69 = 1,000 WCU; 12 take 666.67 + 391.67 − 8.33 = 1,050.
          data: { writeUnitsPerSecond: 40000, launchWriteUnits: 20000, planPartitions: 40, planShards: 13 },
          fix: /the warm throughput the fix for its hottest `day` value sets: 40 partitions, the least at which two of its 13 shards on one partition fit its 1,000 WCU maximum/,
          edits: [{ op: 'set', path: 'globalSecondaryIndexes[0].warmThroughput', value: { readUnitsPerSecond: 12000, writeUnitsPerSecond: 40000 } }],
        },
      ],
    },
    {
      name: 'a launch peak of exactly the 4,000 WCU a new on-demand table sustains: no headroom',
      design: table({ launchAtPeak: true, workload: { peakReadUnits: 0, peakWriteUnits: 4000 } }),
      findings: [{ messageId: 'launchWithinHeadroom', severity: 'warning', message: /= 100% of it, more than the 80% the design plans for/, edits: true }],
    },
    {
      name: 'a provisioned launch whose auto-scaling minimum is exactly its peak: no headroom',
      design: table({
        launchAtPeak: true,
        capacity: { read: { min: 15_000, max: 20_000 }, write: { min: 15_000, max: 20_000 } },
        workload: { peakReadUnits: 15_000, peakWriteUnits: 15_000 },
      }),
      findings: [
        { messageId: 'minimumWithinHeadroom', path: 'capacity.read.min', severity: 'warning', data: { utilization: 1, suggested: 18_750 } },
        { messageId: 'minimumWithinHeadroom', path: 'capacity.write.min', severity: 'warning', data: { utilization: 1, suggested: 18_750 } },
      ],
    },
    {
      // By hand: 3,000 WCU of table writes, 900 of them the hot account's updates; each moves its index entry to a new
      // random shard, a delete and a put, so the index takes 2,100 + 2 × 900 = 3,900 WCU, above the 3,750 provisioned.
      name: "a random-sharded GSI hot on the table's hottest item: each update of the item writes the index twice",
      design: table({
        name: 'ledger',
        partitionKey: { name: 'accountId', type: 'S', cardinality: 50000 },
        billing: 'provisioned',
        capacity: { read: { fixed: 7500 }, write: { fixed: 3750 } },
        workload: { peakReadUnits: 1000, peakWriteUnits: 3000, hotKeyShare: 0.3 },
        globalSecondaryIndexes: [
          {
            indexName: 'byMerchant',
            partitionKey: { name: 'merchantIdShard', type: 'S', cardinality: 2000 },
            capacity: { write: { fixed: 3750 } },
            sharding: { strategy: 'random', shards: 8, logicalAttribute: 'merchantId' },
          },
        ],
      }),
      findings: [
        {
          messageId: 'fixedBelowPeak',
          path: 'globalSecondaryIndexes[0].capacity.write.fixed',
          index: 'byMerchant',
          notes: ['writesFromTable', 'redrawnShards'],
          data: { peak: 3900, redrawnWrites: 900, countedWrites: 3000, suggested: 4875 },
          message: /below its derived peak of 3,900 WCU.*the peak adds 900 WCU to those 3,000 WCU/,
          edits: [{ op: 'set', path: 'globalSecondaryIndexes[0].capacity.write.fixed', value: 4875 }],
        },
      ],
    },
    {
      name: 'auto scaling that tops out at 50 WCU under a 25,000 WCU peak (issue 14)',
      design: table({
        billing: 'provisioned',
        capacity: { read: { max: 2000 }, write: { min: 5, max: 50 } },
        workload: { peakReadUnits: 1000, peakWriteUnits: 25000 },
      }),
      findings: [
        {
          messageId: 'autoscaledBelowPeak',
          path: 'capacity.write.max',
          severity: 'error',
          data: { peak: 25000, limit: 50, suggested: 31250, unit: 'WCU' },
          edits: [{ op: 'set', path: 'capacity.write.max', value: 31250 }],
          message: /auto scaling of the table stops at 50 WCU of write capacity, below its declared peak of 25,000 WCU/,
        },
      ],
    },
    {
      name: 'fixed write capacity exactly at the peak: served, but with none of the headroom the design plans for',
      design: table({ capacity: { read: { fixed: 2000 }, write: { fixed: 500 } } }),
      findings: [
        {
          messageId: 'withinHeadroom',
          path: 'capacity.write.fixed',
          severity: 'warning',
          data: { peak: 500, limit: 500, utilization: 1, suggested: 625 },
          edits: [{ op: 'set', path: 'capacity.write.fixed', value: 625 }],
          message: /serves at most 500 WCU of writes \(`capacity\.write\.fixed`\), and its declared peak of 500 WCU uses 100% of it, more than the 80%/,
        },
      ],
    },
    {
      name: 'fixed write capacity one unit under the peak: an error',
      design: table({ capacity: { read: { fixed: 2000 }, write: { fixed: 499 } } }),
      findings: [{ messageId: 'fixedBelowPeak', severity: 'error', data: { peak: 500, limit: 499, suggested: 625 } }],
    },
    {
      name: 'an on-demand maximum one unit under peak ÷ headroom: a warning',
      design: table({ onDemand: { maxWriteRequestUnits: 624 } }),
      findings: [{ messageId: 'withinHeadroom', severity: 'warning', data: { peak: 500, limit: 624, suggested: 625 } }],
    },
    {
      name: 'write capacity for the declared writes, but not for the 2 copies the read-hot key needs (SG003)',
      design: config({ capacity: { read: { max: 7500 }, write: { max: 150 } } }),
      findings: [
        {
          messageId: 'autoscaledBelowPeak',
          path: 'capacity.write.max',
          notes: ['plannedCopies'],
          // 2 copies of the 3,000 RCU item fit a usable 2,400 beside their neighbours at 6 partitions (1,500 + 4,500 ÷ 6 =
          // 2,250), but two on one partition take 3,000 RCU and their neighbours, past its maximum at any warm
          // throughput: no pre-warm halves the 5 copies the 3 partitions counted now need (past P: ⌈5/3⌉ + 1 = 3 copies
          // of 600 on one, 1,800 + 5,400 ÷ 3 − 4 × 600 ÷ 3 = 2,800 of 3,000; 4 copies: 2,250 + 1,750 − 750 = 3,250).
          // The peak counts the 5 the fix writes.
          data: { peak: 500, declaredPeak: 100, copies: 5, limit: 150, suggested: 625, source: 'planned', declaredCopies: 1, declaredCopiesPeak: 100 },
          edits: [{ op: 'set', path: 'capacity.write.max', value: 625 }],
          // Review 31: the peak is the fix's, said so, with the design's own figure beside it.
          message:
            /below its planned \(SG003's fix applied\) peak of 500 WCU: .*; that peak counts the 5 replicated copies of every item that SG003's fix for the read-hot key keeps, .*\(100 WCU of declared writes × 5\); as declared, without copies, its write peak is 100 WCU$/,
        },
      ],
    },
    {
      // Review 31 (links.json): 2 declared copies. SG003's fix kept them after a pre-warm (copies32); two copies of the
      // 3,000 RCU item on one partition take all of its 3,000 RCU and more, so it now raises them to 5 (above), and
      // the peak is the fix's, the declared 2 copies' beside it.
      name: 'declared copies that SG003 raises: the planned peak, with the declared copies beside it',
      design: config({ sharding: { strategy: 'replicated', shards: 2 }, capacity: { read: { max: 7500 }, write: { max: 150 } } }),
      findings: [
        {
          messageId: 'autoscaledBelowPeak',
          path: 'capacity.write.max',
          notes: ['plannedCopies'],
          data: { peak: 500, copies: 5, source: 'planned', declaredCopies: 2, declaredCopiesPeak: 200 },
          message: /below its planned \(SG003's fix applied\) peak of 500 WCU: .*; as declared, with its 2 copies, its write peak is 200 WCU$/,
        },
      ],
    },
    {
      // stranger28a: 209 copies past maxShards 100, with SG003's fix "put DAX in front", were still charged (50 WCU × 209).
      // copies32: 5 copies on the 3 partitions counted now are past maxShards 4, but SG003's fix pre-warms more partitions,
      // where 3 fit (2 never do: two on one partition take 3,000 RCU and their neighbours): those 3 are what the fix
      // writes, so they are counted (was: none, the cache).
      name: "copies past maxShards on today's partitions, within it after SG003's pre-warm: the 3 the fix writes are counted",
      design: config({ capacity: { read: { max: 7500 }, write: { max: 150 } } }),
      options: { thresholds: { maxShards: 4 } },
      findings: [{ messageId: 'autoscaledBelowPeak', notes: ['plannedCopies'], data: { peak: 300, copies: 3, source: 'planned' } }],
    },
    {
      name: 'declared copies count too, on the table and on a GSI whose key every copy carries (reads are not multiplied)',
      design: config({
        // 5 copies: the count the read-hot item needs beside its neighbours (above).
        sharding: { strategy: 'replicated', shards: 5 },
        capacity: { read: { max: 7500 }, write: { max: 250 } },
        globalSecondaryIndexes: [
          { indexName: 'byOwner', partitionKey: { name: 'ownerId', type: 'S', cardinality: 'unique' }, capacity: { read: { max: 7500 }, write: { max: 550 } } },
        ],
      }),
      findings: [
        { messageId: 'autoscaledBelowPeak', path: 'capacity.write.max', notes: ['copies'], data: { peak: 500, copies: 5, suggested: 625 } },
        {
          messageId: 'withinHeadroom',
          path: 'globalSecondaryIndexes[0].capacity.write.max',
          index: 'byOwner',
          // The index declares no writes: its peak is the table's, which the message calls derived, with the field to declare.
          notes: ['writesFromTable', 'copies'],
          severity: 'warning',
          data: {
            peak: 500,
            copies: 5,
            limit: 550,
            suggested: 625,
            source: 'derived',
            tableWrites: 100,
            writesField: 'globalSecondaryIndexes[0].workload.peakWriteUnits',
          },
        },
      ],
    },
    {
      name: 'fixed read capacity below the read peak',
      design: table({ capacity: { read: { fixed: 100 }, write: { max: 1000 } } }),
      findings: [
        {
          messageId: 'fixedBelowPeak',
          path: 'capacity.read.fixed',
          data: { peak: 1000, limit: 100, suggested: 1250, unit: 'RCU' },
          edits: [{ op: 'set', path: 'capacity.read.fixed', value: 1250 }],
        },
      ],
    },
    {
      name: 'an on-demand maximum of 500 WCU under a 25,000 WCU peak, on a table not pre-warmed either',
      design: table({ onDemand: { maxWriteRequestUnits: 500 }, launchAtPeak: true, workload: { peakReadUnits: 1000, peakWriteUnits: 25000 } }),
      findings: [
        {
          messageId: 'maximumBelowPeak',
          path: 'onDemand.maxWriteRequestUnits',
          severity: 'error',
          data: { peak: 25000, limit: 500, suggested: 31250 },
          edits: [{ op: 'set', path: 'onDemand.maxWriteRequestUnits', value: 31250 }],
        },
        {
          messageId: 'notPreWarmed',
          path: 'workload',
          severity: 'warning',
          // Sized as every SG017 raise: 25,000 WCU ÷ 80% headroom; reads fit their default.
          data: { reads: 1000, writes: 25000, sustainedWrites: 4000 },
          edits: [{ op: 'set', path: 'warmThroughput', value: { readUnitsPerSecond: 12000, writeUnitsPerSecond: 31250 } }],
        },
      ],
    },
    {
      name: "a GSI that takes the table's auto-scaled capacity, below the GSI's own write peak",
      design: table({
        capacity: { read: { max: 2000 }, write: { max: 700 } },
        globalSecondaryIndexes: [statusIndex({ workload: { peakWriteUnits: 1000 } })],
      }),
      findings: [
        {
          messageId: 'autoscaledBelowPeak',
          // At the index's own field, where the fix gives it capacity of its own: both dimensions it took from the table.
          path: 'globalSecondaryIndexes[0].capacity.write',
          index: 'byStatus',
          notes: ['inherited'],
          data: { peak: 1000, limit: 700, field: 'globalSecondaryIndexes[0].capacity.write', limitField: 'capacity.write.max', source: 'declared' },
          message: /below its declared peak of 1,000 WCU/,
          edits: [
            { op: 'set', path: 'globalSecondaryIndexes[0].capacity.write', value: { max: 1250 } },
            { op: 'set', path: 'globalSecondaryIndexes[0].capacity.read', value: { max: 1250 } },
          ],
        },
      ],
    },
    {
      name: 'a GSI whose on-demand read maximum is below the reads the access patterns send it',
      design: table({
        globalSecondaryIndexes: [statusIndex({ onDemand: { maxReadRequestUnits: 100 } })],
        accessPatterns: [
          { name: 'by-order', keyAttributes: ['orderId'], share: 0.5 },
          { name: 'by-status', index: 'byStatus', keyAttributes: ['status'], share: 0.5 },
        ],
      }),
      findings: [
        {
          messageId: 'maximumBelowPeak',
          path: 'globalSecondaryIndexes[0].onDemand.maxReadRequestUnits',
          index: 'byStatus',
          // No read peak declared on the index: 50% of the table's 1,000 RCU, by the access patterns.
          notes: ['readsFromPatterns', 'declareReads'],
          data: { peak: 500, limit: 100, dimension: 'read', source: 'derived', declaredReads: 1000, readShare: 0.5 },
          message:
            /below its derived peak of 500 RCU: .*; that read peak is 50% of the table's declared 1,000 RCU: the share of the access patterns that read it, with the share no pattern claims \(accessPatterns\[\]\.share\); declare `globalSecondaryIndexes\[0\]\.workload\.peakReadUnits` to count it otherwise$/,
        },
      ],
    },
    {
      name: 'a new on-demand GSI whose read peak is above its initial 12,000 RCU',
      design: table({
        launchAtPeak: true,
        workload: { peakReadUnits: 20000, peakWriteUnits: 500 },
        // ddb24 item 3: the table's own warm reads with the headroom (20,000 ÷ 80%), so that only the GSI is reported.
        warmThroughput: { readUnitsPerSecond: 25000 },
        globalSecondaryIndexes: [statusIndex()],
      }),
      findings: [
        {
          messageId: 'notPreWarmed',
          path: 'globalSecondaryIndexes[0].workload',
          index: 'byStatus',
          severity: 'warning',
          notes: ['readsFromTable', 'declareReads', 'writesFromTable'],
          data: { source: 'derived' },
          edits: [{ op: 'set', path: 'globalSecondaryIndexes[0].warmThroughput', value: { readUnitsPerSecond: 25000, writeUnitsPerSecond: 4000 } }],
        },
      ],
    },
    {
      name: 'warm throughput declared below the launch peak',
      design: table({ launchAtPeak: true, workload: { peakReadUnits: 1000, peakWriteUnits: 25000 }, warmThroughput: { writeUnitsPerSecond: 5000 } }),
      // Pre-warmed (5,000 WCU raises the default), the table serves its warm values each in its direction.
      findings: [
        {
          messageId: 'warmBelowPeak',
          data: { sustainedWrites: 5000, writeUnitsPerSecond: 31250 },
          message: /^pre-warmed, the table serves 12,000 RCU and 5,000 WCU at once before it scales \(its warm throughput\)/,
        },
      ],
    },
    {
      // Review stranger17a: "up to 4,000 write request units or 12,000 read request units, or any linear combination
      // of the two" (AWS Knowledge Center): 9,000 ÷ 12,000 + 3,000 ÷ 4,000 = 150%, though each direction fits alone.
      name: 'a launch peak of 9,000 RCU and 3,000 WCU: each direction under its default, their linear combination over',
      design: table({ launchAtPeak: true, workload: { peakReadUnits: 9000, peakWriteUnits: 3000 } }),
      findings: [
        {
          messageId: 'notPreWarmed',
          path: 'workload',
          severity: 'warning',
          data: { readFraction: 0.75, writeFraction: 0.75, combinedFraction: 1.5 },
          message:
            /^new and on-demand, the table serves 12,000 RCU or 4,000 WCU, or a linear combination of both, before it scales, and its declared peak of 9,000 RCU and 3,000 WCU takes 75% \+ 75% = 150% of it: /,
          fix: /^pre-warm it: set warmThroughput to \{ readUnitsPerSecond: 22,500, writeUnitsPerSecond: 7,500 \}, which serves the reads and the writes together with the 80% utilization the design plans for .*or ramp the traffic up to the peak, doubling at most every 30 minutes/,
          // Each peak ÷ 80% headroom (11,250 and 3,750) × 2: ½ + ½ of it, and each direction a raise, so the table is pre-warmed.
          edits: [{ op: 'set', path: 'warmThroughput', value: { readUnitsPerSecond: 22500, writeUnitsPerSecond: 7500 } }],
        },
      ],
    },
    {
      // Sized at peak ÷ 80% headroom: reads 13,750, above their default, so only they are raised; writes (625) fit theirs.
      name: 'a launch peak whose reads alone take the combination over: only the read warm throughput is raised',
      design: table({ launchAtPeak: true, workload: { peakReadUnits: 11000, peakWriteUnits: 500 } }),
      findings: [
        {
          messageId: 'notPreWarmed',
          message: /takes 91\.67% \+ 12\.5% = 104\.17% of it/,
          edits: [{ op: 'set', path: 'warmThroughput', value: { readUnitsPerSecond: 13750, writeUnitsPerSecond: 4000 } }],
        },
      ],
    },
    {
      name: 'a GSI of a new table checked the same way: its reads and writes from the table, over in combination',
      design: table({
        launchAtPeak: true,
        workload: { peakReadUnits: 6000, peakWriteUnits: 3000 },
        warmThroughput: { readUnitsPerSecond: 18000, writeUnitsPerSecond: 6000 },
        globalSecondaryIndexes: [statusIndex()],
      }),
      findings: [
        {
          messageId: 'notPreWarmed',
          path: 'globalSecondaryIndexes[0].workload',
          index: 'byStatus',
          data: { combinedFraction: 1.25 },
          edits: [{ op: 'set', path: 'globalSecondaryIndexes[0].warmThroughput', value: { readUnitsPerSecond: 15000, writeUnitsPerSecond: 7500 } }],
        },
      ],
    },
    {
      // Review launch19 item 1 (prov-launch.json): created at its 5-unit minimums, the table throttles the launch until
      // auto scaling follows; before, launchAtPeak was judged only on demand and this design passed.
      name: 'a provisioned table launched at its peak with an auto-scaling minimum far below it',
      design: table({
        launchAtPeak: true,
        capacity: { read: { min: 5, max: 20_000 }, write: { min: 5, max: 20_000 } },
        workload: { peakReadUnits: 15_000, peakWriteUnits: 15_000 },
      }),
      findings: [
        { messageId: 'minimumBelowPeak', path: 'capacity.read.min', edits: [{ op: 'set', path: 'capacity.read', value: { min: 18_750, max: 20_000 } }] },
        {
          messageId: 'minimumBelowPeak',
          path: 'capacity.write.min',
          severity: 'warning',
          // Each raise at most the consumed 5 ÷ 70% (1.43×), throttled at what it has: ⌈ln(3,000) ÷ ln(1.43)⌉ = 23 raises.
          data: { peak: 15_000, limit: 5, suggested: 18_750, minimumFrom: 'declared', scaleSteps: 23, targetUtilization: 0.7 },
          message:
            /^new and provisioned, the table is created with 5 WCU of write capacity, its auto-scaling minimum \(`capacity\.write\.min`\), and its declared peak of 15,000 WCU arrives at creation \(launchAtPeak\): launched at that peak it throttles every request above 5 WCU until auto scaling raises the capacity, which starts only once the consumed capacity has stayed above the target utilization for 2 consecutive minutes.*so from 5 to 15,000 WCU is 23 raises of at most 1\.43× each, 2 minutes or more apiece/,
          fix: /^raise the auto-scaling minimum to at least 18,750 \(15,000 WCU at 80% utilization\) before the launch/,
          // Sized at peak ÷ headroom, as every SG017 raise; the maximum kept.
          edits: [{ op: 'set', path: 'capacity.write', value: { min: 18_750, max: 20_000 } }],
        },
      ],
    },
    {
      name: "a provisioned launch with no minimum declared: CDK's minCapacity default of 1, and a maximum the raise passes",
      design: table({ launchAtPeak: true, capacity: { read: { fixed: 2000 }, write: { max: 1000 } }, workload: { peakReadUnits: 1000, peakWriteUnits: 1000 } }),
      findings: [
        { messageId: 'withinHeadroom', path: 'capacity.write.max', edits: [{ op: 'set', path: 'capacity.write.max', value: 1250 }] },
        {
          messageId: 'minimumBelowPeak',
          path: 'capacity.write.min',
          data: { limit: 1, minimumFrom: 'default', scaleSteps: 20 }, // ⌈ln(1,000) ÷ ln(1 ÷ 0.7)⌉
          message: /created with 1 WCU of write capacity, the auto-scaling minimum when none is given \(CDK minCapacity\)/,
          // The minimum above the maximum would not deploy: the maximum rises with it, to the value belowPeak asks.
          edits: [{ op: 'set', path: 'capacity.write', value: { min: 1250, max: 1250 } }],
        },
      ],
    },
    {
      name: "a GSI that takes the table's auto-scaled capacity, launched at a write peak above the table's minimum",
      design: table({
        launchAtPeak: true,
        capacity: { read: { min: 15_000, max: 40_000 }, write: { min: 15_000, max: 40_000 } },
        // ddb24 item 3: the table's peaks within the headroom of its minimum (12,000 of 15,000), so that only the GSI is reported.
        workload: { peakReadUnits: 12_000, peakWriteUnits: 12_000 },
        globalSecondaryIndexes: [statusIndex({ workload: { peakWriteUnits: 25_000 } })],
      }),
      findings: [
        {
          messageId: 'minimumBelowPeak',
          path: 'globalSecondaryIndexes[0].capacity.write',
          index: 'byStatus',
          notes: ['inherited'],
          // Issue 13 §5: the capacity the fix gives the index is data (numbers, as its edits write them), the key space its name.
          data: {
            limit: 15_000,
            suggested: 31_250,
            limitField: 'capacity.write.min',
            index: 'byStatus',
            // Its reads' own capacity: the table's 12,000 RCU at 80% (15,000), within the minimum it keeps.
            ownCapacity: { write: { min: 31_250, max: 31_250 }, read: { min: 15_000, max: 15_000 } },
          },
          fix: /; the index takes the table's capacity, so --fix gives it capacity of its own, `capacity` = \{ write: \{min: 31250, max: 31250\}, read: \{min: 15000, max: 15000\} \}$/,
          edits: [
            { op: 'set', path: 'globalSecondaryIndexes[0].capacity.write', value: { min: 31_250, max: 31_250 } },
            { op: 'set', path: 'globalSecondaryIndexes[0].capacity.read', value: { min: 15_000, max: 15_000 } },
          ],
        },
      ],
    },
    {
      // 35,000 ÷ 80% = 43,750: a minimum above the table-level quota, which DynamoDB refuses, so no edit.
      name: 'a provisioned launch whose raised minimum would pass the table-level quota',
      design: table({
        launchAtPeak: true,
        capacity: { read: { fixed: 2000 }, write: { min: 5, max: 40_000 } },
        workload: { peakReadUnits: 1000, peakWriteUnits: 35_000 },
      }),
      findings: [
        { messageId: 'withinHeadroom', path: 'capacity.write.max', edits: false },
        {
          messageId: 'minimumBelowPeak',
          path: 'capacity.write.min',
          fix: /^set `capacity\.write\.min` to at least 43,750 .*once the table-level write throughput quota is raised/,
          edits: false,
        },
      ],
    },
    {
      // Review launch19 item 2: "New on-demand tables will be able to sustain up to 4,000 writes per second" (Pre-warming
      // a table for on-demand capacity mode): a launch at 4,001 WCU is over it, and is pre-warmed at 4,001 ÷ 80%.
      name: 'a launch peak of one write unit over the 4,000 WCU a new on-demand table sustains',
      design: table({ launchAtPeak: true, workload: { peakReadUnits: 0, peakWriteUnits: 4001 } }),
      findings: [
        { messageId: 'notPreWarmed', edits: [{ op: 'set', path: 'warmThroughput', value: { readUnitsPerSecond: 12_000, writeUnitsPerSecond: 5002 } }] },
      ],
    },
    {
      // Review launch19 item 2 (launch-small-defaultwarm.json): 12,000 and 4,000 are the least warm throughput a table takes.
      name: 'warm throughput declared at the defaults: it pre-warms nothing, and the finding says so',
      design: table({
        launchAtPeak: true,
        workload: { peakReadUnits: 6000, peakWriteUnits: 3000 },
        warmThroughput: { readUnitsPerSecond: 12_000, writeUnitsPerSecond: 4000 },
      }),
      findings: [
        {
          messageId: 'notPreWarmed',
          notes: ['warmAtDefaults'],
          data: { combinedFraction: 1.25 },
          message:
            /; its declared warmThroughput raises neither default \(12,000 RCU, 4,000 WCU, the least warm throughput a table takes\), so it pre-warms nothing/,
          // Review launch19 item 3: each peak ÷ 80% (7,500 and 3,750), × 2 for ½ + ½, not the peak × 2 (12,000 and 6,000).
          edits: [{ op: 'set', path: 'warmThroughput', value: { readUnitsPerSecond: 15_000, writeUnitsPerSecond: 7500 } }],
        },
      ],
    },
    {
      // dynA32: 35,000 ÷ 80% = 43,750, past the 40,000 quota DynamoDB pre-warms up to, which the fix says; nearQuota asks
      // for the raise. Was capped at the quota, 40,000 (with its edit), which left the peak at 87.5% of it and then
      // passed silently.
      name: 'a launch peak under the quota whose headroom is not: warm throughput at peak ÷ headroom, past the quota',
      design: table({ launchAtPeak: true, workload: { peakReadUnits: 1000, peakWriteUnits: 35_000 } }),
      findings: [
        {
          messageId: 'notPreWarmed',
          fix: /^pre-warm it: set warmThroughput to \{ readUnitsPerSecond: 12,000, writeUnitsPerSecond: 43,750 \}.*; those figures are above the default table-level quota of 40,000 units per second, which bounds warm throughput too/,
          // Past the quota, no edit: --fix writes no figure the deployment refuses (as every raise past a default quota).
          edits: false,
        },
        { messageId: 'nearQuota', severity: 'warning', path: 'workload.peakWriteUnits', data: { suggested: 43_750 } },
      ],
    },
    {
      // A review's launch table: DynamoDB pre-warms only up to the table-level quota, so 60,000 fails as declared.
      name: 'warm throughput above the default table-level quota of 40,000',
      design: table({
        launchAtPeak: true,
        workload: { peakReadUnits: 30_000, peakWriteUnits: 35_000 },
        // ddb24 item 3: warm reads with the headroom (30,000 ÷ 80%), so that only the quota is reported.
        warmThroughput: { readUnitsPerSecond: 37_500, writeUnitsPerSecond: 60_000 },
      }),
      // dynA32: one request, one finding: the peak's nearQuota asks for the raise, an error with the declared warm
      // throughput past the quota (was warmOverQuota beside a nearQuota warning, the same request twice).
      findings: [
        {
          messageId: 'nearQuota',
          path: 'workload.peakWriteUnits',
          severity: 'error',
          notes: ['declaredWarmPastQuota'],
          message:
            /; its declared warm throughput, 60,000 WCU per second \(`warmThroughput\.writeUnitsPerSecond`\), is above the quota too, and DynamoDB pre-warms only up to it: the deployment fails until the quota is raised$/,
          fix: /^request an increase of the table-level write throughput quota to at least 43,750 .*; the declared warm throughput needs it at 60,000 at least: request that, or pre-warm at most 43,750 WCU per second$/,
          data: { suggested: 43_750, warmUnits: 60_000 },
          edits: false,
        },
      ],
    },
    {
      // Not above the quota, so no error; without headroom under it, a burst is throttled (review 11 item 4).
      name: 'an on-demand peak at exactly the table-level quota of 40,000 units per second: warnings',
      design: table({ workload: { peakReadUnits: 40_000, peakWriteUnits: 40_000 } }),
      findings: [
        { messageId: 'nearQuota', severity: 'warning', path: 'workload.peakReadUnits', data: { peak: 40_000, quota: 40_000, suggested: 50_000 } },
        { messageId: 'nearQuota', severity: 'warning', path: 'workload.peakWriteUnits', data: { peak: 40_000, quota: 40_000, suggested: 50_000 } },
      ],
    },
    {
      name: 'a peak above the default table-level quota of 40,000 units per second',
      design: table({
        workload: { peakReadUnits: 1000, peakWriteUnits: 50000 },
        warmThroughput: { writeUnitsPerSecond: 50000 },
      }),
      findings: [
        {
          messageId: 'overQuota',
          path: 'workload.peakWriteUnits',
          severity: 'error',
          message: /^the declared write peak of the table, 50,000 WCU, is above .*unless the quota was raised, every request above it is throttled$/,
          // quota32: the figure to request, 50,000 ÷ 80% (was no figure).
          fix: /^request an increase of the table-level write throughput quota to at least 62,500 WCU \(50,000 WCU at 80% utilization; Service Quotas, DynamoDB; the quota is adjustable\), then acknowledge this finding with the request as the reason/,
          data: { peak: 50000, quota: 40000, suggested: 62_500 },
          edits: false,
        },
      ],
    },
    {
      name: 'provisioned capacity above the table-level quota, on the table and on a GSI',
      design: table({
        capacity: { read: { fixed: 40_001 }, write: { max: 1_000 } },
        globalSecondaryIndexes: [statusIndex({ capacity: { write: { min: 5, max: 1e15 } } })],
      }),
      findings: [
        { messageId: 'provisionedOverAccountQuota', path: 'capacity.read', severity: 'error', data: { units: 80_002, quota: 80_000 } },
        {
          messageId: 'provisionedOverQuota',
          path: 'capacity.read.fixed',
          severity: 'error',
          message: /unless the quota was raised, DynamoDB refuses to provision more \(LimitExceededException\): a fixed capacity fails the deployment/,
          data: { units: 40_001, quota: 40_000, dimension: 'read' },
        },
        {
          messageId: 'provisionedOverAccountQuota',
          path: 'capacity.write',
          severity: 'error',
          data: { units: 1e15 + 1_000, quota: 80_000 },
          fix: /^request an increase of the account-level write throughput quota \(Service Quotas, DynamoDB\), then acknowledge this finding with the request as the reason/,
        },
        {
          messageId: 'provisionedOverQuota',
          path: 'globalSecondaryIndexes[0].capacity.write.max',
          severity: 'error',
          data: { units: 1e15, quota: 40_000, dimension: 'write' },
          edits: false,
        },
      ],
    },
    {
      // gsi-doubling.json: 50,000 WCU nobody declared. 1× (25,000) is under the quota: a warning naming the assumption.
      name: 'a GSI over the quota only at 2× the table’s writes, doubled on the name `status`: a warning',
      design: telemetry(25_000),
      findings: [
        {
          messageId: 'overQuota',
          path: 'globalSecondaryIndexes[0]',
          index: 'by-status',
          severity: 'warning',
          notes: ['writesFromKeyChanges', 'errorOnlyByName'],
          data: Object.assign(
            { source: 'derived', peak: 50_000, quota: 40_000, tableWrites: 25_000, peakOnce: 25_000, changingKey: 'status', changingFrom: 'name' },
            INDEX_FIELDS,
          ),
          message:
            "the derived write peak of index `by-status`, 50,000 WCU, is above the default table-level quota of 40,000 units per second (for a table and for each of its GSIs, in both capacity modes): unless the quota was raised, every request above it is throttled; that write peak is 2× the table's declared 25,000 WCU: `status` is named like an attribute that changes, and a change of an index key costs the index 2 writes, a delete and a put; declare `globalSecondaryIndexes[0].workload.peakWriteUnits`, or `globalSecondaryIndexes[0].partitionKey.mutable`: false, to count it otherwise; at 1×, 25,000 WCU, it would not be an error: only the name of `status` makes it one, so this is a warning until the design declares either field",
        },
      ],
    },
    {
      // Declared mutable: the 2× is the designer's, and the deploy cannot serve it: the error stands.
      name: 'the same GSI with its key declared mutable: an error',
      design: telemetry(25_000, { mutable: true }),
      findings: [
        {
          messageId: 'overQuota',
          severity: 'error',
          notes: ['writesFromKeyChanges'],
          data: { source: 'derived', peak: 50_000, changingFrom: 'declared' },
          message:
            /; that write peak is 2× the table's declared 25,000 WCU: `statusShard` is declared mutable, and a change of an index key costs the index 2 writes/,
        },
      ],
    },
    {
      name: 'the same GSI with its own write peak declared at 50,000 WCU: an error, the figure declared',
      design: telemetry(25_000, {}, { workload: { peakWriteUnits: 50_000 } }),
      findings: [
        {
          messageId: 'overQuota',
          severity: 'error',
          notes: [],
          data: { source: 'declared', peak: 50_000 },
          message: /^the declared write peak of index `by-status`, 50,000 WCU/,
        },
      ],
    },
    {
      // 45,000 table WCU: over the quota at 1× too, so the name is not what makes it an error.
      name: 'a GSI doubled on its name that is over the quota at 1× too: an error, the assumption still named',
      design: telemetry(45_000),
      findings: [
        {
          messageId: 'overQuota',
          index: 'by-status',
          severity: 'error',
          notes: ['writesFromKeyChanges'],
          data: { source: 'derived', peak: 90_000, tableWrites: 45_000 },
        },
        { messageId: 'overQuota', path: 'workload.peakWriteUnits', severity: 'error', data: { source: 'declared', peak: 45_000 } },
      ],
    },
    {
      // 2,000 WCU counted against 1,500 provisioned; 1×, 1,000 WCU, fits the 1,200 usable: a warning, whose fix still sizes for 2×.
      name: 'GSI write capacity below the 2× a name gives its writes, above 1× with headroom: a warning',
      design: provisionedTelemetry(1500),
      findings: [
        {
          messageId: 'fixedBelowPeak',
          path: 'globalSecondaryIndexes[0].capacity.write.fixed',
          index: 'by-status',
          severity: 'warning',
          notes: ['writesFromKeyChanges', 'errorOnlyByName'],
          data: { source: 'derived', peak: 2000, limit: 1500, peakOnce: 1000, suggested: 2500 },
          message: /^index `by-status` provisions 1,500 WCU of write capacity, below its derived peak of 2,000 WCU: /,
          edits: [{ op: 'set', path: 'globalSecondaryIndexes[0].capacity.write.fixed', value: 2500 }],
        },
      ],
    },
    {
      name: 'the same capacity with the key declared mutable: an error',
      design: provisionedTelemetry(1500, { mutable: true }),
      findings: [{ messageId: 'fixedBelowPeak', severity: 'error', notes: ['writesFromKeyChanges'], data: { peak: 2000, changingFrom: 'declared' } }],
    },
    {
      // 1×, 1,000 WCU, is above the 900 provisioned too: an error on what is known.
      name: 'GSI write capacity below the table’s writes themselves, on a name-doubled index: an error',
      design: provisionedTelemetry(900),
      findings: [{ messageId: 'fixedBelowPeak', severity: 'error', notes: ['writesFromKeyChanges'], data: { peak: 2000, limit: 900 } }],
    },
  ],
});

/** ddb24 item 3: one headroom rule for every capacity a launch peak meets: below, at and above the peak ÷ headroom. */
describe('SG017 judges warm throughput and provisioned capacity at a launch with the same headroom', () => {
  const peak = 8000;
  const launch = (extra: object) => table({ launchAtPeak: true, workload: { peakReadUnits: 1000, peakWriteUnits: peak }, ...extra });
  const warm = (units: number) => launch({ warmThroughput: { writeUnitsPerSecond: units } });
  const fixed = (units: number) => launch({ capacity: { read: { fixed: 1250 }, write: { fixed: units } } });
  const minimum = (units: number) => launch({ capacity: { read: { fixed: 1250 }, write: { min: units, max: 20_000 } } });
  const verdict = (design: ReturnType<typeof table>) =>
    lint(design)
      .filter((f) => f.ruleId === 'SG017')
      .map((f) => `${f.severity} ${f.messageId}`);
  it.each([
    ['below the peak (7,999)', 7999, ['warning warmBelowPeak'], ['error fixedBelowPeak'], ['warning minimumBelowPeak']],
    ['at the peak (8,000)', 8000, ['warning warmWithinHeadroom'], ['warning withinHeadroom'], ['warning minimumWithinHeadroom']],
    ['above the peak, within the headroom (9,000)', 9000, ['warning warmWithinHeadroom'], ['warning withinHeadroom'], ['warning minimumWithinHeadroom']],
    ['at peak ÷ headroom (10,000)', 10_000, [], [], []],
  ])('%s', (_, units, warmVerdict, fixedVerdict, minimumVerdict) => {
    expect(verdict(warm(units))).toEqual(warmVerdict);
    expect(verdict(fixed(units))).toEqual(fixedVerdict);
    expect(verdict(minimum(units))).toEqual(minimumVerdict);
  });
});

describe('SG017 metadata', () => {
  it('cites the capacity, on-demand, warm-throughput and quota pages', () => {
    const rule = RULES.find((r) => r.id === 'SG017');
    const urls = rule?.sources.map((s) => s.url) ?? [];
    for (const page of [
      'provisioned-capacity-mode.html',
      'AutoScaling.html',
      'on-demand-capacity-mode.html',
      'on-demand-capacity-mode-max-throughput.html',
      'pre-warming-on-demand-capacity-mode.html',
      'warm-throughput.html',
      'ServiceQuotas.html#default-limits-throughput',
    ]) {
      expect(urls.some((url) => url.endsWith(page))).toBe(true);
    }
  });
});
