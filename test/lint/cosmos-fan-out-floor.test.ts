/**
 * SG017 on Cosmos DB charges each shard's query of a fan-out its floor: at least about 2.5 RU, the least a query is
 * charged on the physical partition whose index it checks ("Query an Azure Cosmos DB container"), and about 1 RU per KB
 * it loads above it (a point read's figure, "Request Units"). A read of `resultKb` over N shards costs
 * N × max(2.5, resultKb ÷ N) RU of the max(2.5, resultKb) it cost unsharded; with no `resultKb`, it is counted once and
 * the finding says so. SG003's plan charges a hot value's shards the same (gathered-reads.ts), so its fix writes no
 * sharding whose fan-out SG017 would then refuse.
 */
import { lint, type CosmosContainerDesign, type Finding } from '../../lib';
import { fixDesignText } from '../../lib/cli/fix';
import { container } from '../fixtures';

/** The helpdesk with a flat `/tenantId` key, random-sharded 10 ways, 12,000 RU/s of reads (all fanning out over the
 *  shards) and 4,000 of writes on manual `manual` RU/s (20,000 by default: 16,000 usable at 80%). */
function helpdesk(read: { resultKb?: number; limit?: number }, manual = 20_000): CosmosContainerDesign {
  return container({
    name: 'tickets',
    partitionKey: { paths: [{ path: '/tenantId', cardinality: 12_000 }] },
    workload: { peakReadUnits: 12_000, peakWriteUnits: 4_000, hotKeyShare: 0.001 },
    throughput: { manual },
    sharding: { strategy: 'random', shards: 10 },
    accessPatterns: [{ name: 'tenant-tickets', keyAttributes: ['tenantId'], share: 1, fanOut: true, ...read }],
  });
}

const sg017 = (design: CosmosContainerDesign): Finding | undefined => lint(design).find((f) => f.ruleId === 'SG017');

describe('SG017 charges each shard query of a Cosmos DB fan-out its floor', () => {
  it('a 2 KB read over 10 shards: 10 × max(2.5, 0.2) = 25 RU for the max(2.5, 2) = 2.5 it cost unsharded, 10×: 124,000 RU/s, as a page read', () => {
    // Before: counted once, 12,000 + 4,000 = 16,000 RU/s, at the 16,000 usable: no finding.
    const finding = sg017(helpdesk({ resultKb: 2 }));
    expect(finding).toMatchObject({
      messageId: 'cosmosManualBelowPeak',
      notes: ['cosmosFanOutReads'],
      data: { peak: 124_000, peakReads: 120_000, logicalReads: 12_000, fanOutShards: 10, needed: 155_000 },
    });
    // At 2.5 KB or less each shard's query is charged the whole read's floor: not a share of it ("sized").
    expect(finding?.data).not.toHaveProperty('fanOutSized');
    expect(sg017(helpdesk({ limit: 1 }))?.data).toMatchObject({ peak: 124_000 });
  });

  it('a 10 KB read over 10 shards: 10 × max(2.5, 1) = 25 RU for 10: 2.5× the reads, 30,000 + 4,000 = 34,000 RU/s', () => {
    const finding = sg017(helpdesk({ resultKb: 10 }));
    expect(finding).toMatchObject({
      messageId: 'cosmosManualBelowPeak',
      notes: ['cosmosFanOutReads'],
      data: { peak: 34_000, peakReads: 30_000, fanOutSized: ['tenant-tickets'], queryFloor: 2.5 },
    });
    expect(finding?.message).toContain(
      "; for `tenant-tickets`, each query's part of the declared resultKb, at about 1 RU per KB and at least about 2.5 RU (one physical partition's index checked), over what the whole read cost",
    );
  });

  it('a large read split over the shards stays near the read, not N×: 20 KB is 10 × 2.5 = 25 RU for 20 (1.25×), 400 KB is 10 × 40 for 400 (once)', () => {
    // 12,000 × 1.25 = 15,000 + 4,000 = 19,000 RU/s: 95% of 20,000, within it (a warning), where N× would be 124,000.
    expect(sg017(helpdesk({ resultKb: 20 }))).toMatchObject({ messageId: 'cosmosWithinHeadroom', data: { peak: 19_000, peakReads: 15_000 } });
    // Each shard's 40 KB is over the floor: the ten queries cost what the one did, 16,000 RU/s at the 16,000 usable.
    expect(sg017(helpdesk({ resultKb: 400 }))).toBeUndefined();
  });

  it('no resultKb: counted once, and a finding says what N queries cost at the least (10 × 2.5 = 25 RU a read)', () => {
    // No finding at 20,000 (16,000 at the 16,000 usable); at 18,000 the peak is over the headroom, and the note says
    // the fan-out was counted once only by assuming each read loads over 10 × 2.5 KB.
    expect(sg017(helpdesk({}))).toBeUndefined();
    const finding = sg017(helpdesk({}, 18_000));
    expect(finding).toMatchObject({
      messageId: 'cosmosWithinHeadroom',
      notes: ['cosmosFanOutAssumed'],
      data: { peak: 16_000, peakReads: 12_000, assumedPatterns: ['tenant-tickets'], assumedShards: 10, queryFloor: 2.5, assumedFloor: 25 },
    });
    expect(finding?.message).toContain(
      '; it counts each read of `tenant-tickets` over all 10 shards once, as their queries divide its documents: that takes each read to load over 10 × 2.5 KB',
    );
    expect(finding?.message).toContain('a smaller read still costs at least 25 RU (10 × 2.5) however little it loads, so declare resultKb on it if less');
  });

  it('a declared bucketed first level: each bucket query of a 1 KB read charged the floor, 8×', () => {
    const buckets = (resultKb?: number) =>
      container({
        name: 'events',
        partitionKey: {
          paths: [
            {
              path: '/regionBucket',
              cardinality: 80,
              components: [
                { name: 'region', cardinality: 10 },
                { name: 'bucket', cardinality: 8 },
              ],
            },
            { path: '/eventId', cardinality: 'unique' },
          ],
        },
        workload: { peakReadUnits: 2_000, peakWriteUnits: 4_000 },
        throughput: { manual: 10_000 },
        accessPatterns: [{ name: 'region-events', keyAttributes: ['regionBucket'], share: 1, fanOut: true, ...(resultKb === undefined ? {} : { resultKb }) }],
      });
    // 2,000 × 8 + 4,000 = 20,000 RU/s against the 8,000 usable; counted once (6,000) without resultKb.
    expect(sg017(buckets(1))).toMatchObject({ data: { peak: 20_000, fanOutShards: 8, fanOutLevel: 'region' } });
    expect(sg017(buckets())).toBeUndefined();
  });
});

