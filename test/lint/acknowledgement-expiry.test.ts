/**
 * Acknowledgements that expire: a waiver "until the quota raise lands" holds up to and including its `expires` day
 * (UTC), then the findings it waived count again, each naming the waiver that lapsed. A review (stranger18a) found
 * waivers could not expire, so a temporary one stayed for ever.
 */
import { AttributeType } from 'aws-cdk-lib/aws-dynamodb';
import { blockingFindings, describeFinding, DesignError, lintDocument, UsageError, type DynamoDbTableDesign, type LintOptions } from '../../lib';
import { GuardedTable } from '../../lib/cdk';
import { appWithStack, statusKeyed, synthError } from '../cdk/support';
import { cli, tempTree } from '../cli/helpers';

process.env.CDK_VALIDATION = 'false';

const WAIVER = { rule: 'SG001', reason: 'statuses are re-keyed in the March release (ticket OPS-7)', expires: '2027-03-01' };

/** Five statuses under 10,000 WCU: an SG001 error (published design "status code"). */
const byStatus = (acknowledgements: DynamoDbTableDesign['acknowledgements']): DynamoDbTableDesign => ({
  name: 'orders-by-status',
  partitionKey: { name: 'statusCode', type: 'S', cardinality: 5 },
  sortKey: { name: 'orderId', type: 'S' },
  workload: { peakReadUnits: 12_000, peakWriteUnits: 10_000 },
  acknowledgements,
});

const sg001 = (today: string | undefined, acknowledgements = [WAIVER]) => {
  const options: LintOptions = today === undefined ? {} : { today };
  const result = lintDocument({ tables: [byStatus(acknowledgements)] }, options);
  return { result, finding: result.findings.find((f) => f.ruleId === 'SG001')! };
};

describe('an acknowledgement with `expires`', () => {
  it('waives its findings up to and including its last day', () => {
    for (const today of ['2026-12-03', '2027-03-01']) {
      const { finding } = sg001(today);
      expect([today, finding.acknowledged, finding.reason, finding.expiredAcknowledgement]).toEqual([today, true, WAIVER.reason, undefined]);
    }
  });

  it('from the next day waives nothing: the finding blocks again and names the lapsed waiver, its date and reason', () => {
    const { result, finding } = sg001('2027-03-02');
    expect(finding).toMatchObject({ severity: 'error', acknowledged: false });
    expect(finding.reason).toBeUndefined();
    expect(finding.expiredAcknowledgement).toEqual({ reason: WAIVER.reason, expires: '2027-03-01', path: 'tables[0].acknowledgements[0]' });
    expect(blockingFindings(result.findings)).toContain(finding);
    expect(describeFinding(finding)).toContain(`(acknowledgement that expired on 2027-03-01 (tables[0].acknowledgements[0]): ${WAIVER.reason})`);
    // It matched a finding: it is lapsed, not unused.
    expect(result.unusedAcknowledgements).toEqual([]);
  });

  it('a waiver still in effect wins over a lapsed one for the same rule', () => {
    const renewed = { ...WAIVER, expires: '2027-06-30', reason: 'the March release slipped to June (ticket OPS-9)' };
    const { finding } = sg001('2027-04-01', [WAIVER, renewed]);
    expect([finding.acknowledged, finding.reason, finding.expiredAcknowledgement]).toEqual([true, renewed.reason, undefined]);
  });

  it('without `today`, judges on the clock: a far-future day holds, a past one has lapsed', () => {
    expect(sg001(undefined, [{ ...WAIVER, expires: '2999-12-31' }]).finding.acknowledged).toBe(true);
    expect(sg001(undefined, [{ ...WAIVER, expires: '2020-01-01' }]).finding.expiredAcknowledgement?.expires).toBe('2020-01-01');
  });

  it('a lapsed waiver that matches no finding is reported as unused', () => {
    const result = lintDocument(
      { tables: [byStatus([WAIVER, { rule: 'SG014', reason: 'the old hot tenant moved out (ticket OPS-3)', expires: '2027-01-31' }])] },
      { today: '2027-03-02' },
    );
    expect(result.unusedAcknowledgements.map((u) => [u.ruleId, u.path])).toEqual([['SG014', 'tables[0].acknowledgements[1]']]);
  });

  it('a rule that defers to a declined fix hears no from a lapsed waiver (SG017 offers the removal of the shards again)', () => {
    const feed = (expires: string): DynamoDbTableDesign => ({
      name: 'feed',
      partitionKey: { name: 'userId', type: 'S', cardinality: 100_000 },
      sortKey: { name: 'ts', type: 'S' },
      sharding: { strategy: 'random', shards: 10 },
      capacity: { read: { fixed: 4_000 }, write: { fixed: 2_000 } },
      workload: { peakReadUnits: 3_000, peakWriteUnits: 1_000 },
      accessPatterns: [{ name: 'feed-page', keyAttributes: ['userId'], rangeAttribute: 'ts', share: 1, fanOut: true, limit: 20 }],
      acknowledgements: [{ rule: 'SG007', reason: 'the shards stay for the next sale (ticket OPS-42)', expires }],
    });
    const sg017 = (expires: string) => lintDocument({ tables: [feed(expires)] }, { today: '2027-03-02' }).findings.find((f) => f.ruleId === 'SG017')!;
    // Kept on purpose (see needless-sharding-kept): the raise that keeps the shards is the fix.
    expect(sg017('2027-03-02').fix).toMatch(/^set `capacity\.read\.fixed` to at least 37,500/);
    expect(sg017('2027-03-01').fix).not.toMatch(/^set `capacity\.read\.fixed`/);
  });
});

