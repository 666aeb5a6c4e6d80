/**
 * Verdicts left from session 11 (session 12). Item 2: a hierarchical key's first-level value whose size is not declared
 * is never judged more leniently than the same value declared small. A value singled out by its traffic (a declared
 * `hotKeyShare`) may hold little data, so it is judged where a value under 50 GB stays, one physical partition beside
 * its neighbours ("Hierarchical partition keys"), unless its `largestGb` says it spans more; a uniform level's values,
 * alike by the model's assumption, each hold storage.totalGb ÷ its values, whatever the largest is declared to hold.
 */
import { lint, type CosmosContainerDesign, type Finding } from '../../lib';
import { container, table } from '../fixtures';

/** 500 tenants, one taking `hotKeyShare` of 8,000 RU/s of writes, 20,000 manual RU/s over `totalGb` (8 partitions at 400 GB). */
const tenants = (first: { hotKeyShare?: number; largestGb?: number; cardinality?: number }, totalGb?: number): CosmosContainerDesign =>
  container({
    name: 'tenant-events',
    partitionKey: {
      paths: [
        { path: '/tenantId', cardinality: 500, ...first },
        { path: '/userId', cardinality: 'unique' },
      ],
    },
    throughput: { manual: 20_000 },
    workload: { peakReadUnits: 0, peakWriteUnits: 8_000 },
    ...(totalGb === undefined ? {} : { storage: { totalGb } }),
  });

const prefixFinding = (findings: readonly Finding[]) => findings.find((f) => f.ruleId === 'SG003' && f.path.endsWith('partitionKey.paths[0]'));

describe('a hot first-level value without a declared size (verdicts 12 item 2)', () => {
  it('is judged as the same value declared small: one partition of 2,500 RU/s, 2,000 usable less 800 of neighbours, against 1,600', () => {
    // Before: 400 GB × 20% = 80 GB inferred, 2 partitions, and no finding at all, while `largestGb: 5` drew SG003.
    const undeclared = prefixFinding(lint(tenants({ hotKeyShare: 0.2 }, 400)));
    const small = prefixFinding(lint(tenants({ hotKeyShare: 0.2, largestGb: 5 }, 400)));
    expect(small).toMatchObject({ messageId: 'prefixHot', data: { prefixLoad: 1_600, prefixUsable: 1_200, prefixNeighbours: 800 } });
    // The figures the bucket fix says to declare are each design's own (order30): the declared size divides too.
    const { levelFigures: _, bucketFigures: __, ...judged } = small?.data ?? {};
    expect(undeclared).toMatchObject({ messageId: 'prefixHot', data: judged });
    expect(undeclared?.data).toMatchObject({ levelFigures: { hotKeyShare: 0.2 }, bucketFigures: { hotKeyShare: 0.1 } });
    expect(undeclared?.notes).toContain('prefixSizeUndeclared');
    expect(small?.notes).not.toContain('prefixSizeUndeclared');
  });

  it('a declared size that spans partitions is what judges it more leniently: 80 GB over 2 partitions, no finding', () => {
    expect(lint(tenants({ hotKeyShare: 0.2, largestGb: 80 }, 400))).toEqual([]);
  });

  it('in a container of one partition’s worth of data, a declared size could change nothing: not asked for', () => {
    const finding = prefixFinding(lint(tenants({ hotKeyShare: 0.4 }, 50)));
    expect(finding?.messageId).toBe('prefixHot');
    expect(finding?.notes).not.toContain('prefixSizeUndeclared');
  });
});

describe('a uniform first level: a declared largestGb never judges it more strictly than none', () => {
  // 6 uniform regions of 8,000 RU/s each, 4,000 GB: 667 GB a region, 14 partitions of the 80.
  const regions = (largestGb?: number) =>
    container({
      name: 'profiles',
      partitionKey: {
        paths: [
          { path: '/region', cardinality: 6, ...(largestGb === undefined ? {} : { largestGb }) },
          { path: '/userId', cardinality: 'unique' },
        ],
      },
      throughput: { manual: 60_000 },
      storage: { totalGb: 4_000 },
      workload: { peakReadUnits: 40_000, peakWriteUnits: 8_000 },
    });

  it('the same findings with largestGb 800 as without (before, declaring it put each region on one partition: SG003)', () => {
    const ids = (findings: readonly Finding[]) => findings.map((f) => `${f.ruleId} ${f.path}`);
    expect(ids(lint(regions(800)))).toEqual(ids(lint(regions())));
    expect(prefixFinding(lint(regions(800)))).toBeUndefined();
  });
});

