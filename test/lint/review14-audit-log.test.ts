/**
 * Review 14: the user's audit log on Cosmos DB (review14/audit-log.json): a flat date key `/dayBucket`, append-only
 * writes on today's bucket (26,000 RU/s at peak), manual 30,000 RU/s over 4,000 GB, so 80 physical partitions of
 * 375 RU/s (300 usable). Item 1: SG002 quoted the bucket "against a usable 8,000 RU/s (80% of the 10,000 RU/s
 * ceiling)", a logical partition's, while its physical partition gives it 300. Item 2: the fix led with the raise to
 * 674,400 RU/s (22× today's) for 4 shards, the 58,200 RU/s for 100 shards came next, and the key change that costs no
 * RU/s at all (key by an event id) came last; SG006's size fix repeated the load's plan, batching included.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { lint, type CosmosContainerDesign, type DesignInput, type Finding } from '../../lib';
import { container, table } from '../fixtures';

const auditLog = JSON.parse(readFileSync(join(__dirname, 'review14', 'audit-log.json'), 'utf8')) as DesignInput;
const [userContainer] = (auditLog as { containers: CosmosContainerDesign[] }).containers;
/** The user's container, with `overrides`. */
const audit = (overrides: Partial<CosmosContainerDesign> = {}): CosmosContainerDesign =>
  container(Object.assign({}, userContainer, { engine: 'cosmosdb' as const }, overrides));
const finding = (findings: readonly Finding[], ruleId: string) => findings.find((f) => f.ruleId === ruleId);

/** Where each clause starts in a fix text (-1 when absent), to compare their order. */
const at = (fix: string | undefined, ...texts: string[]) => texts.map((t) => fix?.indexOf(t) ?? -1);

describe('review 14 item 1: SG002 quotes the figure its verdict is against', () => {
  const sg002 = finding(lint(auditLog), 'SG002');

  // The container is short of RU/s for its headroom (26,000 on 30,000 manual, 24,000 usable), but the current bucket's
  // 26,000 pass its logical partition's 8,000 usable, which no RU/s lift, and nothing else is loaded (0 + 8,000 fits
  // 24,000): SG017 asks for no raise, so the bucket is judged on the partitions deployed, 80 of 375 RU/s (300 usable),
  // as review 14 read it (fix27a had judged it at a raise to 32,500: 406.25, 325 usable). Never a logical partition's 8,000.
  it("quotes the physical partition's usable 300 RU/s as deployed, not a logical partition's 8,000", () => {
    expect(sg002?.message).toContain('26,000 RU/s against a usable 300 RU/s (80% of the 375 RU/s ceiling)');
    expect(sg002?.message).not.toContain('usable 8,000 RU/s');
    expect(sg002?.data).toMatchObject({ load: 26_000, usable: 300, ceiling: 375, containerRu: 30_000, physicalPartitions: 80 });
    expect(sg002?.message).not.toContain('judged at the');
  });

  it('says where the 300 come from, and that the logical ceiling means RU/s alone would not serve it', () => {
    expect(sg002?.message).toContain("the container's 30,000 RU/s are divided among 80 physical partitions of 375 RU/s (300 usable");
    expect(sg002?.message).toContain('more RU/s alone would not serve it, since one logical partition takes at most 10,000 RU/s (8,000 usable)');
    expect(sg002?.message).not.toContain('not the 10,000 RU/s logical-partition ceiling, is what bites');
  });

  // text29: the current bucket takes every write, so no other key value is expected beside it: a clause quoting a
  // zero figure ("less the 0 RU/s other key values are expected to take there") is left out, the figure kept in data.
  it('leaves out the neighbours clause when the other key values take nothing there', () => {
    expect(sg002?.data).toMatchObject({ neighbourRu: 0 });
    expect(sg002?.message).toContain('80 physical partitions of 375 RU/s (300 usable)');
    expect(sg002?.message).not.toContain('less the 0 RU/s');
  });

  it("on 200 GB (5 partitions of 6,000 RU/s) quotes that partition's usable share as deployed: 4,800 of 6,000", () => {
    const hit = finding(lint(audit({ storage: { totalGb: 200, largestPartitionGb: 15 } })), 'SG002');
    expect(hit?.message).toContain('26,000 RU/s against a usable 4,800 RU/s (80% of the 6,000 RU/s ceiling)');
  });

  it('a time bucket leading a hierarchical key is quoted against its prefix partition the same way', () => {
    const dayFirst = audit({
      partitionKey: {
        paths: [
          { path: '/dayBucket', cardinality: 90 },
          { path: '/tenantId', cardinality: 2000 },
        ],
      },
    });
    const hit = finding(lint(dayFirst), 'SG002');
    expect(hit?.message).toContain('26,000 RU/s against a usable 325 RU/s (80% of the 406.25 RU/s ceiling)');
    expect(hit?.message).toContain('the bucket gets that partition');
  });

  it("a combined key's current values over both ceilings are quoted against their partition's share", () => {
    // /tenantId (2) → /dayBucket on 40,000 RU/s (80 partitions of 500, 400 usable): today's two values take 13,000 RU/s each.
    const tenantDay = audit({
      throughput: { manual: 40_000 },
      partitionKey: {
        paths: [
          { path: '/tenantId', cardinality: 2 },
          { path: '/dayBucket', cardinality: 90 },
        ],
      },
    });
    const hit = finding(lint(tenantDay), 'SG002');
    expect(hit?.message).toMatch(/13,000 RU\/s against a usable [\d,.]+ RU\/s \(\d+(\.\d+)?% of the 500 RU\/s ceiling\)/);
    expect(hit?.message).toContain('one logical partition takes at most 10,000 RU/s (8,000 usable)');
  });

  it('the DynamoDB twin stays on the partition ceiling, which no table capacity changes', () => {
    const dayTable = table({
      name: 'audit',
      partitionKey: { name: 'dayBucket', type: 'S', cardinality: 90 },
      workload: { peakReadUnits: 0, peakWriteUnits: 2000 },
    });
    expect(finding(lint(dayTable), 'SG002')?.message).toContain('2,000 WCU writes against a usable 800 WCU (80% of the 1,000 WCU ceiling)');
  });
});

