/**
 * A `Validations.acknowledge({ id: 'skewguard::SG017' })` over a table whose reads and writes are each above their
 * table-level quota waives two `overQuota` findings, two separate quotas (test/cli/quota-direction-waiver.test.ts): the
 * synth's report and `skewguard lint cdk.out/` name it broad, with the CDK id of one direction. On demand, 50,000 RCU
 * and 45,000 WCU are each above the default quota of 40,000 units per second. One synth; the lint reads what it wrote.
 */
import { join } from 'node:path';
import { Validations } from 'aws-cdk-lib';
import { AttributeType } from 'aws-cdk-lib/aws-dynamodb';
import { GuardedTable } from '../../lib/cdk';
import { cli, tempTree } from '../cli/helpers';
import { appWithStack, skewguardReport, synthError } from './support';

const REASON = 'Table-level write quota raised to 60,000 WCU, Service Quotas case 123456';

describe('a Stack-level waiver of SG017 over a table above both its read and its write quota (one synth)', () => {
  const { app, stack } = appWithStack({ outdir: join(tempTree(), 'cdk.out') });
  const ledger = new GuardedTable(stack, 'Ledger', {
    partitionKey: { name: 'accountId', type: AttributeType.STRING, cardinality: 2_000_000 },
    workload: { peakReadUnits: 50_000, peakWriteUnits: 45_000 },
  });
  Validations.of(stack).acknowledge({ id: 'skewguard::SG017', reason: REASON });
  synthError(app);
  const report = skewguardReport(app);
  const absorbs = "Validations.acknowledge({ id: 'skewguard::SG017' }) at Test waives 2 kinds of finding: overQuotaReads, overQuotaWrites;";
  const note = (part: string) => `${absorbs} acknowledge 'skewguard::SG017[${part}]' if it was written for this kind only`;

  it('the table reports overQuota on its reads and on its writes, both waived by the stack', () => {
    const sg017 = ledger.findings.filter((f) => f.ruleId === 'SG017');
    expect(sg017.map((f) => [f.messageId, f.parts, f.acknowledged])).toEqual([
      ['overQuota', ['overQuotaReads'], true],
      ['overQuota', ['overQuotaWrites'], true],
    ]);
  });

  it('the synth names the waiver on each finding it suppresses, with the id of that direction', () => {
    const suppressed = (report?.suppressedViolations ?? []).filter((v) => v.ruleName === 'skewguard::SG017');
    expect(suppressed.map((v) => v.description)).toEqual([
      expect.stringContaining(`Waives several kinds: ${note('overQuotaReads')}.`),
      expect.stringContaining(`Waives several kinds: ${note('overQuotaWrites')}.`),
    ]);
  });

  it('`lint cdk.out/` says the same', async () => {
    const { stdout } = await cli(['lint', 'cdk.out', '--no-color'], { cwd: join(app.outdir, '..') });
    expect(stdout).toContain(`waives several kinds: ${note('overQuotaReads')}`);
    expect(stdout).toContain(`waives several kinds: ${note('overQuotaWrites')}`);
  });
});