describe('SG017 on Cosmos DB counts the queries of a fan-out (verdicts 12 item 3)', () => {
  /** 100,000 users, random-sharded 10 ways, 3,000 RU/s of reads (half of them `fanOut`, paged when `limit`) and 6,000 of writes on 20,000 RU/s. */
  const feeds = (limit?: number) =>
    container({
      name: 'feeds',
      partitionKey: { paths: [{ path: '/userId', cardinality: 100_000 }] },
      throughput: { manual: 20_000 },
      sharding: { strategy: 'random', shards: 10 },
      workload: { peakReadUnits: 3_000, peakWriteUnits: 6_000, hotKeyShare: 0.001 },
      accessPatterns: [
        { name: 'latest-posts', keyAttributes: ['userId'], share: 0.5, fanOut: true, ...(limit === undefined ? {} : { limit }) },
        { name: 'by-id', keyAttributes: ['userId'], share: 0.5, fanOut: true },
      ],
    });
  const sg017 = (design: CosmosContainerDesign) => lint(design).find((f) => f.ruleId === 'SG017');

  it('a paged fan-out loads a page from each of the 10 shards: 1,500 + 1,500 × 10 = 16,500 RU/s of reads, 22,500 in all, above 20,000', () => {
    // Before: 3,000 + 6,000 = 9,000 RU/s, within the usable 16,000: silent.
    const finding = sg017(feeds(20));
    expect(finding).toMatchObject({
      messageId: 'cosmosManualBelowPeak',
      // `by-id` declares no resultKb: counted once, and said so (each of its 10 queries is charged at least about 2.5 RU).
      notes: ['cosmosFanOutReads', 'cosmosFanOutAssumed'],
      data: {
        peak: 22_500,
        peakReads: 16_500,
        logicalReads: 3_000,
        fanOutShards: 10,
        fanOutPatterns: ['latest-posts'],
        needed: 28_200,
        assumedPatterns: ['by-id'],
      },
    });
    expect(finding?.message).toContain(
      "that read peak counts each shard's query of a fan-out: the 3,000 RU/s of reads declared at peakReadUnits (their cost before fan-out), `latest-posts`'s 50% of them × 10 shards queried",
    );
  });

  it('a fan-out reading every document of the key loads 1/10 of them from each shard: counted once, no finding', () => {
    expect(sg017(feeds())).toBeUndefined();
  });
});

describe("SG001 carries SG003's engine notes where SG003 defers to it (verdicts 12 item 4)", () => {
  it('a 4-valued status GSI over its write ceiling on the uniform share: the back-pressure on the table, said by SG001', () => {
    // 6,000 WCU ÷ 4 = 1,500 WCU on the hottest status against 800 usable: SG003 defers to SG001 (verdicts 11), which
    // said nothing of the throttled index holding back the table's writes (SG003's `gsiBackPressure`).
    const orders = table({
      partitionKey: { name: 'orderId', type: 'S', cardinality: 'unique' },
      workload: { peakReadUnits: 1000, peakWriteUnits: 6000 },
      globalSecondaryIndexes: [{ indexName: 'by-status', partitionKey: { name: 'status', type: 'S', cardinality: 4, mutable: false } }],
    });
    const findings = lint(orders).filter((f) => f.index === 'by-status');
    expect(findings.map((f) => f.ruleId)).toEqual(['SG001']);
    expect(findings[0].message).toContain('; a throttled global secondary index also throttles the writes to its base table');
    // With a share above the uniform one SG003 stays, and says it: SG001 does not repeat it.
    const skewed = table({ ...orders, globalSecondaryIndexes: [{ ...orders.globalSecondaryIndexes![0], workload: { hotKeyShare: 0.4 } }] });
    const both = lint(skewed).filter((f) => f.index === 'by-status');
    expect(both.map((f) => [f.ruleId, f.message.includes('also throttles the writes to its base table')])).toEqual([
      ['SG001', false],
      ['SG003', true],
    ]);
  });

  it("a table's 4-valued key with a sort key: split for heat may spread it, not at once", () => {
    const byState = table({
      partitionKey: { name: 'state', type: 'S', cardinality: 4 },
      sortKey: { name: 'orderId', type: 'S', cardinality: 'unique' },
      workload: { peakReadUnits: 1000, peakWriteUnits: 6000 },
    });
    const [sg001] = lint(byState);
    expect(sg001.ruleId).toBe('SG001');
    expect(sg001.message).toContain('; split for heat may spread this key');
    expect(sg001.message).not.toContain('global secondary index');
  });
});
