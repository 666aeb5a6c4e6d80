/**
 * An acknowledgement can name the kinds of its rule's findings it waives (`appliesTo`, message ids), and one that
 * names none says so when it waives more than one kind. Before, a waiver of SG017 written for the table-level write
 * quota also waived the warm-throughput finding on the same table: 0 errors, 0 warnings, and the launch throttled
 * (task ack34, /work/try34a/v2/bp-launch-118.json).
 */
import { AttributeType } from 'aws-cdk-lib/aws-dynamodb';
import { describeFinding, lintDocument, validateAcknowledgements, type DynamoDbTableDesign } from '../../lib';
import { GuardedTable } from '../../lib/cdk';
import { unusedWaiverNote } from '../../lib/internal';
import { appWithStack } from '../cdk/support';
import { cli, tempTree } from '../cli/helpers';
import { pacingLaunch } from '../fixtures';

const QUOTA = { rule: 'SG017', reason: 'Table-level write quota raised to 100,000 WCU, case 123456' };

const sg017 = (acknowledgements: DynamoDbTableDesign['acknowledgements']) => {
  const result = lintDocument(pacingLaunch(acknowledgements));
  const kinds = Object.fromEntries(result.findings.filter((f) => f.ruleId === 'SG017').map((f) => [f.messageId, f]));
  return { result, quota: kinds.overQuota, warm: kinds.warmBelowPeak };
};

