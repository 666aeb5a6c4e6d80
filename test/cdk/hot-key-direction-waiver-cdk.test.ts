/**
 * `Validations.acknowledge({ id: 'skewguard::SG003[hotKeyReads]' })` waives a hot key's read heat only, as
 * `appliesTo: ["hotKeyReads"]` does in a design: a DAX waiver on an auction whose hot item also takes 8,000 WCU of
 * writes leaves SG003 an error on that table, and waives the table whose hot item is over on its reads alone. The
 * kind is SG003's: another rule's bracket refuses it at the id. One synth; `lint cdk.out/` reads what it wrote.
 */
import { join } from 'node:path';
import { Validations } from 'aws-cdk-lib';
import { AttributeType } from 'aws-cdk-lib/aws-dynamodb';
import { GuardedTable, type GuardedTableProps } from '../../lib/cdk';
import { cli, tempTree } from '../cli/helpers';
import { appWithStack, skewguardReport, synthError } from './support';

const DAX = 'DAX in front of the hot item: its item cache answers the reads';

/** The hottest item takes half of the peak: 20,000 RCU of reads, and half of `peakWriteUnits` of writes. */
const items = (peakWriteUnits: number): GuardedTableProps => ({
  partitionKey: { name: 'itemId', type: AttributeType.STRING, cardinality: 100_000 },
  workload: { peakReadUnits: 40_000, peakWriteUnits, hotKeyShare: 0.5 },
});

describe('Validations.acknowledge() of one direction of a hot key (one synth)', () => {
  const { app, stack } = appWithStack({ outdir: join(tempTree(), 'cdk.out') });
  // Items: 8,000 WCU of writes on the hot item; Watchers: 500 WCU, within its partition.
  const hot = new GuardedTable(stack, 'Items', items(16_000));
  const readHot = new GuardedTable(stack, 'Watchers', items(1_000));
  // On each table: the one on Items waives nothing there, but names the finding's reads, so it is no stale waiver either.
  Validations.of(hot).acknowledge({ id: 'skewguard::SG003[hotKeyReads]', reason: DAX });
  Validations.of(readHot).acknowledge({ id: 'skewguard::SG003[hotKeyReads]', reason: DAX });
  Validations.of(stack).acknowledge({ id: 'skewguard::SG017[hotKeyReads]', reason: DAX });
  const error = synthError(app);
  const report = skewguardReport(app);
  const sg003 = (table: GuardedTable) => table.findings.filter((f) => f.ruleId === 'SG003').map((f) => [f.messageId, f.acknowledged, f.parts]);

  it('leaves the write heat an error, and says the waiver left it out', () => {
    expect(sg003(hot)).toEqual([['hotKey', false, ['hotKeyReads', 'hotKeyWrites']]]);
    const reported = (report?.violations ?? []).filter((v) => v.ruleName === 'skewguard::SG003');
    expect(reported.map((v) => [v.severity, v.violatingConstructs[0]?.constructPath])).toEqual([['error', 'Test/Items']]);
    expect(reported[0].description).toContain(
      'Not waived: the acknowledgement of SG003 at acknowledgements[0] (`appliesTo: ["hotKeyReads"]`) does not waive this finding, which is also hotKeyWrites',
    );
    expect(error).toContain('skewguard::SG003');
  });

  it('waives the table whose hot item is over on its reads alone, by the id CDK suppresses it with', () => {
    expect(sg003(readHot)).toEqual([['hotKey', true, ['hotKeyReads']]]);
    const suppressed = (report?.suppressedViolations ?? []).filter((v) => v.violatingConstructs[0]?.constructPath === 'Test/Watchers');
    expect(suppressed.map((v) => [v.ruleName, v.reason])).toEqual([['skewguard::SG003[hotKeyReads]', DAX]]);
  });

  it('is no stale waiver, and another rule refuses the kind at the id', () => {
    const descriptions = (report?.violations ?? []).filter((v) => v.ruleName === 'skewguard::acknowledgement').map((v) => v.description);
    expect(descriptions).toEqual([
      expect.stringContaining(
        `Validations.acknowledge({ id: 'skewguard::SG017[hotKeyReads]' }) at Test is not a valid waiver: id, the kind in brackets: "hotKeyReads" is not a message id of SG017`,
      ),
    ]);
  });

  it('`lint cdk.out/` judges the copies as the synth did', async () => {
    const { stdout } = await cli(['lint', 'cdk.out', '--format', 'json'], { cwd: join(app.outdir, '..') });
    const files = JSON.parse(stdout).files as {
      findings: { ruleId: string; resource: string; acknowledged: boolean; parts?: string[]; partialAcknowledgement?: { leftOut: string[] } }[];
      unusedAcknowledgements: unknown[];
    }[];
    const sg003 = files.flatMap((file) => file.findings.filter((f) => f.ruleId === 'SG003'));
    expect(sg003.map((f) => [f.acknowledged, f.parts, f.partialAcknowledgement?.leftOut]).sort()).toEqual([
      [false, ['hotKeyReads', 'hotKeyWrites'], ['hotKeyWrites']],
      [true, ['hotKeyReads'], undefined],
    ]);
    expect(files.flatMap((file) => file.unusedAcknowledgements)).toEqual([]);
  });
});
