/**
 * A `Validations.acknowledge({ id: 'skewguard::SG017' })` on a Stack covers every table under it. The synth counts the
 * kinds it absorbs over all of them (one kind on each of two tables is two kinds), and `skewguard lint cdk.out/` must
 * count them over the same scope, not table by table, or the two reports of one app disagree on whether the waiver is
 * broad. One synth; the lint reads what it wrote.
 */
import { join } from 'node:path';
import { Validations } from 'aws-cdk-lib';
import { AttributeType } from 'aws-cdk-lib/aws-dynamodb';
import { GuardedTable, type GuardedTableProps } from '../../lib/cdk';
import { cli, tempTree } from '../cli/helpers';
import { pacingLaunch } from '../fixtures';
import { appWithStack, skewguardReport, synthError } from './support';

/** pacingLaunch() with its warm throughput (and write peak) changed, so that SG017 reports one kind on it. */
function oneKind(workload: { peakWriteUnits: number }, warmThroughput: { writeUnitsPerSecond: number; readUnitsPerSecond: number }): GuardedTableProps {
  const { engine: _engine, name: _name, billing: _billing, partitionKey, ...design } = pacingLaunch();
  return {
    ...design,
    workload: { ...design.workload, ...workload },
    warmThroughput,
    partitionKey: { ...partitionKey, type: AttributeType.STRING },
  } as GuardedTableProps;
}
const REASON = 'Launch capacity agreed with AWS support, case 123456';

describe('a Stack-level waiver of a whole rule over two tables, one kind on each (one synth)', () => {
  const { app, stack } = appWithStack({ outdir: join(tempTree(), 'cdk.out') });
  // 60,000 WCU above the 40,000 default quota, warm reads enough: overQuota only.
  const quota = new GuardedTable(stack, 'Quota', oneKind({ peakWriteUnits: 60_000 }, { writeUnitsPerSecond: 118_000, readUnitsPerSecond: 40_000 }));
  // 30,000 WCU within the quota, warm reads below the derived read peak: warmBelowPeak only.
  const warm = new GuardedTable(stack, 'Warm', oneKind({ peakWriteUnits: 30_000 }, { writeUnitsPerSecond: 40_000, readUnitsPerSecond: 15_000 }));
  Validations.of(stack).acknowledge({ id: 'skewguard::SG017', reason: REASON });
  synthError(app);
  const report = skewguardReport(app);
  const absorbs = "Validations.acknowledge({ id: 'skewguard::SG017' }) at Test waives 2 kinds of finding: overQuota, warmBelowPeak;";
  const note = (kind: string) => `${absorbs} acknowledge 'skewguard::SG017[${kind}]' if it was written for this kind only`;

  it('each table reports one kind of SG017, waived by the stack', () => {
    const kinds = (table: GuardedTable) => table.findings.filter((f) => f.ruleId === 'SG017').map((f) => [f.messageId, f.acknowledged]);
    expect([kinds(quota), kinds(warm)]).toEqual([[['overQuota', true]], [['warmBelowPeak', true]]]);
  });

  it('the synth counts the kinds over the stack: each waived finding names both', () => {
    const suppressed = (report?.suppressedViolations ?? []).filter((v) => v.ruleName === 'skewguard::SG017');
    expect(suppressed.map((v) => [v.violatingConstructs[0]?.constructPath, v.acknowledgedAt])).toEqual([
      ['Test/Quota', 'Test'],
      ['Test/Warm', 'Test'],
    ]);
    expect(suppressed.map((v) => v.description)).toEqual([
      expect.stringContaining(`Waives several kinds: ${note('overQuota')}.`),
      expect.stringContaining(`Waives several kinds: ${note('warmBelowPeak')}.`),
    ]);
  });

  it('`lint cdk.out/` counts them over the same scope and says the same, with no unused waiver in either', async () => {
    const cwd = join(app.outdir, '..');
    const { stdout } = await cli(['lint', 'cdk.out', '--format', 'json'], { cwd });
    const files = JSON.parse(stdout).files as {
      findings: { ruleId: string; messageId: string; resource: string; broadAcknowledgement?: { path: string; kinds: string[]; acknowledgedAt?: string } }[];
      unusedAcknowledgements: unknown[];
    }[];
    const sg017 = files.flatMap((file) => file.findings.filter((f) => f.ruleId === 'SG017'));
    expect(sg017.map((f) => [f.messageId, f.broadAcknowledgement])).toEqual([
      ['overQuota', { path: expect.stringMatching(/^acknowledgements\[\d+\]$/), kinds: ['overQuota', 'warmBelowPeak'], acknowledgedAt: 'Test' }],
      ['warmBelowPeak', { path: expect.stringMatching(/^acknowledgements\[\d+\]$/), kinds: ['overQuota', 'warmBelowPeak'], acknowledgedAt: 'Test' }],
    ]);
    expect(files.flatMap((file) => file.unusedAcknowledgements)).toEqual([]);
    expect((report?.violations ?? []).filter((v) => v.ruleName === 'skewguard::acknowledgement')).toEqual([]);
    const text = await cli(['lint', 'cdk.out', '--no-color'], { cwd });
    expect(text.stdout).toContain(`waives several kinds: ${note('overQuota')}`);
    expect(text.stdout).toContain(`waives several kinds: ${note('warmBelowPeak')}`);
  });
});
