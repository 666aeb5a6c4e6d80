/**
 * `Validations.acknowledge({ id: 'skewguard::SG003[hotKeyReads]' })` waives a hot key's read heat only, as
 * `appliesTo: ["hotKeyReads"]` does in a design: a DAX waiver on an auction whose hot item also takes 8,000 WCU of
 * writes leaves SG003 an error on that table, and waives the table whose hot item is over on its reads alone. The
 * kind is SG003's: another rule's bracket refuses it at the id. `[hotKeyReads]` beside `[hotKeyWrites]` add up, as
 * `appliesTo: ["hotKeyReads","hotKeyWrites"]` does, and `[hotKey]` waives every wording of the finding (`hotNamedKey`).
 * One synth; `lint cdk.out/` reads what it wrote.
 */
import { join } from 'node:path';
import { Validations } from 'aws-cdk-lib';
import { AttributeType } from 'aws-cdk-lib/aws-dynamodb';
import { Construct } from 'constructs';
import { GuardedTable, type GuardedTableProps } from '../../lib/cdk';
import { cli, tempTree } from '../cli/helpers';
import { appWithStack, skewguardReport, synthError } from './support';

const DAX = 'DAX in front of the hot item: its item cache answers the reads';
const LAUNCH = 'Launch-week bids accepted: the writes throttle and retry';
/** Every read of the pattern names the one hot item: SG003 words its finding by that value (`hotNamedKey`). */
const WATCH = { name: 'watch-item', keyAttributes: ['itemId'], share: 0.5, keyValue: 'item-1' };

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
  // Bids: the same auction item, its reads waived for DAX and its writes for the launch week, by two ids that add up.
  const both = new GuardedTable(stack, 'Bids', items(16_000));
  Validations.of(both).acknowledge({ id: 'skewguard::SG003[hotKeyReads]', reason: DAX }, { id: 'skewguard::SG003[hotKeyWrites]', reason: LAUNCH });
  // Watched: the item named by the reads that ask for it (`hotNamedKey`), waived by the kind it is a wording of.
  const named = new GuardedTable(stack, 'Watched', { ...items(16_000), accessPatterns: [WATCH] });
  Validations.of(named).acknowledge({ id: 'skewguard::SG003[hotKey]', reason: LAUNCH });
  // Under one scope, a waiver of the whole rule over the plain wording and the named one: one kind, not two.
  const launch = new Construct(stack, 'Launch');
  new GuardedTable(launch, 'Plain', items(16_000));
  new GuardedTable(launch, 'Named', { ...items(16_000), accessPatterns: [WATCH] });
  Validations.of(launch).acknowledge({ id: 'skewguard::SG003', reason: LAUNCH });
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

  it('`[hotKeyReads]` beside `[hotKeyWrites]` add up: the finding over in both directions is waived, under the first', () => {
    expect(sg003(both)).toEqual([['hotKey', true, ['hotKeyReads', 'hotKeyWrites']]]);
    expect(both.findings.find((f) => f.ruleId === 'SG003')?.reason).toBe(`${DAX}; ${LAUNCH}`);
    const suppressed = (report?.suppressedViolations ?? []).filter((v) => v.violatingConstructs[0]?.constructPath === 'Test/Bids');
    expect(suppressed.map((v) => [v.ruleName, v.reason])).toEqual([['skewguard::SG003[hotKeyReads]', DAX]]);
  });

  it('`[hotKey]` waives the finding worded by the value the reads name (`hotNamedKey`)', () => {
    expect(sg003(named)).toEqual([['hotNamedKey', true, ['hotKeyReads', 'hotKeyWrites']]]);
    const suppressed = (report?.suppressedViolations ?? []).filter((v) => v.violatingConstructs[0]?.constructPath === 'Test/Watched');
    expect(suppressed.map((v) => [v.ruleName, v.ruleMetadata?.variantOf])).toEqual([['skewguard::SG003[hotKey]', 'hotKey']]);
  });

  it('a waiver of the whole rule over `hotKey` and `hotNamedKey` waives one kind: no note of several', () => {
    const suppressed = (report?.suppressedViolations ?? []).filter((v) => v.violatingConstructs[0]?.constructPath.startsWith('Test/Launch/'));
    expect(suppressed.map((v) => [v.ruleName, v.ruleMetadata?.messageId])).toEqual([
      ['skewguard::SG003', 'hotKey'],
      ['skewguard::SG003', 'hotNamedKey'],
    ]);
    expect(suppressed.map((v) => v.description).join(' ')).not.toContain('Waives several kinds');
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
      findings: {
        ruleId: string;
        resource: string;
        acknowledged: boolean;
        parts?: string[];
        partialAcknowledgement?: { leftOut: string[] };
        broadAcknowledgement?: unknown;
      }[];
      unusedAcknowledgements: unknown[];
    }[];
    const sg003 = files.flatMap((file) => file.findings.filter((f) => f.ruleId === 'SG003'));
    expect(sg003.map((f) => [f.acknowledged, f.parts, f.partialAcknowledgement?.leftOut]).sort()).toEqual([
      [false, ['hotKeyReads', 'hotKeyWrites'], ['hotKeyWrites']],
      [true, ['hotKeyReads'], undefined],
      [true, ['hotKeyReads', 'hotKeyWrites'], undefined],
      [true, ['hotKeyReads', 'hotKeyWrites'], undefined],
      [true, ['hotKeyReads', 'hotKeyWrites'], undefined],
      [true, ['hotKeyReads', 'hotKeyWrites'], undefined],
    ]);
    expect(sg003.filter((f) => f.broadAcknowledgement)).toEqual([]);
    expect(files.flatMap((file) => file.unusedAcknowledgements)).toEqual([]);
  });
});
