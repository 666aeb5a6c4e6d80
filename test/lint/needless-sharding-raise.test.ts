/**
 * Stop 32 note, item 1: on a Cosmos DB container whose sharding SG007 finds needless, SG017 asked for RU/s for the
 * fan-out queries (or the copies) that sharding makes, and --fix wrote both: the raise, then SG007's removal, leaving
 * 76,300 RU/s provisioned where 12,000 served the design it had made. SG017's raise is now sized on the peak SG007's
 * fix leaves (none where that fits), and the raise that keeps the sharding is said as the alternative, with no edit.
 */
import { lint, type CosmosContainerDesign, type DynamoDbTableDesign } from '../../lib';
import { fixDesignText } from '../../lib/cli/fix';

/** A feed read a page at a time, random-sharded over 10 keys it does not need (100,000 users, none hot). */
function feed(manual: number, overrides: Partial<CosmosContainerDesign> = {}): CosmosContainerDesign {
  return {
    name: 'feed',
    partitionKey: { paths: [{ path: '/userId', cardinality: 100_000 }] },
    sharding: { strategy: 'random', shards: 10 },
    throughput: { manual },
    workload: { peakReadUnits: 6_000, peakWriteUnits: 1_000 },
    // Each page query loads a page from each of the 10 shards: 6,000 logical RU/s of reads are 60,000 (read-requests.ts).
    accessPatterns: [{ name: 'feed-page', keyAttributes: ['/userId'], share: 1, fanOut: true, limit: 20 }],
    ...overrides,
  };
}

const sg017 = (design: CosmosContainerDesign) => lint({ containers: [design] }).find((f) => f.ruleId === 'SG017');
const fixed = (design: CosmosContainerDesign) => {
  const result = fixDesignText(JSON.stringify({ containers: [design] }, null, 2), {});
  return { result, container: JSON.parse(result.text).containers[0] as CosmosContainerDesign };
};

describe('SG017 beside SG007 on Cosmos DB: the raise is sized on the design SG007 leaves', () => {
  it('--fix removes the needless shards and raises nothing: 7,000 RU/s unsharded fit the 12,000 declared', () => {
    const { result, container } = fixed(feed(12_000));
    expect(container.sharding).toBeUndefined();
    expect(container.throughput).toEqual({ manual: 12_000 });
    expect(result.fixes.map((f) => f.ruleId)).toEqual(['SG007']);
    expect(lint({ containers: [container] })).toEqual([]);
  });

  it('SG017 still finds the declared design short, and leads with SG007 fix, the raise that keeps the shards as the alternative (no edit)', () => {
    const finding = sg017(feed(12_000));
    expect(finding).toMatchObject({ severity: 'error', data: { peak: 61_000, afterPeak: 7_000, needed: 76_300 } });
    expect(finding?.edits).toBeUndefined();
    expect(finding?.fix).toBe(
      'remove the sharding of `/userId`, as SG007 asks (its hottest value fits one key): each read then queries one key, and the peak falls to 7,000 RU/s (6,000 reads + 1,000 writes), within 80% of the 12,000 RU/s, so no raise is needed; or, keeping the shards, raise throughput.manual to at least 76,300 RU/s (61,000 RU/s at 80% utilization); the design declares no physicalPartitions (a container still to be created): create it at 48,000 RU/s, no more (Azure starts a container on one physical partition per 6,000 RU/s of manual throughput: 8 physical partitions), then raise it to 76,300 RU/s, which splits none up to 8 × 10,000 RU/s; declare physicalPartitions: 8 once raised (created at 76,300 RU/s it would get 13 physical partitions)',
      // evensplit17: the raise splits 12,000 RU/s' 2 partitions (one per 6,000 at creation) to ⌈76,300 ÷ 10,000⌉ = 8 = 2 × 2²: even, said.
    );
  });

  it('where the unsharded peak is still over, --fix raises to what it needs (8,800 RU/s for 7,000), not for the fan-out', () => {
    const finding = sg017(feed(6_000));
    expect(finding).toMatchObject({ data: { afterPeak: 7_000, needed: 8_800 } });
    expect(finding?.fix).toContain('still above 80% of the 6,000 RU/s: then raise throughput.manual to at least 8,800 RU/s');
    const { container } = fixed(feed(6_000));
    expect(container.sharding).toBeUndefined();
    expect(container.throughput).toEqual({ manual: 8_800 });
    expect(lint({ containers: [container] })).toEqual([]);
  });

  it('needless replicated copies: the raise is not sized on 4× the writes SG007 removes', () => {
    const copies = feed(10_000, {
      sharding: { strategy: 'replicated', shards: 4 },
      workload: { peakReadUnits: 2_000, peakWriteUnits: 3_000 },
      accessPatterns: undefined,
    });
    expect(sg017(copies)).toMatchObject({ data: { peak: 14_000, afterPeak: 5_000 } });
    expect(sg017(copies)?.fix).toMatch(/^remove the replicated copies of `\/userId`, as SG007 asks .*each write then stores one document/);
    const { container } = fixed(copies);
    expect(container.sharding).toBeUndefined();
    expect(container.throughput).toEqual({ manual: 10_000 });
  });
});

