/**
 * A waiver without a kind that absorbs several kinds of its rule is named on each finding it waives, with how to tie it
 * to one. A design's acknowledgement (the props' `acknowledgements`) is told to give `appliesTo`; a
 * `Validations.acknowledge()` has no such field, so `GuardedTable.findings` and `designReport()` name the CDK id of one
 * kind (`skewguard::SG017[overQuota]`), as the synth's violations do. No synth: both read the construct tree.
 */
import { Validations } from 'aws-cdk-lib';
import { AttributeType } from 'aws-cdk-lib/aws-dynamodb';
import { describeFinding } from '../../lib';
import { designReport, GuardedTable, type GuardedTableProps } from '../../lib/cdk';
import { pacingLaunch } from '../fixtures';
import { appWithStack } from './support';

/** Two kinds of SG017 on the table's own key space: overQuota and warmBelowPeak. */
function props(acknowledgements?: GuardedTableProps['acknowledgements']): GuardedTableProps {
  const { engine: _engine, name: _name, billing: _billing, partitionKey, ...design } = pacingLaunch();
  return { ...design, partitionKey: { ...partitionKey, type: AttributeType.STRING }, ...(acknowledgements ? { acknowledgements } : {}) } as GuardedTableProps;
}
const REASON = 'Table-level write quota raised to 100,000 WCU, case 123456';

const broadNotes = (table: GuardedTable) =>
  table.findings.filter((f) => f.ruleId === 'SG017').map((f) => [f.messageId, f.acknowledged, f.broadAcknowledgement?.acknowledgedAt, describeFinding(f)]);

describe('the note on a waiver that absorbs several kinds, worded for where it was given', () => {
  it('a design acknowledgement keeps its wording: give it `appliesTo`', () => {
    const { stack } = appWithStack();
    const table = new GuardedTable(stack, 'Spend', props([{ rule: 'SG017', reason: REASON }]));
    expect(broadNotes(table)).toEqual([
      ['overQuota', true, undefined, expect.stringContaining('give it `appliesTo: ["overQuota"]` if it was written for this kind only')],
      ['warmBelowPeak', true, undefined, expect.stringContaining('give it `appliesTo: ["warmBelowPeak"]` if it was written for this kind only')],
    ]);
  });

  it('a Validations.acknowledge() names the CDK id of one kind, in findings and in designReport()', () => {
    const { app, stack } = appWithStack();
    const table = new GuardedTable(stack, 'Spend', props());
    Validations.of(stack).acknowledge({ id: 'skewguard::SG017', reason: REASON });
    const absorbs = "Validations.acknowledge({ id: 'skewguard::SG017' }) at Test waives 2 kinds of finding: overQuota, warmBelowPeak;";
    expect(broadNotes(table)).toEqual([
      ['overQuota', true, 'Test', expect.stringContaining(`${absorbs} acknowledge 'skewguard::SG017[overQuota]' if it was written for this kind only`)],
      ['warmBelowPeak', true, 'Test', expect.stringContaining(`${absorbs} acknowledge 'skewguard::SG017[warmBelowPeak]' if it was written for this kind only`)],
    ]);
    const report = designReport(app);
    expect(report).toContain(`${absorbs} acknowledge 'skewguard::SG017[warmBelowPeak]' if it was written for this kind only`);
    expect(report).not.toContain('appliesTo');
  });

  it('beside a design acknowledgement of another rule, the CDK copy is still told apart by its place', () => {
    const { stack } = appWithStack();
    const table = new GuardedTable(stack, 'Spend', props([{ rule: 'SG007', reason: 'The sharding is kept on purpose for now.' }]));
    Validations.of(table).acknowledge({ id: 'skewguard::SG017', reason: REASON });
    expect(broadNotes(table).map(([kind, , at]) => [kind, at])).toEqual([
      ['overQuota', 'Test/Spend'],
      ['warmBelowPeak', 'Test/Spend'],
    ]);
  });
});
