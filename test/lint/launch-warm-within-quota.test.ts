/**
 * A flash sale launched at its peak (30,000 WCU, 70% on one event) whose hottest event fits no shard count at any warm
 * throughput within the 40,000 WCU default table-level quota: SG017 asked for the key's 60,000 WCU pre-warm, past the
 * quota, so --fix wrote no pre-warm of the table at all, though the peak's own, 30,000 ÷ 80% = 37,500 WCU, is within
 * the quota and is what the new table needs to take its peak. DynamoDB pre-warms only up to the table-level quota
 * ("Understanding DynamoDB warm throughput", https://docs.aws.amazon.com/amazondynamodb/latest/developerguide/warm-throughput.html);
 * a new on-demand table serves 4,000 WCU before it scales ("On-demand capacity mode", initial throughput,
 * https://docs.aws.amazon.com/amazondynamodb/latest/developerguide/on-demand-capacity-mode.html). SG017 now writes the
 * peak's own pre-warm and names the key's figure with the quota to raise; where the peak's own figure is past the quota
 * too, it says that no pre-warm within the quota serves the launch, naming the quota option to declare once raised.
 */
import { lint, type Finding } from '../../lib';
import { flashSaleLaunch, table } from '../fixtures';

const on = (findings: readonly Finding[], ruleId: string, path: string) => findings.find((f) => f.ruleId === ruleId && f.path === path);

describe("a launch whose key's pre-warm is past the quota gets the peak's own, within it", () => {
  const findings = lint(flashSaleLaunch());

  it('SG017 writes 20,000 RCU and 37,500 WCU (16,000 RCU and 30,000 WCU ÷ 80%) and names the 60,000 WCU its key needs', () => {
    const sg017 = on(findings, 'SG017', 'workload');
    expect(sg017?.edits).toEqual([{ op: 'set', path: 'warmThroughput', value: { readUnitsPerSecond: 20_000, writeUnitsPerSecond: 37_500 } }]);
    expect(sg017?.fix).toMatch(/^pre-warm it: set warmThroughput to \{ readUnitsPerSecond: 20,000, writeUnitsPerSecond: 37,500 \}, which serves/);
    expect(sg017?.fix).toContain(
      'the fix for its hottest `eventId` value pre-warms more, 60,000 WCU a second (60 partitions, the least at which its 80 shards fit beside their neighbours), above the default table-level write quota of 40,000',
    );
    expect(sg017?.fix).toContain('then declare the granted figure as `quotas.tableWriteUnits`');
    expect(sg017?.fix).not.toContain('request its raise to at least those figures first');
  });

  it('SG003 keeps its quota-raise fix, and counts the 38 partitions of that pre-warm, not a promise of 60', () => {
    const sg003 = on(findings, 'SG003', 'partitionKey');
    // 30,000 WCU over ⌈37,500 ÷ 1,000⌉ = 38 partitions: 789.47 each, 98.68% of the usable 800 before any shard.
    expect(sg003?.fix).toContain('on the 38 partitions assumed for the warm throughput its launch peak alone needs (SG017)');
    expect(sg003?.fix).toContain('request the table-level write throughput quota raised to at least 60,000');
    expect(sg003?.message).not.toContain('SG017 asks for that pre-warm, to 60 partitions');
    expect(sg003?.edits).toBeUndefined();
  });

  it('a quota declared at 80,000 WCU: the key’s 60,000 WCU pre-warm is within it, and SG017 writes that instead', () => {
    const raised = on(lint(flashSaleLaunch(), { quotas: { tableWriteUnits: 80_000 } }), 'SG017', 'workload');
    expect(raised?.edits?.[0]).toMatchObject({ value: { writeUnitsPerSecond: 60_000 } });
    expect(raised?.fix).not.toContain('pre-warms more');
  });
});

describe("a launch whose peak's own pre-warm is past the quota says no pre-warm within it serves", () => {
  it('48,000 WCU at launch: 60,000 WCU, past the 40,000 quota; no edit, and the quota option named', () => {
    const warm = lint(table({ launchAtPeak: true, workload: { peakReadUnits: 1000, peakWriteUnits: 48_000 } })).find(
      (f) => f.ruleId === 'SG017' && f.messageId === 'notPreWarmed',
    );
    expect(warm?.edits).toBeUndefined();
    expect(warm?.fix).toContain(
      'request its raise to at least those figures first, then set them and declare the granted quota as `quotas.tableWriteUnits`: no pre-warm within the quota serves this peak at the 80% utilization the design plans for',
    );
  });

  it('the quota declared (still below the figure): named as declared, not asked to be declared again', () => {
    const warm = lint(table({ launchAtPeak: true, workload: { peakReadUnits: 1000, peakWriteUnits: 48_000 } }), { quotas: { tableWriteUnits: 50_000 } }).find(
      (f) => f.ruleId === 'SG017' && f.messageId === 'notPreWarmed',
    );
    expect(warm?.fix).toContain('above the declared table-level quota of 50,000 units per second (`quotas.tableWriteUnits`)');
    expect(warm?.fix).not.toContain('declare the granted quota');
  });
});