/** The DynamoDB twin: a feed table read a page at a time over 10 random shards it does not need, on fixed capacity. */
function feedTable(readUnits: number, peakReadUnits = 3_000): DynamoDbTableDesign {
  return {
    name: 'feed',
    partitionKey: { name: 'userId', type: 'S', cardinality: 100_000 },
    sortKey: { name: 'ts', type: 'S' },
    sharding: { strategy: 'random', shards: 10 },
    capacity: { read: { fixed: readUnits }, write: { fixed: 2_000 } },
    workload: { peakReadUnits, peakWriteUnits: 1_000 },
    // Each page query is a request on each of the 10 shards (read-requests.ts): 3,000 RCU of reads are 30,000.
    accessPatterns: [{ name: 'feed-page', keyAttributes: ['userId'], rangeAttribute: 'ts', share: 1, fanOut: true, limit: 20 }],
  };
}

const tableFindings = (design: DynamoDbTableDesign) => lint({ tables: [design] }).filter((f) => f.ruleId === 'SG017');
const fixedTable = (design: DynamoDbTableDesign) =>
  JSON.parse(fixDesignText(JSON.stringify({ tables: [design] }, null, 2), {}).text).tables[0] as DynamoDbTableDesign;

describe('SG017 beside SG007 on DynamoDB: the same', () => {
  it('--fix removes the needless shards and keeps the 4,000 RCU that serve 3,000 unsharded (it raised them to 37,500)', () => {
    const [finding] = tableFindings(feedTable(4_000));
    expect(finding).toMatchObject({ data: { peak: 30_000, afterPeak: 3_000, suggested: 37_500 } });
    expect(finding.edits).toBeUndefined();
    expect(finding.fix).toBe(
      'remove the sharding of `userId`, as SG007 asks (its hottest value fits one key): each read then queries one key, and the read peak of the table falls to 3,000 RCU, within 80% of the 4,000 RCU, so no raise is needed; or, keeping the shards, set `capacity.read.fixed` to at least 37,500 (30,000 RCU at 80% utilization), or use on-demand billing',
    );
    const table = fixedTable(feedTable(4_000));
    expect(table.sharding).toBeUndefined();
    expect(table.capacity).toEqual({ read: { fixed: 4_000 }, write: { fixed: 2_000 } });
  });

  it('where the unsharded reads are still over, the raise is sized on them: 3,750 RCU for 3,000', () => {
    const table = fixedTable(feedTable(2_000));
    expect(table.sharding).toBeUndefined();
    expect(table.capacity).toEqual({ read: { fixed: 3_750 }, write: { fixed: 2_000 } });
    expect(lint({ tables: [table] }).filter((f) => f.severity === 'error')).toEqual([]);
  });

  it('a fan-out past the table-level quota asks for no quota increase that the removal makes needless', () => {
    const over = tableFindings(feedTable(60_000, 6_000)).find((f) => f.messageId === 'overQuota');
    expect(over?.fix).toMatch(
      /^remove the sharding of `userId`, as SG007 asks .* falls to 6,000 RCU, under the default quota of 40,000, so no increase is needed; or, keeping the shards, request an increase/,
    );
  });

  it('needless replicated copies: the write capacity is not raised for the 4× writes SG007 removes', () => {
    const copies: DynamoDbTableDesign = {
      ...feedTable(4_000),
      sharding: { strategy: 'replicated', shards: 4 },
      capacity: { read: { fixed: 4_000 }, write: { fixed: 1_000 } },
      workload: { peakReadUnits: 3_000, peakWriteUnits: 500 },
      accessPatterns: undefined,
    };
    const [finding] = tableFindings(copies);
    expect(finding).toMatchObject({ data: { dimension: 'write', peak: 2_000, afterPeak: 500 } });
    expect(finding.fix).toMatch(/^remove the replicated copies of `userId`, as SG007 asks .*each write then stores one item/);
    expect(fixedTable(copies).capacity).toEqual({ read: { fixed: 4_000 }, write: { fixed: 1_000 } });
  });
});
