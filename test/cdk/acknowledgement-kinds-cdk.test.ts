/**
 * `Validations.acknowledge()` names the kind of finding it waives the way cdk-nag names a granular finding:
 * `skewguard::SG017[overQuota]` waives SG017's table-level quota finding and not its warm-throughput finding on the same
 * table, as `appliesTo: ['overQuota']` does in a design (task ack35). `skewguard::SG017` still waives every kind, and
 * when it suppresses more than one, each of them says so in the synth's report. One synth of two stacks; `lint cdk.out/`
 * reads what it wrote.
 */
import { join } from 'node:path';
import { Stack, Validations } from 'aws-cdk-lib';
import { AttributeType } from 'aws-cdk-lib/aws-dynamodb';
import { GuardedTable, type GuardedTableProps } from '../../lib/cdk';
import { cli, tempTree } from '../cli/helpers';
import { pacingLaunch } from '../fixtures';
import { appWithStack, skewguardReport, synthError, verdicts } from './support';

/** Two kinds of SG017 on the table's own key space: overQuota (an error) and warmBelowPeak (a warning). */
const { engine, name, billing, partitionKey, ...design } = pacingLaunch();
const budgetPacing: GuardedTableProps = { ...design, partitionKey: { ...partitionKey, type: AttributeType.STRING } } as GuardedTableProps;
const QUOTA_RAISED = 'Table-level write quota raised to 100,000 WCU, case 123456';

