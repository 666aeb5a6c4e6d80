import type { CosmosContainerDesign, DynamoDbTableDesign } from '../../../lib';
import { lint } from '../../../lib';
import { container, regionStatusWrites, table } from '../../fixtures';
import { testRule } from '../../support/rule-tester';

const userId = { name: 'userId', type: 'S' as const, cardinality: 'unique' as const };
const tenants = (hotKeyShare?: number, sharding?: { strategy: 'random' | 'replicated'; shards: number }) =>
  container({
    name: 'tenant-events',
    partitionKey: { paths: [{ path: '/tenantId', cardinality: 500 }] },
    workload: { peakReadUnits: 5000, peakWriteUnits: 10000, ...(hotKeyShare === undefined ? {} : { hotKeyShare }) },
    sharding,
  });

/** Tenants with `throughput`: `reads` + `writes` RU/s at peak, `hotKeyShare` of it on the busiest tenant. */
const provisioned = (throughput: CosmosContainerDesign['throughput'], reads: number, writes: number, hotKeyShare: number, totalGb?: number) =>
  container({
    name: 'tenant-events',
    partitionKey: { paths: [{ path: '/tenantId', cardinality: 500 }] },
    workload: { peakReadUnits: reads, peakWriteUnits: writes, hotKeyShare },
    throughput,
    ...(totalGb === undefined ? {} : { storage: { totalGb } }),
  });

/**
 * Firstlevel 8: a hierarchical key whose FIRST level declares the hottest share. One `/tenantId` value's documents stay
 * on one physical partition until they hold 50 GB ("Hierarchical partition keys"), so its whole share of the load is
 * judged on that partition's share, as a flat key's value is. Writes only, 5,000 RU/s unless told.
 */
const firstLevelShare = (hotKeyShare: number, throughput: CosmosContainerDesign['throughput'], writes = 5_000) =>
  container({
    name: 'tenant-events',
    partitionKey: {
      paths: [
        { path: '/tenantId', cardinality: 500, hotKeyShare },
        { path: '/userId', cardinality: 'unique' },
      ],
    },
    workload: { peakReadUnits: 0, peakWriteUnits: writes },
    throughput,
  });

/*
 * Verdict 9 (`regionStatusWrites`): a hierarchical key whose FULL key declares the hottest share (`workload.hotKeyShare`) and whose first
 * level declares none. `/region` (`regions`) → `/status` (5), 5,000 RU/s of writes, 20,000 manual RU/s: 4 physical
 * partitions of 5,000 RU/s, 4,000 usable at 80%. The full key's hottest value sits under one `/region` value, whose
 * documents stay on one physical partition ("Hierarchical partition keys"): that region takes at least the declared
 * share, and at least 1/regions.
 */

/** The review's serverless chat (40 GB, one physical partition): a quarter of the traffic on one `/roomId`. */
const serverlessChat = (reads: number, writes: number) =>
  container({
    name: 'chat-messages',
    throughput: 'serverless',
    partitionKey: {
      paths: [
        { path: '/roomId', cardinality: 200_000, hotKeyShare: 0.25 },
        { path: '/messageId', cardinality: 'unique' },
      ],
    },
    workload: { peakReadUnits: reads, peakWriteUnits: writes },
    storage: { totalGb: 40 },
  });

/** A tenant at 30% of 1,000 WCU (300, fitting one key) on a key sharded 4 ways that its load does not need. */
const dominantSharded = (acknowledgements?: DynamoDbTableDesign['acknowledgements']): DynamoDbTableDesign =>
  table({
    name: 'feed',
    partitionKey: { name: 'tenantId', type: 'S', cardinality: 1000 },
    sortKey: { name: 'ts', type: 'S' },
    sharding: { strategy: 'random', shards: 4 },
    workload: { peakReadUnits: 1000, peakWriteUnits: 1000, hotKeyShare: 0.3 },
    ...(acknowledgements ? { acknowledgements } : {}),
  });

