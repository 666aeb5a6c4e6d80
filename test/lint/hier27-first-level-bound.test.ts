/**
 * hier27, a stranger's review (try27a): a Cosmos DB hierarchical key's full-key findings respect its first level.
 * The full key's hottest value sits under one first-level value, whose documents stay on one physical partition until
 * they hold 50 GB (Azure: "Hierarchical partition keys"), so that value takes at least the full key's declared share.
 *
 * 1. ads-flawed.json `clicks`: shards of the full key keep the `/advertiserId` prefix; SG003 judged the first level on
 *    its uniform share, so `--fix`'s 24 shards passed while the advertiser's 10,500 RU/s met 1,291.67 usable.
 * 2. imp-l1.json: the full key (SG003, SG006) asked for 100 shards at 331,000 RU/s while the first level asked for a
 *    `/campaignIdBucket` level, "not as sharding": both now give the first level's fix.
 * 3. imp-sound-natural.json, the bucket fix followed literally, kept the full key's 35% and 35 GB; the fix now says to
 *    re-declare them (÷ 100), and the design so re-declared passes.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { lint, type CosmosContainerDesign, type Finding } from '../../lib';

const design = (file: string): CosmosContainerDesign[] =>
  (JSON.parse(readFileSync(join(__dirname, 'hier27', file), 'utf8')) as { containers: CosmosContainerDesign[] }).containers.map((c) => ({
    ...c,
    engine: 'cosmosdb' as const,
  }));
const at = (findings: readonly Finding[], rule: string, path: string) => findings.find((f) => f.ruleId === rule && f.path === path);

describe("a first level is judged at least at the full key's declared share (hier27 item 1)", () => {
  const [, clicks] = design('ads-flawed.json');

  it('reports the hottest /advertiserId value at 30% (10,500 RU/s against 1,291.67 usable), said as a lower bound', () => {
    const first = at(lint(clicks), 'SG003', 'partitionKey.paths[0]');
    expect(first).toMatchObject({
      severity: 'error',
      data: { share: 0.3, shareSource: 'derived', keyShare: 0.3, shareAt: 'workload.hotKeyShare', prefixLoad: 10500 },
    });
    expect(first?.data?.prefixUsable).toBeCloseTo(1291.67, 2);
    expect(first?.message).toContain(
      "takes at least 30% (the full key's hottest value, declared at 30% in `workload.hotKeyShare`, sits under one first-level value)",
    );
    expect(first?.fix).toContain('hash(id) mod 24');
  });

  it('the full key defers to it instead of sharding under the one prefix', () => {
    const full = at(lint(clicks), 'SG003', 'partitionKey.paths');
    expect(full?.edits).toBeUndefined();
    expect(full?.fix).toMatch(/^apply the fix of the hottest `\/advertiserId` value \(SG003 at `partitionKey.paths\[0\]`\): its buckets hash `id`/);
    expect(full?.fix).not.toContain('random shards');
  });

  it('the 24 shards --fix wrote before do not pass: the prefix stays over', () => {
    const sharded = { ...clicks, sharding: { strategy: 'random' as const, shards: 24 } };
    // (SG009 asks for fanOut on the sharded pattern, as the shards' fix said.)
    const findings = lint(sharded).filter((f) => f.ruleId === 'SG003');
    expect(findings.map((f) => [f.ruleId, f.path])).toEqual([['SG003', 'partitionKey.paths[0]']]);
    expect(findings[0].data?.prefixLoad).toBe(10500);
  });

  it('a first level that declares its own share keeps it (clicks-fixed-l1: the same 30%, "declared")', () => {
    const declared = {
      ...clicks,
      partitionKey: {
        paths: [
          { path: '/advertiserId', cardinality: 3000, hotKeyShare: 0.3 },
          { path: '/campaignId', cardinality: 20000 },
        ],
      },
    };
    expect(at(lint(declared), 'SG003', 'partitionKey.paths[0]')?.data).toMatchObject({ share: 0.3, shareSource: 'declared' });
  });
});

describe("the full key and its size defer to the first level's buckets where they split it (hier27 item 2)", () => {
  for (const [file, index] of [
    ['imp-l1.json', 0],
    ['ads-flawed.json', 0],
  ] as const) {
    it(`${file}: SG003 and SG006 on the full key give the /campaignIdBucket fix, no shards of the full key`, () => {
      const findings = lint(design(file)[index]);
      const full = at(findings, 'SG003', 'partitionKey.paths');
      const size = at(findings, 'SG006', 'storage.largestPartitionGb');
      expect(at(findings, 'SG003', 'partitionKey.paths[0]')?.fix).toContain('`/campaignIdBucket` = /campaignId + "-" + hash(id) mod 100');
      expect(full?.fix).toMatch(/^apply the fix of the hottest `\/campaignId` value \(SG003 at `partitionKey.paths\[0\]`\)/);
      expect(full?.fix).toContain('35 GB ÷ 100 = 0.35 GB per bucket, within the 16 GB usable');
      expect(size?.fix).toMatch(/^apply the fix of the hottest `\/campaignId` value \(SG003 at `partitionKey.paths\[0\]`\): its buckets hash `id`/);
      expect(size?.edits).toBeUndefined();
      for (const f of [full, size]) expect(f?.fix).not.toContain('random shards');
    });
  }
});

describe('the bucket fix, followed literally, converges (hier27 item 3)', () => {
  const [impressions] = design('imp-l1.json');

  it('says which full-key figures to re-declare, and names the hashed attribute once', () => {
    const first = at(lint(impressions), 'SG003', 'partitionKey.paths[0]');
    expect(first?.fix).toContain('so declare its figures too: `workload.hotKeyShare` 0.35 ÷ 100 = 0.0035 and `storage.largestPartitionGb` 35 ÷ 100 = 0.35');
    expect(first?.fix).toContain('hashed on `id`, finer than the key');
    expect(first?.fix).not.toContain('hashed on `id`, not `id`');
  });

  it('the bucketed design with the re-declared figures passes; with the old ones it is still reported', () => {
    const [natural] = design('imp-sound-natural.json');
    expect(lint(natural).filter((f) => f.severity === 'error').length).toBeGreaterThan(0);
    const redeclared = { ...natural, workload: { ...natural.workload, hotKeyShare: 0.0035 }, storage: { ...natural.storage, largestPartitionGb: 0.35 } };
    // The buckets serve today's peak: the full key's hottest value then fits its physical partition's share with no
    // growth left (595 of a usable 596.22 RU/s), which SG014 warns of (minGrowthHeadroom), naming what 1.5× needs.
    expect(lint(redeclared).map((f) => `${f.ruleId} ${f.messageId} ${f.path}`)).toEqual(['SG014 nearCeiling workload.hotKeyShare']);
  });
});