describe('review 14 item 2: remedies in the order of what they cost', () => {
  const findings = lint(auditLog);
  const sg002 = finding(findings, 'SG002');
  const sg006 = finding(findings, 'SG006');

  it('SG002: the key changes (hierarchical key, event id) before any raise, the 58,200 RU/s raise before the 674,400', () => {
    const [level, eventId, least, fewest, batch] = at(
      sg002?.fix,
      'make the key hierarchical',
      'key by an event id',
      "raise the container's throughput in place to 58,200 RU/s",
      '674,400 RU/s',
      'batch the hottest value',
    );
    expect(level).toBe(0);
    expect([eventId, least, fewest, batch].every((i) => i > 0)).toBe(true);
    expect(eventId).toBeLessThan(least);
    expect(least).toBeLessThan(fewest);
    expect(fewest).toBeLessThan(batch);
  });

  it('SG002: the cheaper raise carries the sharding clause and why its count, the fewest shards follow as the alternative', () => {
    expect(sg002?.fix).toContain(
      "raise the container's throughput in place to 58,200 RU/s (80 physical partitions of 727.5 RU/s; declare physicalPartitions: 80 once raised), then shard `/dayBucket` into N = 100 random shards (key#0…key#99)",
    );
    expect(sg002?.fix).toContain(
      "58,200 RU/s is the least raise where a count within maxShards 100 fits, N = 100 the fewest there: a stored key's 260 RU/s + (26,000 − 260) ÷ 80 = 321.75 of the rest of the container's load",
    );
    expect(sg002?.fix).toContain(
      "; or, for fewer shards, create the container at 480,000 RU/s, no more, then raise it to 674,400 RU/s (80 physical partitions of 8,430 RU/s: Azure starts a container on one physical partition per 6,000 RU/s of manual throughput, and raised up to 80 × 10,000 RU/s it splits none; declare physicalPartitions: 80 once raised; created at 674,400 RU/s it would get 113 physical partitions of 5,968.14 RU/s), then shard into N = 4, the fewest under the hottest value's own ceiling",
    );
    expect(sg002?.data).toMatchObject({
      shards: 100,
      shardRaiseTo: 58_200,
      leastShards: 100,
      leastShardRaiseTo: 58_200,
      fewestShards: 4,
      fewestShardRaiseTo: 674_400,
    });
  });

  it('SG006: the hierarchical key, then the split at the cheaper raise; no batching, which does nothing for a size', () => {
    expect(sg006?.fix).toMatch(/^make the key hierarchical/);
    expect(sg006?.fix).toContain('shard `/dayBucket` into N = 100 random shards');
    expect(sg006?.fix).toContain('(45 GB ÷ 100 = 0.45 GB per shard, within the 16 GB usable)');
    expect(sg006?.fix).toContain("so for these shards raise the container's throughput in place to 58,200 RU/s");
    expect(sg006?.fix).not.toContain('674,400');
    expect(sg006?.fix).not.toContain('batch the hottest value');
  });

  it('--fix writes nothing: no key change, and no raise, which would serve none of the current bucket (past its logical ceiling)', () => {
    expect(sg002?.edits ?? []).toEqual([]);
    expect(sg006?.edits ?? []).toEqual([]);
    // Was an edit to 32,500 RU/s: billed every hour, while the bucket's 26,000 RU/s stay capped at one logical partition.
    expect(finding(findings, 'SG017')?.edits).toBeUndefined();
    expect(finding(findings, 'SG017')?.fix).toContain('the peak as declared needs at least 32,500 RU/s at `throughput.manual`');
  });
});