describe("SG003's fix on Cosmos DB writes no fan-out SG017 then refuses", () => {
  /** A flat key whose hottest value takes 70% of 22,000 RU/s on 60,000 RU/s: over its 10,000 RU/s logical partition. */
  const feeds = (resultKb?: number) =>
    container({
      name: 'feeds',
      partitionKey: { paths: [{ path: '/userId', cardinality: 10_000 }] },
      workload: { peakReadUnits: 6_000, peakWriteUnits: 16_000, hotKeyShare: 0.7 },
      throughput: { manual: 60_000 },
      accessPatterns: [{ name: 'user-feed', keyAttributes: ['userId'], share: 1, ...(resultKb === undefined ? {} : { resultKb }) }],
    });
  const fixed = (design: CosmosContainerDesign) => JSON.parse(fixDesignText(JSON.stringify({ containers: [design] }), {}).text).containers[0];

  it('reads of 2 KB: each shard would be charged the whole read, so the fix caches them and writes no sharding', () => {
    // Before: the plan divided the hot value's 4,200 RU/s of reads 1/N and --fix wrote 6 shards with fanOut, which the
    // next lint charged 6× (a raise to 790,100 RU/s).
    const [sg003] = lint(feeds(2)).filter((f) => f.ruleId === 'SG003');
    expect(sg003.fix).toMatch(/^put the integrated cache in front of the reads of the hottest `\/userId` value/);
    expect(sg003.fix).toContain(
      ': every read of the hottest `/userId` value by `user-feed` queries all the shards, and each query is charged at least about 2.5 RU, for the one physical partition whose index it checks: with a result of 2.5 KB or less declared (resultKb), each shard is charged what the unsharded read was, whatever the count, and those reads alone (4,200 RU/s) exceed the usable 4,140 RU/s',
    );
    expect(sg003.edits ?? []).toEqual([]);
    const after = fixed(feeds(2));
    expect(after.sharding).toBeUndefined();
    expect(after.throughput).toEqual({ manual: 60_000 });
  });

  it('reads of unknown size: the 6 shards, saying they assume large reads, and --fix writes none until resultKb is declared', () => {
    // At 6 shards each stored key takes 4,200 ÷ 6 + 11,200 ÷ 6 RU/s; were each read under 2.5 KB, every shard would take
    // all 4,200 RU/s of reads (6,067 RU/s against 4,800 usable), so the count relies on the reads being large.
    const [sg003] = lint(feeds()).filter((f) => f.ruleId === 'SG003');
    expect(sg003.fix).toContain(
      "N = 6 assumes each read of a `/userId` value by `user-feed` loads over N × 2.5 KB, as each shard's query is charged at least about 2.5 RU (declare resultKb on it if less)",
    );
    expect(sg003.data).toMatchObject({ assumedPatterns: ['user-feed'], queryFloor: 2.5, queryFloorKb: 2.5 });
    // Written, the shards' fan-out re-linted clean, its floor (6 × 2.5 RU a read) never counted: no edit until the size is.
    expect(sg003.fix).toContain('--fix writes none of this until resultKb is declared on `user-feed`');
    expect(sg003.edits).toBeUndefined();
    expect(fixed(feeds()).sharding).toBeUndefined();
  });
});