describe('an acknowledgement with `appliesTo`', () => {
  it('waives the kind it names and leaves another kind of the same rule on the same key space open', () => {
    const { result, quota, warm } = sg017([{ ...QUOTA, appliesTo: ['overQuota'] }]);
    expect(quota).toMatchObject({ acknowledged: true, reason: QUOTA.reason });
    expect(warm).toMatchObject({ acknowledged: false, severity: 'warning' });
    expect(quota?.broadAcknowledgement).toBeUndefined();
    expect(result.unusedAcknowledgements).toEqual([]);
  });

  it('naming both kinds waives both, and no report calls it broad', () => {
    const { quota, warm } = sg017([{ ...QUOTA, appliesTo: ['overQuota', 'warmBelowPeak'] }]);
    expect([quota?.acknowledged, warm?.acknowledged]).toEqual([true, true]);
    expect([quota?.broadAcknowledgement, warm?.broadAcknowledgement]).toEqual([undefined, undefined]);
  });

  it('whose kind does not fire is unused, and says which kind it waits for', () => {
    const { result, quota } = sg017([{ ...QUOTA, appliesTo: ['nearQuota'] }]);
    expect(quota?.acknowledged).toBe(false);
    expect(result.unusedAcknowledgements).toMatchObject([
      { ruleId: 'SG017', appliesTo: ['nearQuota'], openKinds: ['overQuotaWrites', 'warmBelowPeak'], path: 'acknowledgements[0]' },
    ]);
    expect(unusedWaiverNote(result.unusedAcknowledgements[0])).toBe(
      'SG017 reports no finding of kind nearQuota (`appliesTo`) on campaign-spend; it reports overQuotaWrites, warmBelowPeak there: if the waiver was written for one of them, name it in `appliesTo` (`appliesTo: ["overQuotaWrites"]`)',
    );
  });

  it('naming the wrong kind is unused and names the kind its rule does report on that key space', () => {
    // The table's read peak uses all of the default quota: a nearQuota finding, which a waiver of overQuota does not reach.
    const lots: DynamoDbTableDesign = {
      engine: 'dynamodb',
      name: 'auction-lots',
      partitionKey: { name: 'lotId', type: 'S', cardinality: 200_000 },
      workload: { peakReadUnits: 40_000, peakWriteUnits: 2_000 },
      acknowledgements: [{ ...QUOTA, appliesTo: ['overQuota'] }],
    };
    const result = lintDocument(lots);
    expect(result.findings.filter((f) => f.ruleId === 'SG017').map((f) => [f.messageId, f.acknowledged])).toEqual([['nearQuota', false]]);
    expect(result.unusedAcknowledgements).toMatchObject([{ appliesTo: ['overQuota'], openKinds: ['nearQuotaReads'] }]);
    expect(unusedWaiverNote(result.unusedAcknowledgements[0])).toBe(
      'SG017 reports no finding of kind overQuota (`appliesTo`) on auction-lots; it reports nearQuotaReads there: if the waiver was written for that finding, name it in `appliesTo` (`appliesTo: ["nearQuotaReads"]`)',
    );
  });

  it('naming a message id the rule does not have is an input error at the field, with the nearest id', () => {
    expect(() => lintDocument(pacingLaunch([{ ...QUOTA, appliesTo: ['overQuote'] }]))).toThrow(
      /acknowledgements\[0\]\.appliesTo\[0\]: "overQuote" is not a message id of SG017; did you mean "overQuota"\?/,
    );
    expect(() => validateAcknowledgements([{ ...QUOTA, appliesTo: ['nope'] }])).toThrow(
      /acknowledgements\[0\]\.appliesTo\[0\]: "nope" is not a message id of SG017/,
    );
    expect(() => lintDocument(pacingLaunch([{ ...QUOTA, appliesTo: [] }]))).toThrow(/acknowledgements\[0\]\.appliesTo: must have at least 1 item/);
  });

  it('is reported with the other problems of the waivers, not one run later', () => {
    // A short reason and an impossible date beside an unknown kind: every problem at once (/work/try36a/probe/acks-bad.json).
    const waivers = [
      { ...QUOTA, appliesTo: ['overQuote'] },
      { rule: 'SG003', reason: 'short' },
      { rule: 'SG003', reason: 'date bad test', expires: '2026-02-30' },
    ];
    const paths = (run: () => unknown) => {
      try {
        run();
      } catch (error) {
        return (error as { issues: { path: string }[] }).issues.map((issue) => issue.path).sort();
      }
      return [];
    };
    const expected = ['acknowledgements[0].appliesTo[0]', 'acknowledgements[1].reason', 'acknowledgements[2].expires'];
    expect(paths(() => lintDocument(pacingLaunch(waivers as DynamoDbTableDesign['acknowledgements'])))).toEqual(expected);
    expect(paths(() => validateAcknowledgements(waivers))).toEqual(expected);
    // A waiver naming an index the table does not have, beside a short reason: both at once (the index was one run later).
    const unknownIndex = [
      { rule: 'SG003', reason: 'short' },
      { rule: 'SG003', index: 'by-nothing', reason: 'the index is not there' },
    ];
    expect(paths(() => lintDocument(pacingLaunch(unknownIndex as DynamoDbTableDesign['acknowledgements'])))).toEqual([
      'acknowledgements[0].reason',
      'acknowledgements[1].index',
    ]);
    // A kind the shape refuses (not a name) is the shape's to report, once.
    expect(paths(() => validateAcknowledgements([{ ...QUOTA, reason: 'short', appliesTo: [3] }]))).toEqual([
      'acknowledgements[0].appliesTo[0]',
      'acknowledgements[0].reason',
    ]);
  });
});

describe('an acknowledgement without `appliesTo` (kept working as before)', () => {
  it('still waives every kind of its rule, and each finding it waives names the kinds it absorbs', () => {
    const { result, quota, warm } = sg017([QUOTA]);
    expect([quota?.acknowledged, warm?.acknowledged]).toEqual([true, true]);
    const broad = { path: 'acknowledgements[0]', kinds: ['overQuota', 'warmBelowPeak'] };
    expect(quota?.broadAcknowledgement).toEqual(broad);
    expect(warm?.broadAcknowledgement).toEqual(broad);
    expect(describeFinding(warm!)).toContain(
      'the acknowledgement of SG017 at acknowledgements[0] names no `appliesTo` and waives 2 kinds of finding: overQuota, warmBelowPeak; give it `appliesTo: ["warmBelowPeak"]` if it was written for this kind only',
    );
    expect(result.unusedAcknowledgements).toEqual([]);
  });

  it('waiving one kind is not called broad', () => {
    const design = pacingLaunch([QUOTA]);
    const { findings } = lintDocument({ ...design, launchAtPeak: false, warmThroughput: undefined });
    const waived = findings.filter((f) => f.ruleId === 'SG017');
    expect(waived.map((f) => [f.messageId, f.acknowledged])).toEqual([['overQuota', true]]);
    expect(waived[0].broadAcknowledgement).toBeUndefined();
  });
});