describe('Validations.acknowledge() with a kind in brackets (one synth)', () => {
  const { app, stack } = appWithStack({ outdir: join(tempTree(), 'cdk.out') });
  const other = new Stack(app, 'Other', { env: { account: '111111111111', region: 'eu-west-1' } });
  // Test/Spend: the quota waived by its kind; a mistyped kind and empty brackets beside it.
  const narrow = new GuardedTable(stack, 'Spend', budgetPacing);
  Validations.of(narrow).acknowledge(
    { id: 'skewguard::SG017[overQuota]', reason: QUOTA_RAISED },
    { id: 'skewguard::SG017[overQuote]', reason: QUOTA_RAISED },
    { id: 'skewguard::SG001[]', reason: 'A waiver that names no kind in its brackets.' },
  );
  // Other/Spend: SG017 waived whole on its stack, and a kind it does not report waived on the table.
  const broad = new GuardedTable(other, 'Spend', budgetPacing);
  Validations.of(other).acknowledge({ id: 'skewguard::SG017', reason: QUOTA_RAISED });
  Validations.of(broad).acknowledge({ id: 'skewguard::SG017[nearQuota]', reason: 'The table is expected to near its quota.' });
  const error = synthError(app);
  const report = skewguardReport(app);
  const kinds = (table: GuardedTable) => table.findings.filter((f) => f.ruleId === 'SG017').map((f) => [f.messageId, f.acknowledged]);

  it('waives the kind it names and leaves the other kind of the rule reported', () => {
    expect(kinds(narrow)).toEqual([
      ['overQuota', true],
      ['warmBelowPeak', false],
    ]);
    const suppressed = report?.suppressedViolations.filter((v) => v.violatingConstructs[0]?.constructPath === 'Test/Spend');
    // Named by the id that waives it, which CDK suppresses it by; the kind is in ruleMetadata for the next waiver.
    expect(suppressed?.map((v) => [v.ruleName, v.ruleMetadata?.messageId, v.reason])).toEqual([['skewguard::SG017[overQuota]', 'overQuota', QUOTA_RAISED]]);
    expect(verdicts(report?.violations ?? []).filter(([, rule]) => rule === 'skewguard::SG017')).toEqual([['warning', 'skewguard::SG017', 'Test/Spend']]);
  });

  it('refuses a kind the rule does not have, naming the nearest, and empty brackets', () => {
    expect(error).toContain('skewguard::acknowledgement');
    const refused = (report?.violations ?? []).filter((v) => v.severity === 'fatal').map((v) => v.description);
    expect(refused).toEqual([
      expect.stringContaining(
        `Validations.acknowledge({ id: 'skewguard::SG017[overQuote]' }) at Test/Spend is not a valid waiver: id, the kind in brackets: "overQuote" is not a message id of SG017; did you mean "overQuota"?`,
      ),
      expect.stringContaining(
        `Validations.acknowledge({ id: 'skewguard::SG001[]' }) at Test/Spend is not a valid waiver: id, the kind in brackets: must have at least 1 item`,
      ),
    ]);
  });

  it('without a kind still waives every kind, and each waived finding names the kinds it absorbs and the narrow id', () => {
    expect(kinds(broad)).toEqual([
      ['overQuota', true],
      ['warmBelowPeak', true],
    ]);
    const suppressed = report?.suppressedViolations.filter((v) => v.violatingConstructs[0]?.constructPath === 'Other/Spend') ?? [];
    expect(suppressed.map((v) => [v.ruleName, v.acknowledgedAt])).toEqual([
      ['skewguard::SG017', 'Other'],
      ['skewguard::SG017', 'Other'],
    ]);
    const absorbs = "Validations.acknowledge({ id: 'skewguard::SG017' }) at Other waives 2 kinds of finding: overQuota, warmBelowPeak;";
    expect(suppressed.map((v) => v.description)).toEqual([
      expect.stringContaining(`Waives several kinds: ${absorbs} acknowledge 'skewguard::SG017[overQuota]' if it was written for this kind only.`),
      expect.stringContaining(`Waives several kinds: ${absorbs} acknowledge 'skewguard::SG017[warmBelowPeak]' if it was written for this kind only.`),
    ]);
    // One kind waived by its own id is not broad.
    expect(report?.suppressedViolations.find((v) => v.ruleName === 'skewguard::SG017[overQuota]')?.description).not.toContain('several kinds');
  });

  it('whose kind does not fire waives nothing, and says which kind it waits for', () => {
    const unused = (report?.violations ?? []).filter((v) => v.ruleName === 'skewguard::acknowledgement' && v.severity === 'warning');
    expect(unused.map((v) => v.description)).toEqual([
      "Validations.acknowledge({ id: 'skewguard::SG017[nearQuota]' }) at Other/Spend waives nothing: no table at or below it has a SG017 finding of kind nearQuota",
    ]);
  });

  it('`lint cdk.out/` waives what the synth waived, names the broad waiver as the synth does, and reports the same stale waiver', async () => {
    const { stdout } = await cli(['lint', 'cdk.out', '--format', 'json'], { cwd: join(app.outdir, '..') });
    const files = JSON.parse(stdout).files as {
      findings: { ruleId: string; messageId: string; acknowledged: boolean; broadAcknowledgement?: { acknowledgedAt?: string } }[];
      unusedAcknowledgements: { message?: string; ruleId: string; appliesTo?: string[] }[];
    }[];
    const sg017 = files.map((file) => file.findings.filter((f) => f.ruleId === 'SG017').map((f) => [f.messageId, f.acknowledged]));
    expect(sg017).toEqual([
      [
        ['overQuota', true],
        ['warmBelowPeak', true],
      ],
      [
        ['overQuota', true],
        ['warmBelowPeak', false],
      ],
    ]);
    expect(files.flatMap((file) => file.unusedAcknowledgements).map((u) => [u.ruleId, u.appliesTo])).toEqual([['SG017', ['nearQuota']]]);
    // The stack's waiver copied into Other/Spend is named as the synth names it, with the CDK id of one kind.
    expect(files[0].findings.map((f) => f.broadAcknowledgement?.acknowledgedAt)).toContain('Other');
    const text = await cli(['lint', 'cdk.out', '--no-color'], { cwd: join(app.outdir, '..') });
    expect(text.stdout).toContain(
      "waives several kinds: Validations.acknowledge({ id: 'skewguard::SG017' }) at Other waives 2 kinds of finding: overQuota, warmBelowPeak; acknowledge 'skewguard::SG017[warmBelowPeak]' if it was written for this kind only",
    );
  });
});
