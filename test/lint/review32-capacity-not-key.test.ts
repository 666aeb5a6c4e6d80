/**
 * dynA32 items 2 and 3, from a stranger's review (designs copied under review32/).
 *
 * 2. An on-demand table launched at its peak with warm throughput at (or just above) that peak: iot-sound's telemetry,
 *    150,000 WCU on `deviceDay` (1 M values), warmed to 150,000 or 170,000 WCU, drew an SG003 error on a value of
 *    0.15 WCU ("less the 999.85 WCU its neighbours are expected to take … 0 WCU left"), and so did a 20 M-value
 *    timeline table. Every partition there averages its full ceiling, past its usable line, whatever the key: the
 *    partitions are short for the table's load, the table's capacity (SG017's), not a hot key. AWS, "Designing partition
 *    keys to distribute your workload" (uniform keys) and "Burst and adaptive capacity" (a partition serves its
 *    frequently accessed items as long as the table's capacity and the partition maximum allow). The key is judged on
 *    the partitions SG017's pre-warm gives, as a provisioned key is at SG017's raise, so no SG003; SG017 asks for it.
 * 3. SG017's pre-warm was peak ÷ headroom capped at the 40,000 table-level quota, but never under the peak: 36,000 →
 *    40,000, 48,000 → 48,000, 400,000 → 400,000, and warm throughput equal to the peak then passed SG017. It is now
 *    peak ÷ headroom; where that is past the quota (which bounds pre-warming too, "Understanding DynamoDB warm
 *    throughput"), the fix says so and SG017's quota finding on the same peak asks for the raise.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { applyDesignEdits, lint, type DesignEdit, type DesignInput, type DynamoDbTableDesign, type Finding } from '../../lib';

type Document = { tables: DynamoDbTableDesign[] };
const design = (name: string) => JSON.parse(readFileSync(join(__dirname, 'review32', `${name}.json`), 'utf8')) as Document;
const telemetry = (change: Partial<DynamoDbTableDesign>): DesignInput => {
  const { acknowledgements: _, ...table } = design('iot-sound').tables[0];
  return { tables: [Object.assign({}, table, change)] };
};
const of = (findings: Finding[], rule: string) => findings.filter((f) => f.ruleId === rule);

describe('SG003 defers to SG017 where the table is short of partitions for its load (item 2)', () => {
  it.each([150_000, 170_000])('telemetry warmed to %d WCU for its 150,000 WCU peak: no SG003; SG017 asks for 187,500', (warm) => {
    const findings = lint(telemetry({ warmThroughput: { readUnitsPerSecond: 12_000, writeUnitsPerSecond: warm } }));
    expect(of(findings, 'SG003')).toEqual([]);
    const [preWarm] = of(findings, 'SG017').filter((f) => f.messageId === 'warmWithinHeadroom');
    expect(preWarm).toMatchObject({ severity: 'warning', data: { writeUnitsPerSecond: 187_500 } });
    expect(preWarm.fix).toContain('above the default table-level quota of 40,000 units per second, which bounds warm throughput too');
  });

  it('as the stranger declared it (quota raised, SG017 acknowledged): its SG017 findings are waived, no SG003', () => {
    const findings = lint(design('iot-sound'));
    expect(of(findings, 'SG003')).toEqual([]);
    expect(of(findings, 'SG017').every((f) => f.acknowledged)).toBe(true);
    const warmed = {
      tables: [Object.assign({}, design('iot-sound').tables[0], { warmThroughput: { readUnitsPerSecond: 12_000, writeUnitsPerSecond: 150_000 } })],
    };
    const after = lint(warmed);
    expect(of(after, 'SG003')).toEqual([]);
    expect(of(after, 'SG017').map((f) => [f.messageId, f.acknowledged])).toContainEqual(['warmWithinHeadroom', true]);
  });

  it('the 20 M-value timeline launched at 400,000 WCU: no SG003; SG017 pre-warms 25,000 RCU and 500,000 WCU', () => {
    const findings = lint(design('feed-timeline'));
    expect(of(findings, 'SG003')).toEqual([]);
    const [preWarm] = of(findings, 'SG017').filter((f) => f.messageId === 'notPreWarmed');
    expect(preWarm.data).toMatchObject({ readUnitsPerSecond: 25_000, writeUnitsPerSecond: 500_000, quota: 40_000 });
    expect(preWarm.fix).toContain('set warmThroughput to { readUnitsPerSecond: 25,000, writeUnitsPerSecond: 500,000 }');
    // The 400,000 WCU peak is past the quota: its overQuota error asks for the raise.
    expect(of(findings, 'SG017').map((f) => [f.messageId, f.severity])).toContainEqual(['overQuota', 'error']);
  });

  it('a truly hot value on the same full table keeps SG003: 1% of 150,000 WCU is 1,500 WCU, over a partition alone', () => {
    const findings = lint(
      telemetry({
        warmThroughput: { readUnitsPerSecond: 12_000, writeUnitsPerSecond: 150_000 },
        workload: { peakReadUnits: 5000, peakWriteUnits: 150_000, hotKeyShare: 0.01 },
      }),
    );
    expect(of(findings, 'SG003').map((f) => [f.path, f.severity])).toEqual([['tables[0].partitionKey', 'error']]);
  });

  it('a value heavier than its neighbours but within a partition alone, on the full table: SG003 still reports it', () => {
    // 0.5% of 150,000 = 750 WCU: fits 800 alone, over beside 149,250 ÷ 188 = 793.9 WCU of neighbours.
    const findings = lint(
      telemetry({
        warmThroughput: { readUnitsPerSecond: 12_000, writeUnitsPerSecond: 150_000 },
        workload: { peakReadUnits: 5000, peakWriteUnits: 150_000, hotKeyShare: 0.005 },
      }),
    );
    expect(of(findings, 'SG003')).toHaveLength(1);
  });

  it('the provisioned equivalent (10,000 WCU for a 9,000 WCU peak, 50 M keys): SG017 headroom only, as before', () => {
    expect(lint(design('prov-at-capacity')).map((f) => [f.ruleId, f.messageId])).toEqual([['SG017', 'withinHeadroom']]);
  });
});

describe("SG017's pre-warm keeps the headroom above the table-level quota (item 3)", () => {
  const launch = (peakWriteUnits: number, warmThroughput?: DynamoDbTableDesign['warmThroughput']): DesignInput => ({
    tables: [
      {
        name: 'launch',
        partitionKey: { name: 'userId', type: 'S', cardinality: 'unique' },
        workload: { peakReadUnits: 100, peakWriteUnits },
        launchAtPeak: true,
        ...(warmThroughput ? { warmThroughput } : {}),
      },
    ],
  });
  const preWarm = (input: DesignInput) => lint(input).find((f) => f.ruleId === 'SG017' && /notPreWarmed|warmWithinHeadroom|warmBelowPeak/.test(f.messageId));
  const warmWrites = (f: Finding | undefined) => f?.data?.writeUnitsPerSecond;

  it.each([
    [8_000, 10_000],
    [32_000, 40_000],
    [36_000, 45_000],
    [48_000, 60_000],
    [100_000, 125_000],
  ])('a %d WCU launch peak is pre-warmed to %d WCU (peak ÷ 80%)', (peak, warm) => {
    const hit = preWarm(launch(peak));
    expect(warmWrites(hit)).toBe(warm);
    expect(hit?.fix).toContain(`writeUnitsPerSecond: ${warm.toLocaleString('en-US')} }`);
  });

  it('within the 40,000 quota the fix carries its edit; past it, none: --fix writes no figure the deployment refuses', () => {
    expect(preWarm(launch(32_000))?.edits).toEqual([
      { op: 'set', path: 'tables[0].warmThroughput', value: { readUnitsPerSecond: 12_000, writeUnitsPerSecond: 40_000 } },
    ]);
    for (const peak of [36_000, 48_000, 100_000]) expect(preWarm(launch(peak))?.edits).toBeUndefined();
  });

  it.each([40_000, 48_000, 100_000])('warm throughput exactly at a %d WCU launch peak is the headroom warning', (peak) => {
    const hit = preWarm(launch(peak, { readUnitsPerSecond: 12_000, writeUnitsPerSecond: peak }));
    expect(hit).toMatchObject({ messageId: 'warmWithinHeadroom', severity: 'warning', data: { utilization: 1, writeUnitsPerSecond: peak / 0.8 } });
  });

  it('past the quota, the fix says the quota bounds it, and the quota finding asks for the raise (one request)', () => {
    const findings = lint(launch(36_000));
    expect(preWarm(launch(36_000))?.fix).toMatch(
      /; those figures are above the default table-level quota of 40,000 units per second, which bounds warm throughput too/,
    );
    expect(findings.find((f) => f.messageId === 'nearQuota')).toMatchObject({ severity: 'warning', data: { suggested: 45_000 } });
    // Set as the fix says once the raise is granted: the quota's finding stays, one error for the one request.
    const warmed = lint(launch(36_000, { readUnitsPerSecond: 12_000, writeUnitsPerSecond: 45_000 }));
    expect(warmed.map((f) => [f.messageId, f.severity, f.notes])).toEqual([['nearQuota', 'error', ['declaredWarmPastQuota']]]);
  });

  it('--fix on the timeline and the launches settles: every finding left asks only for an acknowledgement or the quota', () => {
    for (const input of [design('feed-timeline') as DesignInput, launch(36_000), launch(48_000), launch(20_000)]) {
      let current = input;
      for (let round = 0; round < 5; round++) {
        const next = lint(current).find((f) => f.edits !== undefined);
        if (!next) break;
        current = applyDesignEdits(current, next.edits as DesignEdit[]);
      }
      const left = lint(current);
      expect(left.filter((f) => f.edits !== undefined)).toEqual([]);
      expect(of(left, 'SG003')).toEqual([]);
      // Whatever pre-warm is left to do waits on the quota the same lint asks to raise.
      const quotaAsked = left.some((f) => f.messageId === 'nearQuota' || f.messageId === 'overQuota');
      expect(left.filter((f) => /notPreWarmed|WithinHeadroom|warmBelowPeak/.test(f.messageId)).length === 0 || quotaAsked).toBe(true);
    }
    // Within the quota, --fix pre-warms and the re-lint is clean.
    let small = launch(20_000);
    small = applyDesignEdits(small, lint(small).find((f) => f.edits)?.edits as DesignEdit[]);
    expect(lint(small)).toEqual([]);
  });
});