describe('SARIF and GitHub reports of a waiver that absorbs several kinds (task ack35)', () => {
  const absorbs = 'the acknowledgement of SG017 at tables[0].acknowledgements[0] names no `appliesTo` and waives 2 kinds of finding: overQuota, warmBelowPeak';
  const dir = (acknowledgements: DynamoDbTableDesign['acknowledgements']) =>
    tempTree({ 'design.json': JSON.stringify({ tables: [{ ...pacingLaunch(acknowledgements), engine: undefined }] }, null, 2) });

  it('SARIF names it in the message of each result it suppresses; the suppression keeps the reason alone', async () => {
    const { code, stdout } = await cli(['lint', 'design.json', '--format', 'sarif'], { cwd: dir([QUOTA]) });
    expect(code).toBe(0);
    const results = (JSON.parse(stdout).runs[0].results as { ruleId: string; message: { text: string }; suppressions?: { justification?: string }[] }[]).filter(
      (r) => r.ruleId === 'SG017',
    );
    expect(results.map((r) => r.suppressions)).toEqual([
      [{ kind: 'inSource', justification: QUOTA.reason }],
      [{ kind: 'inSource', justification: QUOTA.reason }],
    ]);
    expect(results.map((r) => r.message.text)).toEqual([
      expect.stringContaining(`. Waives several kinds: ${absorbs}; give it \`appliesTo: ["overQuota"]\` if it was written for this kind only`),
      expect.stringContaining(`. Waives several kinds: ${absorbs}; give it \`appliesTo: ["warmBelowPeak"]\` if it was written for this kind only`),
    ]);
  });

  it('GitHub annotates it once, as a warning, though the findings it waives are not annotated', async () => {
    const { code, stdout } = await cli(['lint', 'design.json', '--format', 'github'], { cwd: dir([QUOTA]) });
    expect(code).toBe(0);
    const annotations = stdout.split('\n').filter((line) => line.startsWith('::'));
    expect(annotations).toEqual([
      expect.stringMatching(/^::warning file=design\.json,line=\d+,col=\d+,title=skewguard%3A the acknowledgement of SG017 waives several kinds::/),
    ]);
    expect(annotations[0]).toContain(`${absorbs}; give it \`appliesTo: ["overQuota"]\``);
    expect(annotations[0]).toContain('%0APath: tables[0].acknowledgements[0]');
  });

  it('neither says it of a waiver that names its kinds', async () => {
    const cwd = dir([{ ...QUOTA, appliesTo: ['overQuota', 'warmBelowPeak'] }]);
    expect((await cli(['lint', 'design.json', '--format', 'sarif'], { cwd })).stdout).not.toContain('several kinds');
    expect((await cli(['lint', 'design.json', '--format', 'github'], { cwd })).stdout).not.toMatch(/^::/m);
  });
});

describe('the CDK `acknowledgements` prop', () => {
  const props = { partitionKey: { name: 'leagueId', type: AttributeType.STRING, cardinality: 40 }, workload: { peakReadUnits: 50, peakWriteUnits: 20 } };
  const reason = 'Season-sharding migration planned in GAME-456 next sprint.';
  const sg001 = (appliesTo: string[]) => {
    const { stack } = appWithStack();
    return new GuardedTable(stack, 'Scores', { ...props, acknowledgements: [{ rule: 'SG001', reason, appliesTo }] }).findings.filter(
      (f) => f.ruleId === 'SG001',
    );
  };

  it('waives the kind its appliesTo names, and not another kind', () => {
    expect(sg001(['fewValuesFits']).map((f) => [f.messageId, f.acknowledged])).toEqual([['fewValuesFits', true]]);
    expect(sg001(['oneValue']).map((f) => [f.messageId, f.acknowledged])).toEqual([['fewValuesFits', false]]);
  });

  it('refuses a message id SG001 does not have, naming the field', () => {
    const { stack } = appWithStack();
    expect(() => new GuardedTable(stack, 'Scores', { ...props, acknowledgements: [{ rule: 'SG001', reason, appliesTo: ['fewValue'] }] })).toThrow(
      /acknowledgements\[0\]\.appliesTo\[0\]: "fewValue" is not a message id of SG001; did you mean "fewValues"\?/,
    );
  });
});
