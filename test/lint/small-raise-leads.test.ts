/**
 * Decision 50 (order22): a raise of the container's RU/s in place that clears the finding by itself and adds at most
 * SMALL_RAISE_SHARE (25%) to today's leads the fix over a change of key, and is what --fix writes; the change of key
 * follows as the durable alternative ("or, to stop paying for the headroom, …"). A new key is a new container and a
 * copy of every document, once ("Change partition key"); a raise is billed every hour ("Pricing model"), so for a 5%
 * raise the raise is the cheaper trade. Past 25%, the key change keeps the lead. Not for serverless (no raise), a shared
 * database (its raise moves every container in it), a container short of RU/s (SG017's raise comes first), or a value
 * above maxHotKeyShare that throttles at its peak. Such a value served at its peak (a headroom warning) gets the raise
 * first (levers35): SG014 then warns of its share, planning the key change for growth.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { applyDesignEdits, lint, type CosmosContainerDesign, type DesignInput, type Finding } from '../../lib';
import { SMALL_RAISE_SHARE } from '../../lib/lint/physical-partition';
import { container, soundTenantEvents } from '../fixtures';

/**
 * The reviewer's design (sound-21b): `/tenantId` → `/userId` → `/id`, a tenant at `share` of 24,000 RU/s, autoscale
 * 40,000 RU/s over 300 GB (6 physical partitions of 6,666.67 RU/s). At 8% the tenant's partition is expected at 5,600 RU/s,
 * above its 5,333.33 usable: 42,000 RU/s (+5%) serve it as it is, and 2 buckets would.
 */
function tenantEvents(share = 0.08, throughput: CosmosContainerDesign['throughput'] = { autoscaleMax: 40_000 }): CosmosContainerDesign {
  // The container exists (a new key is a copy of its documents): an autoscale one declares its 6 partitions, ⌈300 GB ÷
  // 50⌉, so its raise is sized in place; manual throughput is raised in place from the 7 it was created on either way.
  const declared = typeof throughput === 'object' && 'autoscaleMax' in throughput ? { physicalPartitions: 6 } : {};
  return soundTenantEvents(share, throughput, {}, declared);
}

/** The same tenant under a flat key `/tenantId`: its hottest value is over its physical partition's share alone. */
function flatTenants(share = 0.08, autoscaleMax = 40_000, resultKb?: number): CosmosContainerDesign {
  return container({
    name: 'tenant-events',
    partitionKey: { paths: [{ path: '/tenantId', cardinality: 2000, hotKeyShare: share }] },
    throughput: { autoscaleMax },
    workload: { peakReadUnits: 8000, peakWriteUnits: 16_000 },
    storage: { totalGb: 300, largestPartitionGb: 0.5 },
    physicalPartitions: 6,
    accessPatterns: [
      { name: 'tenant-dashboard', keyAttributes: ['/tenantId'], share: 0.98, ...(resultKb === undefined ? {} : { resultKb }) },
      { name: 'admin', keyAttributes: [], share: 0.02 },
    ],
  });
}

/** The stranger's helpdesk (try35b/helpdesk.json): `/tenantId` (12,000) → `/ticketId`, a 15% tenant of 12,000 RU/s on manual 20,000. */
const helpdesk = (): DesignInput => JSON.parse(readFileSync(join(__dirname, 'try35b', 'helpdesk.json'), 'utf8')) as DesignInput;

/**
 * The findings left once `finding`'s raise is applied: the least raise that serves today's peak leaves the value no growth,
 * which SG014 warns of (`nearCeiling`, short of minGrowthHeadroom), planning the key change that follows the raise.
 */
const afterGrowth = (design: CosmosContainerDesign, finding: Finding | undefined): string[] =>
  lint(applyDesignEdits(design, finding?.edits ?? [])).map((f) => `${f.ruleId} ${f.messageId} ${f.path}`);
const sg003 = (design: CosmosContainerDesign): Finding[] => lint(design).filter((f) => f.ruleId === 'SG003');
const firstLevel = (design: CosmosContainerDesign): Finding | undefined => sg003(design).find((f) => f.path === 'partitionKey.paths[0]');

