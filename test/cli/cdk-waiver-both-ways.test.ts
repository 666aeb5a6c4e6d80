/**
 * A finding waived both ways, in the GuardedTable's `acknowledgements` and with `Validations.acknowledge()`: the
 * synth's report (`synthDesignReport`) and `skewguard lint cdk.out/` show the same waiver's reason.
 */
import { join } from 'node:path';
import { Validations } from 'aws-cdk-lib';
import { GuardedTable } from '../../lib/cdk';
import { synthDesignReport } from '../../lib/testing/cdk';
import { appWithStack, skewguardReport, statusKeyed } from '../cdk/support';
import { cli, tempTree } from './helpers';

process.env.CDK_VALIDATION = 'false';

const DESIGN_REASON = 'five statuses, read once a day by the nightly report';
const CDK_REASON = 'waived for the whole table by the platform team';

const { app, stack } = appWithStack({ outdir: join(tempTree(), 'cdk.out') });
const table = new GuardedTable(
  stack,
  'Orders',
  statusKeyed({
    workload: { peakReadUnits: 100, peakWriteUnits: 100 },
    warmThroughput: undefined,
    acknowledgements: [{ rule: 'SG001', reason: DESIGN_REASON }],
  }),
);
Validations.of(table).acknowledge({ id: 'skewguard::SG001', reason: CDK_REASON });
// Beside it, a table waived with Validations.acknowledge() alone: that waiver's reason, in both.
const cdkOnly = new GuardedTable(stack, 'Returns', statusKeyed({ workload: { peakReadUnits: 100, peakWriteUnits: 100 }, warmThroughput: undefined }));
Validations.of(cdkOnly).acknowledge({ id: 'skewguard::SG001', reason: CDK_REASON });
const report = synthDesignReport(stack);

it('synthDesignReport and lint cdk.out/ give one reason for a finding waived both ways', async () => {
  const synth = report.violations.filter((v) => v.ruleId === 'SG001').sort((a, b) => a.constructPath.localeCompare(b.constructPath));
  expect(synth.map((v) => v.constructPath)).toEqual(['Test/Orders', 'Test/Returns']);
  // The table's own waiver, which its design carries, is the one both show; CDK records its own reason beside it.
  expect(synth.map((v) => v.acknowledged)).toEqual([DESIGN_REASON, CDK_REASON]);
  expect(skewguardReport(app)?.suppressedViolations.map((v) => v.reason)).toEqual([CDK_REASON, CDK_REASON]);
  const { stdout } = await cli(['lint', 'cdk.out', '--format', 'json'], { cwd: join(app.outdir, '..') });
  const findings = (JSON.parse(stdout).files as { findings?: { ruleId: string; resource: string; reason?: string }[] }[]).flatMap((f) => f.findings ?? []);
  const lint = findings.filter((f) => f.ruleId === 'SG001').sort((a, b) => a.resource.localeCompare(b.resource));
  expect(lint.map((f) => f.resource)).toEqual(['Test.Orders', 'Test.Returns']);
  expect(lint.map((f) => f.reason)).toEqual(synth.map((v) => v.acknowledged));
});
