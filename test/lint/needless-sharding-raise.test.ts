/**
 * Stop 32 note, item 1: on a Cosmos DB container whose sharding SG007 finds needless, SG017 asked for RU/s for the
 * fan-out queries (or the copies) that sharding makes, and --fix wrote both: the raise, then SG007's removal, leaving
 * 76,300 RU/s provisioned where 12,000 served the design it had made. SG017's raise is now sized on the peak SG007's
 * fix leaves (none where that fits), and the raise that keeps the sharding is said as the alternative, with no edit.
 */
import { fixDesignText } from '../../lib/cli/fix';
import { lint, type CosmosContainerDesign } from '../../lib';

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
      'remove the sharding of `/userId`, as SG007 asks (its hottest value fits one key): each read then queries one key, and the peak falls to 7,000 RU/s (6,000 reads + 1,000 writes), within 80% of the 12,000 RU/s, so no raise is needed; or, keeping the shards, raise throughput.manual to at least 76,300 RU/s (61,000 RU/s at 80% utilization)',
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