describe('decision 50: a small raise in place leads a new key', () => {
  it('is 25% of today', () => {
    expect(SMALL_RAISE_SHARE).toBe(0.25);
  });

  it('sound-21b: 42,000 RU/s (+5%) lead, the bucketed first level follows as the durable alternative', () => {
    const finding = firstLevel(tenantEvents());
    // edits31: another tenant fits unbucketed up to 6.66% of the 24,000 RU/s (1,598.4 + 22,401.6 ÷ 6 = 5,332 of the 5,333.33 usable).
    expect(finding?.fix).toMatch(
      /^raise the container's throughput in place to 42,000 RU\/s \(6 physical partitions of 7,000 RU\/s; .* rises from 4,000 to 4,200 RU\/s\), which serves the hottest `\/tenantId` value as it is: it adds 5% to today's 40,000 RU\/s, billed every hour, where a new key is a new container and a copy of every document, once; or, to stop paying for the headroom, give the first level more values: a synthetic first level `\/tenantIdBucket` = \/tenantId \+ "-" \+ hash\(userId\) mod 2 .*the application lists the bucketed values\); bucket any other \/tenantId value above 6\.66% of the peak, the most one fits unbucketed; why N = 2: /,
    );
    // Offered once: no trailing "or raise" after the buckets.
    expect(finding?.fix.match(/raise the container's throughput in place/g)).toHaveLength(1);
    expect(finding?.data).toMatchObject({ raiseTo: 42_000, smallRaiseFrom: 40_000, buckets: 2, bucketLevel: '/tenantIdBucket' });
    expect(finding?.data?.smallRaiseAdds).toBeCloseTo(0.05, 9);
  });

  it('sound-21b: --fix writes the raise, and the design it leaves has SG014 warn of its growth alone (one round)', () => {
    const design = tenantEvents();
    const finding = firstLevel(design);
    expect(finding?.edits).toEqual([{ op: 'set', path: 'throughput.autoscaleMax', value: 42_000 }]);
    // The raise serves today's peak and no more: SG014 then says the tenant has no growth left (minGrowthHeadroom 1.5),
    // planning the buckets the raise put off.
    expect(afterGrowth(design, finding)).toEqual(['SG014 nearCeiling partitionKey.paths']);
  });

  it("at exactly +25% (a tenant at 10% on 36,000 RU/s: 45,000) the raise still leads, and --fix leaves SG014's growth warning alone", () => {
    const design = tenantEvents(0.1, { autoscaleMax: 36_000 });
    const finding = firstLevel(design);
    expect(finding?.fix).toMatch(/^raise the container's throughput in place to 45,000 RU\/s .*: it adds 25% to today's 36,000 RU\/s/);
    expect(finding?.edits?.[0]).toEqual({ op: 'set', path: 'throughput.autoscaleMax', value: 45_000 });
    expect(afterGrowth(design, finding)).toEqual(['SG014 nearCeiling partitionKey.paths']);
  });

  it('past +25% (the same tenant on 35,000 RU/s: 45,000 is +28.6%; 8% on 32,000: 42,000 is +31%) the new key keeps the lead, the raise follows, --fix writes nothing', () => {
    for (const [share, ru, raiseTo] of [
      [0.1, 35_000, '45,000'],
      [0.08, 32_000, '42,000'],
    ] as const) {
      const finding = firstLevel(tenantEvents(share, { autoscaleMax: ru }));
      expect(finding?.fix).toMatch(/^give the first level more values: a synthetic first level `\/tenantIdBucket`/);
      expect(finding?.fix).toMatch(
        new RegExp(`; or raise the container's throughput in place to ${raiseTo} RU/s .*, which serves the hottest \`/tenantId\` value as it is$`),
      );
      expect(finding?.fix).not.toMatch(/to stop paying for the headroom/);
      expect(finding?.edits).toBeUndefined();
    }
  });

  // levers35 (moved: the key change led here, no edits): a value above maxHotKeyShare served at its peak is a headroom
  // warning, which a raise in place restores; SG014 then warns of its share, planning the key change for growth.
  it('a value above maxHotKeyShare served at its peak (12%, a warning): 48,000 RU/s (+20%) lead and are written; SG014 then warns of its share', () => {
    const design = tenantEvents(0.12);
    const finding = firstLevel(design);
    expect(finding?.severity).toBe('warning');
    expect(finding?.fix).toMatch(
      /^raise the container's throughput in place to 48,000 RU\/s .*: it adds 20% to today's 40,000 RU\/s.*; or, to stop paying for the headroom, give the first level more values/,
    );
    expect(finding?.edits).toEqual([{ op: 'set', path: 'throughput.autoscaleMax', value: 48_000 }]);
    expect(lint(applyDesignEdits(design, finding?.edits ?? [])).map((f) => `${f.ruleId} ${f.severity} ${f.path}`)).toEqual([
      'SG014 warning partitionKey.paths',
    ]);
  });

  it('helpdesk (stranger35b): a 15% tenant 1,800 RU/s against 1,450 usable (a warning): 21,800 RU/s (+9%) lead the 2 buckets, and --fix writes them', () => {
    const design = helpdesk();
    const [finding] = lint(design).filter((f) => f.ruleId === 'SG003');
    expect(finding).toMatchObject({ severity: 'warning', path: 'containers[0].partitionKey.paths[0]' });
    expect(finding.fix).toMatch(
      /^raise the container's throughput in place to 21,800 RU\/s \(4 physical partitions of 5,450 RU\/s; [^)]*\), which serves the hottest `\/tenantId` value as it is: it adds 9% to today's 20,000 RU\/s, .*; or, to stop paying for the headroom, give the first level more values: a synthetic first level `\/tenantIdBucket` = \/tenantId \+ "-" \+ hash\(ticketId\) mod 2 /,
    );
    expect(finding.fix.match(/raise the container's throughput in place/g)).toHaveLength(1);
    // The buckets that follow the raise still say what to declare of one bucket (they did only where they led).
    expect(finding.fix).toMatch(/with `\{ hotKeyShare: 0\.075, largestGb: 17\.5 \}` on it/);
    expect(finding.edits).toEqual([{ op: 'set', path: 'containers[0].throughput.manual', value: 21_800 }]);
    const fixed = lint(applyDesignEdits(design, finding.edits ?? []));
    expect(fixed.map((f) => `${f.ruleId} ${f.severity}`)).toEqual(['SG014 warning']);
  });

  it('manual 40,000 RU/s (7 physical partitions, created one per 6,000): 44,400 RU/s (+11%) lead, and --fix writes them', () => {
    const design = tenantEvents(0.08, { manual: 40_000 });
    const finding = firstLevel(design);
    expect(finding?.fix).toMatch(/^create the container at 42,000 RU\/s, no more, then raise it to 44,400 RU\/s .*: it adds 11% to today's 40,000 RU\/s/);
    expect(finding?.edits?.[0]).toEqual({ op: 'set', path: 'throughput.manual', value: 44_400 });
    expect(firstLevel(applyDesignEdits(design, finding?.edits ?? []))).toBeUndefined();
  });

  it('a shared database: its raise moves every container in it, so the new key keeps the lead', () => {
    const finding = firstLevel(tenantEvents(0.08, { sharedDatabase: 40_000 }));
    expect(finding?.fix ?? '').not.toMatch(/^raise/);
    expect(finding?.fix ?? '').not.toMatch(/to stop paying for the headroom/);
  });

  it("a flat key: 42,000 RU/s lead the hottest value's shards, which follow; --fix writes the raise, SG014's growth warning alone after it", () => {
    const design = flatTenants();
    const [finding] = sg003(design);
    expect(finding.fix).toMatch(
      /^redistribute [^;]*, which adds no RU\/s \(preview; [^)]*\); or raise the container's throughput in place to 42,000 RU\/s .*, which serves the hottest `\/tenantId` value unsharded: it adds 5% to today's 40,000 RU\/s, .*; or, to stop paying for the headroom, shard only the hottest `\/tenantId` value, into N = 2 random shards/,
    );
    expect(finding.fix.match(/raise the container's throughput in place/g)).toHaveLength(1);
    expect(finding.edits).toEqual([{ op: 'set', path: 'throughput.autoscaleMax', value: 42_000 }]);
    expect(afterGrowth(design, finding)).toEqual(['SG014 nearCeiling partitionKey.paths']);
  });

  it('a flat key above maxHotKeyShare served at its peak (a 37.5% store on 5 partitions of 8,000 RU/s, a warning): redistribution, then 45,000 RU/s (+12.5%), lead and are written', () => {
    const design = container({
      name: 'orders',
      partitionKey: { paths: [{ path: '/storeId', cardinality: 1000 }] },
      workload: { peakReadUnits: 4_400, peakWriteUnits: 10_000, hotKeyShare: 0.375 },
      throughput: { autoscaleMax: 40_000 },
      storage: { totalGb: 250 },
      // Redistribution moves an existing container's RU/s: its 5 partitions (⌈250 GB ÷ 50⌉) are declared.
      physicalPartitions: 5,
    });
    const [finding] = sg003(design);
    expect(finding.severity).toBe('warning');
    expect(finding.fix).toMatch(
      /^redistribute [^;]*, which adds no RU\/s \(preview; [^)]*\); or raise the container's throughput in place to 45,000 RU\/s .*, which serves the hottest `\/storeId` value unsharded: it adds 12\.5% to today's 40,000 RU\/s, .*; or, to stop paying for the headroom, /,
    );
    expect(finding.edits).toEqual([{ op: 'set', path: 'throughput.autoscaleMax', value: 45_000 }]);
    expect(lint(applyDesignEdits(design, finding.edits ?? [])).map((f) => `${f.ruleId} ${f.severity}`)).toEqual(['SG014 warning']);
  });

  // The dashboard's reads declare their size (40 KB): without it each shard's query floor (2.5 RU) is uncounted and
  // --fix writes none of the shards (fix-uncounted-fan-out.test.ts), which the second loop pins.
  it('a flat key past +25% (8% on 32,000 RU/s), or above maxHotKeyShare (15%): the shards keep the lead and are the edit; the raise follows', () => {
    for (const design of [flatTenants(0.08, 32_000, 40), flatTenants(0.15, 40_000, 40)]) {
      const [finding] = sg003(design);
      expect(finding.fix).toMatch(/^shard only the hottest `\/tenantId` value/);
      expect(finding.fix).toMatch(/; or raise the container's throughput in place to [\d,]+ RU\/s/);
      expect(finding.fix).not.toMatch(/to stop paying for the headroom/);
      expect(finding.edits?.some((e) => e.path.endsWith('sharding'))).toBe(true);
    }
    for (const design of [flatTenants(0.08, 32_000), flatTenants(0.15)]) {
      const [finding] = sg003(design);
      expect(finding.fix).toMatch(/^shard only the hottest `\/tenantId` value/);
      expect(finding.fix).toContain('--fix writes none of this until resultKb is declared on `tenant-dashboard`');
      expect(finding.edits).toBeUndefined();
    }
  });
});