testRule('SG014', {
  valid: [
    // stranger24b: a needless sharding kept on purpose is the design, judged sharded as SG001 judges it: the 300 WCU
    // tenant is 4 stored keys of 75 WCU, planned for by the sharding (as a sharding the load needs is).
    {
      name: 'a dominant value of a key whose needless sharding is kept on purpose (SG007 acknowledged)',
      design: dominantSharded([{ rule: 'SG007', reason: 'shards kept for the growth of the next season' }]),
    },
    // 0.3 of the full key, at a project maxHotKeyShare of 35%: not dominant. A region takes at least max(0.3, 1/2) =
    // 50%, above 35%, but that is the uniform share of 2 values (SG001's finding), not a declared one SG014 judges.
    {
      name: "a full key's share below maxHotKeyShare: its first level's uniform share is SG001's",
      design: regionStatusWrites(2, 0.3),
      options: { thresholds: { maxHotKeyShare: 0.35 } },
    },
    // 0.05 of 5,000 = 250 RU/s on the tenant: at or below maxHotKeyShare 10%, nothing dominant to warn of.
    { name: 'a first-level share below maxHotKeyShare', design: firstLevelShare(0.05, { manual: 20_000 }) },
    // 0.3 of 15,000 = 4,500 RU/s on one tenant; 20,000 manual = 4 partitions of 5,000 (4,000 usable), neighbours
    // (15,000 − 4,500) ÷ 4 = 2,625: 4,500 > 4,000 − 2,625 = 1,375 usable, so SG003's prefix check errs; no warning beside it.
    { name: 'a dominant first-level value over its physical partition (SG003 reports it)', design: firstLevelShare(0.3, { manual: 20_000 }, 15_000) },
    {
      // Verdict 9: a container short of RU/s (SG017): 9,000 RU/s on 10,000 manual, judged at SG017's 11,300 (2
      // partitions of 5,650, 4,520 usable, about the peak: every partition at its usable share). The tenant's 2,700
      // RU/s beside (9,000 − 2,700) ÷ 2 = 3,150 leave 1,370 usable: over at the raise, SG003's prefix error
      // (prefixAtCapacityRaise). A dominant value (above the even share) is always over there: SG014 has nothing to add.
      name: 'a dominant first-level value in a container short of RU/s: SG003 errs at the raise, SG017 reports the container',
      design: firstLevelShare(0.3, { manual: 10_000 }, 9_000),
    },
    { name: 'a declared share at the limit', design: tenants(0.1) },
    {
      name: 'a uniform share, however few values (SG001 judges those)',
      design: table({ partitionKey: { name: 'status', type: 'S', cardinality: 5 }, workload: { peakReadUnits: 100, peakWriteUnits: 100 } }),
    },
    // 70% of 15,000 RU/s = 10,500 RU/s: the load needs N = 2, and the key is sharded so.
    { name: 'a dominant key sharded because its load needs it', design: tenants(0.7, { strategy: 'random', shards: 2 }) },
    // Peak 9,000 RU/s on 4,000 manual: at the 11,300 SG017 asks for (2 partitions of 5,650) the tenant's partition carries
    // 2,700 + 3,150 RU/s, over its 4,520 usable: SG003's error, judged at that raise, not this warning.
    {
      name: 'a dominant key in a container over its capacity that still throttles at SG017 raise (SG003)',
      design: provisioned({ manual: 4_000 }, 3_000, 6_000, 0.3),
    },
    // Cosmos review 9: on one physical partition every key value shares it, so the hottest value's load and its
    // neighbours' add up to the peak and it saturates exactly when the container does (SG017's finding).
    // 4,000 manual RU/s is one partition of 4,000 (3,200 usable); 0.3 × 3,000 = 900 RU/s on the tenant, its neighbours
    // 2,100: 900 of 3,200 − 2,100 = 1,100, growth 3,200 ÷ 3,000 = 1.07×, the container's own.
    { name: "a dominant key on one physical partition of 4,000 RU/s (its capacity is SG017's)", design: provisioned({ manual: 4_000 }, 1_000, 2_000, 0.3) },
    // Serverless at 40 GB: one partition of 5,000 RU/s (4,000 usable; "Azure Cosmos DB serverless account performance").
    // 0.25 × 3,500 = 875 RU/s on one room, 2,625 on the rest: 875 of 4,000 − 2,625 = 1,375, growth 4,000 ÷ 3,500 = 1.14×,
    // the container's own; a bucketed first level would put every bucket on the same partition.
    { name: 'a dominant first-level value in a serverless container of one partition', design: serverlessChat(2_000, 1_500) },
    // 4,500 RU/s: above the 4,000 usable, SG017's warning alone (the room carries 1,125 of the 4,500 its partition serves).
    { name: 'the same over its usable RU/s: SG017 alone', design: serverlessChat(2_500, 2_000) },
    // The flat key alike, above what the container serves: 2,700 + 6,300 = 9,000 on the one partition of 5,000 RU/s.
    { name: 'a dominant flat key in a serverless container of one partition over capacity', design: provisioned('serverless', 3_000, 6_000, 0.3) },
    {
      name: 'a dominant key without traffic',
      design: table({
        sortKey: userId,
        partitionKey: { name: 'shopId', type: 'S', cardinality: 100 },
        workload: { peakReadUnits: 0, peakWriteUnits: 0, hotKeyShare: 0.5 },
      }),
    },
  ],
  invalid: [
    {
      name: 'the same key, SG007 not acknowledged: judged unsharded, as SG007 would leave it',
      design: dominantSharded(),
      findings: [{ messageId: 'dominant', severity: 'warning' }],
    },
    {
      // Before: the full key's finding, 0.3 × 5,000 = 1,500 RU/s; 1,500 × 5 > 5,000, so its neighbours are
      // (5,000 − 1,500) ÷ 4 = 875: usable 4,000 − 875 = 3,125, growth 4,000 ÷ 2,375 = 1.68×, while SG001 said the
      // region saturates sooner. The region holding that value takes at least max(0.3, 1/2) = 0.5: 2,500 RU/s, beside
      // the other region's 2,500 ÷ 4 = 625 (hashed beside it with probability 1/4): 2,500 of 3,375 usable, 4,000 ÷ 3,125
      // = 1.28×, SG001's figure (test/lint/first-level-judged.test.ts checks both rules together). Before (an even
      // share, no neighbours): 4,000 usable, 1.6×.
      name: "a full key's declared share whose first-level value saturates first: the first level, at least that share",
      design: regionStatusWrites(2, 0.3),
      findings: [
        {
          messageId: 'dominantAtLeast',
          path: 'workload.hotKeyShare',
          notes: ['heldByFirstLevel', 'aboveMaxShare', 'firstLevelPartition', 'firstLevelPhysicalShare'],
          fix: /^plan a bucketed first level before traffic grows 1\.28×/,
          data: { key: ['/region'], share: 0.5, keyShare: 0.3, values: 2, declaredAt: 'workload.hotKeyShare', load: 2500, usable: 3375, growthToCeiling: 1.28 },
          message:
            /^the hottest `\/region` value takes at least 50% of traffic \(it holds the full key's hottest value, 30% at workload\.hotKeyShare, so at least that; and, one of 2, at least 1\/2\), above maxHotKeyShare 10%: 2,500 of a usable 3,375 RU\/s today, saturated when traffic grows 1\.28×/,
        },
      ],
    },
    {
      // 3 regions. The region takes at least max(0.3, 1/3) = 1,666.67 RU/s, beside 3,333.33 ÷ 4 = 833.33: 3,166.67
      // usable, 4,000 ÷ 2,500 = 1.6×, sooner than the full key's 1,500 RU/s (beside 875: 1.68×). Before (an even
      // share, no neighbours: 2.4×) the full key's finding stood. On one partition each, a first-level value carries at
      // least the full key's load and meets no more beside it, so it now always saturates no later.
      name: "a full key's declared share under 3 regions: the first level still saturates first",
      design: regionStatusWrites(3, 0.3),
      findings: [
        {
          messageId: 'dominantAtLeast',
          path: 'workload.hotKeyShare',
          data: { key: ['/region'], load: 1666.66666667, usable: 3166.66666667, growthToCeiling: 1.6 },
        },
      ],
    },
    {
      // Verdict 9: silent before (a first-level value past 50 GB was not judged). The tenant holds 60 GB: it spans
      // ⌈60 ÷ 50⌉ = 2 physical partitions ("Hierarchical partition keys"). 20,000 manual RU/s and 400 GB: 8 partitions
      // (one per 50 GB) of 2,500 RU/s, 2,000 usable. 0.3 × 5,000 = 1,500 RU/s over its 2; it fills 1.2 of them, and the
      // other tenants' (5,000 − 1,500) ÷ 8 = 437.5 RU/s a partition take the 0.8 of one it leaves (review 11: not 437.5 on
      // each): neighbours 350, usable 4,000 − 350 = 3,650, growth 4,000 ÷ 1,850 = 2.16×, short of the container's 3.2×.
      // (At 120 GB, 30% of the data for 30% of the traffic, it loads its partitions no more than the average: silent.)
      name: 'a dominant first-level value that spans several physical partitions: judged on those it spans',
      design: container({
        ...firstLevelShare(0.3, { manual: 20_000 }),
        partitionKey: {
          paths: [
            { path: '/tenantId', cardinality: 500, hotKeyShare: 0.3, largestGb: 60 },
            { path: '/userId', cardinality: 'unique' },
          ],
        },
        storage: { totalGb: 400 },
      }),
      findings: [
        {
          messageId: 'dominant',
          // Verdicts 12: the note gives the figures the verdict used, the 2 partitions' 4,000 usable less the 350 RU/s
          // at its edges, not one partition's 2,000 less 350 (which would read as 1,650).
          notes: ['declaredAtLevel', 'aboveMaxShare', 'firstLevelPartitions', 'firstLevelSpannedShare'],
          data: {
            key: ['/tenantId'],
            load: 1500,
            usable: 3650,
            neighbourRu: 350,
            physicalPartitions: 8,
            spanned: 2,
            prefixGb: 60,
            spannedUsable: 4000,
            edgeRoom: 0.8,
            restRu: 3500,
            growthToCeiling: 2.16216216216,
          },
          message:
            /1,500 of a usable 3,650 RU\/s today, saturated when traffic grows 2\.16×; a first-level value's documents span one more physical partition per 50 GB they hold: its 60 GB span only 2 physical partitions, so its whole load counts on those, however unique `\/userId` are: the container's 20,000 RU\/s are divided among 8 physical partitions of 2,500 RU\/s \(2,000 usable at 80%\), 4,000 usable on the 2 physical partitions it spans, less the 350 RU\/s the other first-level values are expected to take on the 0\.8 of a partition its 60 GB leave them \(3,500 RU\/s ÷ 8 partitions × 0\.8\): those 3,650 RU\/s/,
        },
      ],
    },
    {
      // Verdicts 12 item 1: 100 GB fill 2 partitions alone (firstLevelSpan: no room at its edges), so no neighbours:
      // 1,500 of 2 × 2,000 = 4,000 usable, 2.67×, short of the container's 16,000 ÷ 5,000 = 3.2×. The note said "the
      // other first-level values hashed there are expected to take 0 RU/s" beside one partition's 2,000 usable.
      name: 'a dominant first-level value that fills the partitions it spans: no neighbours, said as such',
      design: container({
        ...firstLevelShare(0.3, { manual: 20_000 }),
        partitionKey: {
          paths: [
            { path: '/tenantId', cardinality: 500, hotKeyShare: 0.3, largestGb: 100 },
            { path: '/userId', cardinality: 'unique' },
          ],
        },
        storage: { totalGb: 400 },
      }),
      findings: [
        {
          messageId: 'dominant',
          notes: ['declaredAtLevel', 'aboveMaxShare', 'firstLevelPartitions', 'firstLevelFilledShare'],
          data: { load: 1500, usable: 4000, neighbourRu: 0, spannedUsable: 4000, spanned: 2, prefixGb: 100, growthToCeiling: 2.66666666667 },
          message:
            /the container's 20,000 RU\/s are divided among 8 physical partitions of 2,500 RU\/s \(2,000 usable at 80%\), 4,000 usable on the 2 physical partitions it spans, which its 100 GB fill alone, so no other first-level value's load is on them: those RU\/s, not the 10,000 RU\/s one full key value may take, are what this value can reach$/,
        },
      ],
    },
    {
      // Silent before: the full key's share is uniform (unique /userId), so only the full key was judged.
      // 0.3 × 5,000 = 1,500 RU/s on one tenant. 20,000 manual RU/s = 4 physical partitions of 5,000 (4,000 usable at
      // 80%). Neighbours: 1,500 × 500 > 5,000, so not uniform: (5,000 − 1,500) ÷ 4 = 875 RU/s. Usable 4,000 − 875 =
      // 3,125. Growth: (3,125 + 875) ÷ (1,500 + 875) = 4,000 ÷ 2,375 = 1.684×, the flat key's own figures.
      name: 'a dominant first-level value: judged on the physical partition it stays on, as a flat key with that share',
      design: firstLevelShare(0.3, { manual: 20_000 }),
      findings: [
        {
          messageId: 'dominant',
          path: 'partitionKey.paths',
          severity: 'warning',
          notes: ['declaredAtLevel', 'aboveMaxShare', 'firstLevelPartition', 'firstLevelPhysicalShare'],
          fix: /^plan a bucketed first level before traffic grows 1\.68×/,
          data: {
            key: ['/tenantId'],
            share: 0.3,
            declaredAt: 'partitionKey.paths[0].hotKeyShare',
            load: 1500,
            usable: 3125,
            neighbourRu: 875,
            physicalPartitions: 4,
            partitionUsable: 4000,
            growthToCeiling: 1.68421052632,
          },
          message:
            /the hottest `\/tenantId` value takes 30% of traffic \(declared at partitionKey\.paths\[0\]\.hotKeyShare\), above maxHotKeyShare 10%: 1,500 of a usable 3,125 RU\/s today, saturated when traffic grows 1\.68×; a first-level value's documents stay on one physical partition until they hold 50 GB/,
        },
      ],
    },
    {
      // Before: the full key's share, estimated from paths[0] as 0.3 ÷ (1,000 ÷ 500 children) = 0.15, was the finding:
      // 750 RU/s at partitionKey. Its value sits under one tenant on the same partition, and the tenant's 1,500 RU/s
      // saturate first (1.68× against the full key's (4,000) ÷ (750 + 1,062.5) = 2.21×): the tenant is the finding.
      name: 'a first-level share that also gives the full key a dominant share: the first level, which saturates first',
      design: container({
        ...firstLevelShare(0.3, { manual: 20_000 }),
        partitionKey: {
          paths: [
            { path: '/tenantId', cardinality: 500, hotKeyShare: 0.3 },
            { path: '/userId', cardinality: 1000 },
          ],
        },
      }),
      findings: [{ messageId: 'dominant', path: 'partitionKey.paths', data: { key: ['/tenantId'], share: 0.3, load: 1500, growthToCeiling: 1.68421052632 } }],
    },
    {
      // 60,000 manual = 10 partitions of 6,000 (4,800 usable). Neighbours (5,000 − 1,500) ÷ 10 = 350; usable 4,450;
      // growth (4,450 + 350) ÷ (1,500 + 350) = 4,800 ÷ 1,850 = 2.595×.
      name: 'a dominant first-level value with more RU/s: more partitions, fewer neighbours, more growth',
      design: firstLevelShare(0.3, { manual: 60_000 }),
      findings: [{ messageId: 'dominant', data: { load: 1500, usable: 4450, neighbourRu: 350, physicalPartitions: 10, growthToCeiling: 2.59459459459 } }],
    },
    {
      name: 'a tenant with 30% of the RU, under the ceiling today',
      design: tenants(0.3),
      findings: [
        {
          messageId: 'dominant',
          path: 'workload.hotKeyShare',
          severity: 'warning',
          edits: false,
          notes: ['aboveMaxShare'],
          data: { key: ['/tenantId'], share: 0.3, limit: 0.1, load: 4500, usable: 8000, unit: 'RU/s' },
          message:
            'the hottest `/tenantId` value takes 30% of traffic, above maxHotKeyShare 10%: 4,500 of a usable 8,000 RU/s today, saturated when traffic grows 1.78×',
        },
      ],
    },
    {
      // 4,500 RU/s fits one key: the sharding is needless (SG007), and the share alone never raises N.
      name: 'a dominant key sharded although its load fits one key: the growth note of the unsharded key',
      design: tenants(0.3, { strategy: 'random', shards: 3 }),
      findings: [
        { messageId: 'dominant', severity: 'warning', edits: false, data: { load: 4500, usable: 8000 }, message: /saturated when traffic grows 1\.78×/ },
      ],
    },
    {
      name: 'a share declared on a key level',
      design: container({
        partitionKey: { paths: [{ path: '/tenantId', cardinality: 500, hotKeyShare: 0.3 }] },
        workload: { peakReadUnits: 5000, peakWriteUnits: 10000 },
      }),
      findings: [
        {
          messageId: 'dominant',
          path: 'partitionKey.paths',
          notes: ['declaredAtLevel', 'aboveMaxShare'],
          data: { declaredAt: 'partitionKey.paths[0].hotKeyShare' },
          message: /\(declared at partitionKey\.paths\[0\]\.hotKeyShare\)/,
        },
      ],
    },
    {
      // The key's own ceiling: without declared throughput only the logical partition's 10,000 RU/s is known.
      // 0.5 × 16,000 = 8,000 of a usable 8,000: it fits, as SG003 judges it (load ≤ usable, the 20% headroom kept), so
      // not "already saturated" beside SG003's silence; no growth is left, so not "grows 1×" either.
      name: 'a key exactly at its usable ceiling: it fits with no growth left, not "grows 1×" nor "saturated"',
      design: provisioned(undefined, 4_000, 12_000, 0.5),
      findings: [
        {
          messageId: 'dominant',
          notes: ['aboveMaxShareAtCeiling'],
          fix: 'plan sharding for this key now, before traffic grows at all (N from the expected peak: peak × share / usable ceiling), and watch it with the skew alarms',
          data: { load: 8_000, usable: 8_000 },
          message:
            'the hottest `/tenantId` value takes 50% of traffic, above maxHotKeyShare 10%: 8,000 of a usable 8,000 RU/s today, which it fits with no growth left',
        },
      ],
    },
    {
      // Just under the container's usable RU/s the physical share is quoted again, and it is not zero.
      name: "the same key with the peak under the usable RU/s: its physical partition's share",
      design: provisioned({ autoscaleMax: 20_000 }, 3_000, 6_000, 0.3),
      findings: [
        {
          messageId: 'dominant',
          notes: ['aboveMaxShare', 'physicalShare'],
          data: { load: 2_700, usable: 4_850, physicalPartitions: 2, partitionRu: 10_000, neighbourRu: 3_150 },
        },
      ],
    },
    {
      // "Azure Cosmos DB serverless account performance" (the lower text, COSMOS_LIMITS): 120 GB is three physical
      // partitions sharing 5,000 RU/s, 1,666.67 each (1,333.33 usable). The tenant's partition carries its 450 RU/s and
      // (3,000 − 450) ÷ 3 = 850 of its neighbours': 1,333.33 − 850 = 483.33 usable for the key, saturated at
      // 1,333.33 ÷ 1,300 = 1.03× (the 3,000 peak is within the container's usable 4,000, so this is SG014's, not SG017's).
      name: 'a serverless key: its physical partition of 1,666.67 RU/s, one of three sharing 5,000',
      design: provisioned('serverless', 1_000, 2_000, 0.15, 120),
      findings: [
        {
          messageId: 'dominant',
          notes: ['aboveMaxShare', 'physicalShare'],
          data: { load: 450, usable: 483.333333333, physicalPartitions: 3, partitionRu: 1_666.66666667, neighbourRu: 850 },
          message:
            /450 of a usable 483\.33 RU\/s today, saturated when traffic grows 1\.03×; the container's 5,000 RU\/s are divided among 3 physical partitions of 1,666\.67 RU\/s/,
        },
      ],
    },
    {
      // Verdict28 B: 16,800 RU/s on autoscale 20,000 (2 partitions of 10,000) is above the usable 16,000 (SG017). SG017
      // asks for 31,000: 21,000 in place would split one of the 2 (3 of 7,000, the unsplit one keeping 1/2 of the key
      // space), so it goes to 4 even partitions of 7,750 (6,200 usable). There the tenant's 2,520 RU/s meet (16,800 −
      // 2,520) ÷ 4 = 3,570 of neighbours: 2,630 usable for it, fits, 1.02× of growth. Before: the note quoted today's
      // partition ("its own physical partition carries 9,660 RU/s ... of the 10,000 RU/s it gets"), a layout SG017's
      // raise replaces and that SG002 and SG003 never judge on a container short of RU/s. Undeclared, the design is a
      // container still to be created: 21,000 starts it on 3 even partitions of 7,000 (5,600 usable), where 2,520 + (16,800 −
      // 2,520) ÷ 3 = 7,280 does not fit; 28,000 (3 of 9,333.33, 7,466.67 usable) is the least creation that holds it
      // (27,000: 7,200), 2,706.67 left for the tenant.
      name: "a dominant key in a container short of RU/s that fits at SG017's raise: judged there, as SG002 and SG003 judge",
      design: provisioned({ autoscaleMax: 20_000 }, 8_400, 8_400, 0.15),
      findings: [
        {
          messageId: 'dominant',
          severity: 'warning',
          notes: ['aboveMaxShare', 'physicalShare', 'atCapacityRaise'],
          data: {
            load: 2_520,
            usable: 2_706.66666667,
            containerRu: 28_000,
            declaredRu: 20_000,
            physicalPartitions: 3,
            partitionRu: 9_333.33333333,
            neighbourRu: 4_760,
          },
          message:
            /^the hottest `\/tenantId` value takes 15% of traffic, above maxHotKeyShare 10%: 2,520 of a usable 2,706\.67 RU\/s today, saturated when traffic grows 1\.03×; the container's 28,000 RU\/s are divided among 3 physical partitions of 9,333\.33 RU\/s .* \(judged at the 28,000 RU\/s the container's peak needs, not its declared 20,000 RU\/s: this key's physical partition serves it after that raise\)$/,
        },
      ],
    },
  ],
});

describe("SG014 on a container short of RU/s quotes SG017's raise, as SG017 names it", () => {
  it('the same RU/s and partitions as SG017 (28,000 on 3), not the 10,000 RU/s partitions the raise replaces', () => {
    const findings = lint(provisioned({ autoscaleMax: 20_000 }, 8_400, 8_400, 0.15));
    const dominant = findings.find((f) => f.ruleId === 'SG014');
    const capacity = findings.find((f) => f.ruleId === 'SG017');
    expect(capacity?.data).toMatchObject({ needed: 28_000, neededPartitions: 3, neededEach: 9_333.33333333 });
    expect(dominant?.data).toMatchObject({ containerRu: capacity?.data?.needed, partitionRu: capacity?.data?.neededEach });
    expect(dominant?.message).not.toContain('10,000 RU/s it gets');
  });

  it("a dominant key still short at the raise stays SG003's error, SG014 silent (the other way)", () => {
    // 9,000 RU/s on 4,000 manual, 30% on one tenant: at SG017's 11,300 (2 partitions of 5,650) 2,700 + 3,150 > 4,520.
    const findings = lint(provisioned({ manual: 4_000 }, 3_000, 6_000, 0.3));
    expect(findings.filter((f) => f.ruleId === 'SG014')).toEqual([]);
    expect(findings.find((f) => f.ruleId === 'SG003')?.message).toContain("this key's physical partition stays short after that raise)");
  });
});

/**
 * gsi34 (try34a's probes/flags15.json): a flag store whose kill-switch takes 15% of 2,000 RCU, its reads alone
 * (`hotKeyOperations: 'reads'`). Write sharding spreads writes; one item's reads stay on the shard that holds it, so a
 * read-hot key's levers are a cache or replicated copies (README, "Write-hot and read-hot keys get different fixes";
 * AWS, "Using write sharding to distribute workloads evenly" and "In-memory acceleration with DAX").
 */
describe('SG014 on a key hot by its reads alone offers a cache or copies, not write sharding', () => {
  const flags = (hotKeyOperations: 'reads' | 'writes' | 'both') =>
    table({
      name: 'feature-flags',
      partitionKey: { name: 'flagKey', type: 'S', cardinality: 2000 },
      billing: 'on-demand',
      workload: { peakReadUnits: 2000, peakWriteUnits: 5, hotKeyShare: 0.15, hotKeyOperations },
    } as DynamoDbTableDesign);

  it('reads: a cache (DAX) or replicated copies, with the growth left', () => {
    const sg014 = lint(flags('reads')).find((f) => f.ruleId === 'SG014');
    expect(sg014?.fix).toMatch(
      /^plan for its reads before traffic grows 3\.31×: a cache in front of them \(DAX, or a cache in the application itself, in-process with a TTL of a few seconds: the lighter first answer for an item every request reads, .*\), or replicated copies of its items/,
    );
    expect(sg014?.fix).not.toMatch(/plan sharding/);
  });

  it('both: sharding, as before (the other way)', () => {
    const sg014 = lint(flags('both')).find((f) => f.ruleId === 'SG014');
    expect(sg014?.fix).toMatch(/^plan sharding for this key before traffic grows/);
  });
});
