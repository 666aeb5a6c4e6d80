/**
 * cosmosA32 (a stranger's review of chat.json and game-serverless.json): SG003 fixes that claimed what they cannot do.
 *
 * 1. A key value hot by paged reads (`limit`) under a hierarchical key: a query that reads a page of one first-level
 *    value without the attribute a bucketed first level hashes reads a page from every bucket and merges them ("Query an
 *    Azure Cosmos DB container": a query over several partitions runs on each), so buckets divide none of those reads.
 *    The first level's fix is the integrated cache ("Integrated cache"), with no bucket count; the full key's finding
 *    defers to it without claiming buckets serve it.
 * 2. A serverless container judged at SG017's move to manual throughput gets the physical partitions a container created
 *    at those RU/s gets (one per 6,000 RU/s, "Best practices for scaling provisioned throughput"), and a shard count past
 *    maxShards whose own fan-out passes the RU/s it was judged at is withheld, not offered behind "raise maxShards".
 */
import type { CosmosContainerDesign, Finding } from '../../../lib';
import { lint } from '../../../lib';
import { chatPagedContainer as chat } from '../../fixtures';

const sg003 = (findings: Finding[], path: string) => findings.find((f) => f.ruleId === 'SG003' && f.path === path);

describe('SG003: a first-level value hot by paged reads gets the cache, no buckets', () => {
  it.each([
    ['30,000 RU/s autoscale', 30000, 0.8334],
    ['200,000 RU/s autoscale', 200000, 0.4433],
  ])('at %s the cache leads and no bucket count is offered', (_, ru, hitShare) => {
    const findings = lint(chat(ru));
    const tenant = sg003(findings, 'partitionKey.paths[0]');
    expect(tenant?.fix).toMatch(/^put the integrated cache in front of the reads of the hottest `\/tenantId` value/);
    expect(tenant?.fix).toMatch(/no bucket count is offered: `channel-latest-page` read one \/tenantId value a page at a time/);
    expect(tenant?.fix).not.toMatch(/give the first level more values|tenantIdBucket/);
    expect(tenant?.data).toMatchObject({ pagedPatterns: ['channel-latest-page'], pagedLoad: expect.closeTo(0.95 * 0.61 * 22000, 6) });
    expect(tenant?.data?.cacheHitShare).toBeCloseTo(hitShare, 4);
    expect(tenant?.data?.buckets).toBeUndefined();
    expect(tenant?.fix).not.toMatch(/buckets serve|each taking 1\//);
    // The channel, whose reads are among the tenant's, defers to that cache and says no bucket serves it.
    const channel = sg003(findings, 'partitionKey.paths');
    expect(channel?.fix).toMatch(
      /^apply the fix of the hottest `\/tenantId` value \(SG003 at `partitionKey.paths\[0\]`\), which leads with the integrated cache/,
    );
    expect(channel?.data?.bucketSource).toBeUndefined();
    expect(channel?.fix).toMatch(/offers no buckets/);
    expect(channel?.fix).not.toMatch(/bucket count serves/);
  });

  it('still offers buckets where the reads are not paged (each bucket then takes 1/N of them)', () => {
    const findings = lint(chat(200000, false));
    const tenant = sg003(findings, 'partitionKey.paths[0]');
    expect(tenant?.fix).toMatch(/a synthetic first level `\/tenantIdBucket`/);
    expect(tenant?.fix).not.toMatch(/no bucket count is offered/);
    expect(sg003(findings, 'partitionKey.paths')?.data?.bucketSource).toBe('id');
  });
});

/** Five tenants ingesting 47,000 RU/s, the hottest at 60%, its feed read a page at a time by tenant (`paged`). */
function ingesting(paged: boolean): CosmosContainerDesign {
  return {
    engine: 'cosmosdb',
    name: 'events',
    partitionKey: {
      paths: [
        { path: '/tenantId', cardinality: 5, hotKeyShare: 0.6, largestGb: 40 },
        { path: '/userId', cardinality: 200_000 },
        { path: '/docId', cardinality: 'unique' },
      ],
    },
    workload: { peakReadUnits: 3000, peakWriteUnits: 47000 },
    throughput: { autoscaleMax: 70000 },
    accessPatterns: [
      { name: 'tenant-feed', keyAttributes: ['/tenantId'], share: 0.5, ...(paged ? { limit: 20 } : {}) },
      { name: 'doc', keyAttributes: ['/tenantId', '/userId', '/docId'], share: 0.5 },
    ],
  };
}

describe('SG003: buckets kept for the writes say what they cost the paged reads', () => {
  it('names the fan-out of a page over every bucket (0.5 × 3,000 × 30 + 1,500 = 46,500 RU/s of reads), which undoes the 30', () => {
    // fanOut34: the count is sized with its own fan-out. 46,500 + 47,000 = 93,500 RU/s is past 80% of 70,000 (SG017), so
    // the 30 that serve at the declared peak are not offered at this throughput: the raise that serves with it leads.
    const fix = sg003(lint(ingesting(true)), 'partitionKey.paths[0]')?.fix;
    // The raise (135,000 RU/s, 1.9 times today's 70,000) costs more than a change of key: the key leads (first-level-key-leads.test.ts).
    expect(fix).toMatch(/^the key is the problem, not the container's RU\/s: one `\/tenantId` value takes .* comes with it: no bucket count serves/);
    expect(fix).toMatch(
      /no bucket count serves the hottest `\/tenantId` value at this throughput once the buckets' own fan-out is counted: 30 buckets would at the declared peak, but every page of `tenant-feed` then reads a page from each of them, 46,500 RU\/s of reads at the peak instead of 3,000/,
    );
    // Undeclared, the raise is the container's creation: 135,000 start it on 14 even partitions, the doubling of the 7 a
    // raise in place from 70,000 reaches too, so the figures are the same.
    expect(fix).toMatch(
      /raise the container's throughput to 135,000 RU\/s \(14 physical partitions of 9,642\.86 RU\/s: created at them.*hash\(userId\) mod 15/,
    );
  });

  it('says nothing of the kind where the feed is read whole (its reads then divide among the buckets)', () => {
    expect(sg003(lint(ingesting(false)), 'partitionKey.paths[0]')?.fix).not.toMatch(/every page of/);
  });
});

/** game-serverless.json's leaderboards: 8 calculated shards of `/region`, its top-100 page read from every shard. */
function leaderboards(more: Partial<CosmosContainerDesign> = {}): CosmosContainerDesign {
  return {
    engine: 'cosmosdb',
    name: 'leaderboards',
    partitionKey: { paths: [{ path: '/region', cardinality: 8, kind: 'value' }] },
    throughput: 'serverless',
    workload: { peakReadUnits: 2000, peakWriteUnits: 15000, hotKeyShare: 0.45 },
    sharding: { strategy: 'calculated', shards: 8, sourceAttribute: 'playerId', sourceCardinality: 20_000_000, sourceMutable: false },
    storage: { totalGb: 10, largestPartitionGb: 4.5 },
    accessPatterns: [
      { name: 'region-top-100', keyAttributes: ['/region'], share: 0.6, fanOut: true, limit: 100 },
      { name: 'player-entry', keyAttributes: ['/region', 'playerId'], share: 0.4 },
    ],
    ...more,
  };
}

describe('SG003 on a serverless container moved to manual throughput', () => {
  it('counts the physical partitions its in-place conversion keeps, raised in place: ⌈RU/s ÷ 10,000⌉ from its 1', () => {
    // Before: one per 6,000 RU/s (6 at 31,800), the layout of a new container created there, not of the converted one.
    const findings = lint(leaderboards());
    const moved = sg003(findings, 'sharding.shards');
    const ru = moved?.data?.containerRu as number;
    expect(moved?.data).toMatchObject({ serverlessRu: 5000, physicalPartitions: Math.ceil(ru / 10000) });
    // The count SG017 tells the moved design to declare, which the next lint judges.
    expect(findings.find((f) => f.ruleId === 'SG017')?.data?.keptPartitions).toBe(moved?.data?.physicalPartitions);
  });

  it('offers no count past maxShards that its own fan-out undoes, and no "raise maxShards"', () => {
    const fix = sg003(lint(leaderboards()), 'sharding.shards')?.fix;
    // Every shard adds a query to each top-100 read: at the count the neighbours asked for (507 here) the container's
    // reads alone pass the RU/s the count was judged at. Withheld ("no shard count is offered"), however it is judged.
    expect(fix).toMatch(/^no shard count (is offered|fits)/);
    expect(fix).not.toMatch(/it would take N = \d+ keys|raise maxShards/);
  });

  it('where no read fans out, judged on the partitions the conversion keeps: no count fits at the move', () => {
    const hit = sg003(lint(leaderboards({ accessPatterns: [{ name: 'player-entry', keyAttributes: ['/region', 'playerId'], share: 1 }] })), 'sharding.shards');
    // Moved: on the 4 partitions the conversion keeps (before: 6 of a container created at those RU/s), every partition is
    // at its usable line at the move's RU/s, so no count fits there at all; the moved design's lint sizes it.
    expect(hit?.fix).toMatch(/^no shard count fits at the [\d,]+ RU\/s of SG017's move to manual throughput/);
  });
});