describe('review 14 item 3: no shard count at the line SG017 puts the container on (the 5% spare rule)', () => {
  // The audit key combined with 2 tenants × 2 sites on 100 GB: 5 partitions. Short of RU/s, it is judged at SG017's
  // 32,500 RU/s (6,500 each, 5,200 usable), where the peak fills the usable RU/s: the 26,000 RU/s average 5,200 on each.
  // 41 shards of a current value (317 RU/s each) are as heavy as the average value and judged at that average, 5,200
  // of 5,200: a count decided at 0% free, where a count needs 5% (MIN_SPARE_FOR_COUNTS). Before: "shard into N = 41".
  const tenantSiteDay = audit({
    storage: { totalGb: 100 },
    partitionKey: {
      paths: [
        { path: '/tenantId', cardinality: 2 },
        { path: '/siteId', cardinality: 2 },
        { path: '/dayBucket', cardinality: 90 },
      ],
    },
  });

  // With no room for a level (three already), the event id is the key change that leads, before the raise (item 2).
  it('SG002 offers no count at that line: the key change, then the least raise whose peak leaves 5% free, with its count', () => {
    const hit = finding(lint(tenantSiteDay), 'SG002');
    expect(hit?.fix).not.toContain('N = 41');
    expect(hit?.fix).toMatch(/^key by an event id, or combine `\/dayBucket` with an attribute of many values/);
    expect(hit?.fix).toContain('create the container at 30,000 RU/s, no more, then raise it to 34,300 RU/s (5 physical partitions of 6,860 RU/s');
    // 26,000 of 0.8 × 34,300 = 27,440: 5.2% free.
    expect(hit?.data).toMatchObject({ shards: 37, shardRaiseTo: 34_300 });
    expect(hit?.edits ?? []).toEqual([]);
  });

  it('the raise for the fewest shards follows the rule too: 131,600 RU/s for 63 shards, not 127,900 (2.3% free)', () => {
    // SG003's ts.json hot-lp with a 1,000 GB value: its size needs 63 shards (15.87 GB each). At 127,900 RU/s the peak
    // of 100,000 leaves 2.3% of the usable 102,320 free; 131,600 is the least on the grid that leaves 5%.
    const hotLp = container({
      name: 'hot-lp',
      partitionKey: { paths: [{ path: '/deviceId', cardinality: 10000, hotKeyShare: 0.09 }] },
      throughput: { manual: 100000 },
      storage: { largestPartitionGb: 1000 },
      workload: { peakReadUnits: 10000, peakWriteUnits: 90000 },
    });
    const findings = lint(hotLp);
    expect(finding(findings, 'SG003')?.data).toMatchObject({ shards: 63, shardRaiseTo: 131_600 });
    expect(finding(findings, 'SG006')?.fix).toContain('so for these shards create the container at 102,000 RU/s, no more, then raise it to 131,600 RU/s');
  });
});