describe('bad dates are refused, naming the field', () => {
  it.each([['2027-13-01'], ['2027-02-30'], ['tomorrow'], ['2027-3-1'], [20270301]])('expires: %p', (expires) => {
    let error: unknown;
    try {
      lintDocument({ tables: [byStatus([{ ...WAIVER, expires: expires as string }])] });
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(DesignError);
    expect((error as DesignError).issues).toEqual([{ path: 'tables[0].acknowledgements[0].expires', message: expect.stringMatching(/YYYY-MM-DD/) }]);
  });

  // Review 25: a date in another format was refused as "expected a string …, got "01/02/2027"", which is a string.
  it.each([['01/02/2027'], ['2027-3-1'], ['tomorrow'], ['']])(
    'a string in another format (%p) is told the format it must have, and what was given',
    (expires) => {
      let error: unknown;
      try {
        lintDocument({ tables: [byStatus([{ ...WAIVER, expires }])] });
      } catch (e) {
        error = e;
      }
      expect((error as DesignError).issues).toEqual([
        { path: 'tables[0].acknowledgements[0].expires', message: `must be a date written YYYY-MM-DD, e.g. "2027-03-01", got ${JSON.stringify(expires)}` },
      ]);
    },
  );

  it('the `today` option', () => {
    expect(() => lintDocument({ tables: [byStatus([WAIVER])] }, { today: '03/02/2027' })).toThrow(UsageError);
    expect(() => lintDocument({ tables: [byStatus([WAIVER])] }, { today: '03/02/2027' })).toThrow(/options\.today/);
  });
});

describe('reports and gates', () => {
  it('the CLI exits 1 on a lapsed waiver and says which waiver lapsed', async () => {
    const dir = tempTree({ 'design.json': JSON.stringify({ tables: [byStatus([{ ...WAIVER, expires: '2020-01-31' }])] }, null, 2) });
    const text = await cli(['lint', 'design.json', '--no-color'], { cwd: dir });
    expect(text.code).toBe(1);
    expect(text.stdout).toContain(`acknowledgement that expired on 2020-01-31 (tables[0].acknowledgements[0]): ${WAIVER.reason}`);
    const sarif = JSON.parse((await cli(['lint', 'design.json', '--format', 'sarif'], { cwd: dir })).stdout);
    const result = sarif.runs[0].results.find((r: { ruleId: string }) => r.ruleId === 'SG001');
    expect(result.suppressions).toBeUndefined();
    expect(result.message.text).toContain('No longer waived: acknowledgement that expired on 2020-01-31');
  });

  it('a GuardedTable synth fails once the waiver of its error has lapsed, and passes while it holds', () => {
    const synthWith = (expires: string) => {
      const { app, stack } = appWithStack();
      new GuardedTable(
        stack,
        'ByStatus',
        statusKeyed({
          partitionKey: { name: 'status', type: AttributeType.STRING, cardinality: 5 },
          acknowledgements: [
            { rule: 'SG001', reason: WAIVER.reason, expires },
            { rule: 'SG003', reason: WAIVER.reason, expires },
          ],
        }),
      );
      return synthError(app);
    };
    expect(synthWith('2999-12-31')).toBe('');
    const error = synthWith('2020-01-31');
    expect(error).toContain('skewguard::SG001');
    expect(error).toContain(`No longer waived: acknowledgement that expired on 2020-01-31`);
  });
});
