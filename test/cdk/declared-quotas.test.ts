/**
 * A GuardedTable declares the account's raised DynamoDB throughput quotas: the `skewguard:dynamoDbQuotas` context of its
 * scope (a quota is the account's: declared once, read by every table under it), overridden field by field by the
 * table's own `quotas` prop; both are checked by the validator of `skewguard lint`'s `quotas` option, and they travel in
 * the template metadata, so `skewguard lint cdk.out/` weighs the same figures. Quotas: "Quotas in Amazon DynamoDB",
 * throughput default quotas (https://docs.aws.amazon.com/amazondynamodb/latest/developerguide/ServiceQuotas.html#default-limits-throughput).
 */
import { join } from 'node:path';
import { Annotations as AssertAnnotations, Match } from 'aws-cdk-lib/assertions';
import { UsageError } from '../../lib';
import { GuardedTable, QUOTAS_CONTEXT } from '../../lib/cdk';
import { cli, tempTree } from '../cli/helpers';
import { appWithStack, healthy, synthError, writtenTemplate } from './support';

/** A unique key at a 50,000 WCU peak on demand: past the default table-level write quota of 40,000 (SG017 overQuota). */
const busy = (overrides = {}) => healthy({ workload: { peakReadUnits: 1000, peakWriteUnits: 50_000 }, ...overrides });
const sg017 = (table: GuardedTable) => table.findings.filter((f) => f.ruleId === 'SG017').map((f) => f.messageId);

describe('a GuardedTable at 50,000 WCU, with and without a raised table-level write quota', () => {
  it('without one: SG017 refuses the synth, and `lint cdk.out/` agrees', async () => {
    const { app, stack } = appWithStack({ outdir: join(tempTree(), 'cdk.out') });
    const table = new GuardedTable(stack, 'Orders', busy());
    expect(sg017(table)).toEqual(['overQuota']);
    expect(synthError(app)).toContain('SG017');
    const { stdout } = await cli(['lint', 'cdk.out', '--format', 'json'], { cwd: join(app.outdir, '..') });
    const files = JSON.parse(stdout).files as { findings: { ruleId: string; messageId: string }[]; notes: unknown[] }[];
    expect(files.flatMap((file) => file.findings).map((f) => [f.ruleId, f.messageId])).toEqual([['SG017', 'overQuota']]);
    // No quota declared: no note of a raise.
    expect(files.flatMap((file) => file.notes)).toEqual([]);
  });

  it('the prop: synthesizes, the metadata records the quotas, and `lint cdk.out/` finds nothing', async () => {
    const { app, stack } = appWithStack({ outdir: join(tempTree(), 'cdk.out') });
    const table = new GuardedTable(stack, 'Orders', busy({ quotas: { tableWriteUnits: 200_000 } }));
    expect(table.findings).toEqual([]);
    expect(synthError(app)).toBe('');
    writtenTemplate(app, stack).hasResource('AWS::DynamoDB::GlobalTable', {
      Metadata: { skewguard: Match.objectLike({ quotas: { tableWriteUnits: 200_000 } }) },
    });
    const { stdout } = await cli(['lint', 'cdk.out', '--format', 'json'], { cwd: join(app.outdir, '..') });
    const files = JSON.parse(stdout).files as { findings: unknown[]; notes: { path: string; message: string }[] }[];
    expect(files.flatMap((file) => file.findings)).toEqual([]);
    // The raise is said as the synth's warning says it (a loosening), at the metadata that declares it.
    expect(files.flatMap((file) => file.notes)).toEqual([
      expect.objectContaining({
        path: expect.stringMatching(/^Resources\.Orders[A-Z0-9]+\.Metadata\.skewguard\.quotas$/),
        message:
          "the GuardedTable's quota declaration raises tableWriteUnits to 200,000 (AWS default 40,000): SG017's quota findings and SG003's " +
          'warm-throughput plans pass up to these figures, not the defaults. Declare only a raise Service Quotas granted the account in this Region',
      }),
    ]);
  });

  it('the context of an enclosing scope, as `-c` gives it (a JSON string), read by every table under it', () => {
    const { stack } = appWithStack({ context: { [QUOTAS_CONTEXT]: '{"tableWriteUnits":200000}' } });
    expect(sg017(new GuardedTable(stack, 'A', busy()))).toEqual([]);
    expect(sg017(new GuardedTable(stack, 'B', busy()))).toEqual([]);
  });

  it('the prop overrides the context field by field', () => {
    const { stack } = appWithStack({ context: { [QUOTAS_CONTEXT]: { tableWriteUnits: 45_000, tableReadUnits: 60_000 } } });
    const table = new GuardedTable(stack, 'Orders', busy({ quotas: { tableWriteUnits: 200_000 } }));
    expect(sg017(table)).toEqual([]);
    const under = new GuardedTable(stack, 'Under', busy({ quotas: { tableReadUnits: 50_000 } }));
    // The context's 45,000 WCU still applies to this one, and the finding names where it was declared.
    expect(under.findings.find((f) => f.ruleId === 'SG017')?.message).toContain('45,000 units per second (`quotas.tableWriteUnits`)');
  });

  it.each([
    ['the prop below the default', { quotas: { tableWriteUnits: 39_999 } }, {}, 'quotas.tableWriteUnits'],
    ['the prop with an unknown field', { quotas: { tableWrites: 200_000 } }, {}, 'quotas.tableWrites'],
    ['the context a fraction', {}, { [QUOTAS_CONTEXT]: { tableWriteUnits: 40_000.5 } }, `context ${QUOTAS_CONTEXT}.tableWriteUnits`],
    ['the context not JSON', {}, { [QUOTAS_CONTEXT]: 'tableWriteUnits=200000' }, `context ${QUOTAS_CONTEXT}`],
  ])('refuses %s, naming the field', (_, props, context, path) => {
    const { stack } = appWithStack({ context });
    let thrown: unknown;
    try {
      new GuardedTable(stack, 'Orders', busy(props));
    } catch (error) {
      thrown = error;
    }
    expect(thrown).toBeInstanceOf(UsageError);
    expect((thrown as UsageError).issues.map((i) => i.path)).toEqual([path]);
  });
});

describe("a raised quota is said at synth, as the CLI says a config's (a loosening: the quota findings pass up to it)", () => {
  const raisedWarnings = (stack: Parameters<typeof AssertAnnotations.fromStack>[0]) =>
    AssertAnnotations.fromStack(stack)
      .findWarning('*', Match.stringLikeRegexp('skewguard:quotas-raised'))
      .map((w) => [w.id, String(w.entry.data)]);

  it('the prop at 2^53 − 1 (every quota finding hidden): a warning on the table naming each raise and its AWS default', () => {
    const { stack } = appWithStack();
    new GuardedTable(stack, 'Orders', busy({ quotas: { tableWriteUnits: Number.MAX_SAFE_INTEGER, accountWriteUnits: Number.MAX_SAFE_INTEGER } }));
    const warnings = raisedWarnings(stack);
    expect(warnings.map(([id]) => id)).toEqual(['/Test/Orders']);
    expect(warnings[0][1]).toContain(
      'quotas (prop or context skewguard:dynamoDbQuotas) raises tableWriteUnits to 9,007,199,254,740,991 (AWS default 40,000), accountWriteUnits to 9,007,199,254,740,991 (AWS default 80,000): ' +
        "SG017's quota findings and SG003's warm-throughput plans pass up to these figures",
    );
    expect(warnings[0][1]).toContain("Annotations.of(table).acknowledgeWarning('skewguard:quotas-raised')");
  });

  it('the context too, on every table under it', () => {
    const { stack } = appWithStack();
    stack.node.setContext(QUOTAS_CONTEXT, '{"tableReadUnits":80000}');
    new GuardedTable(stack, 'Orders', healthy());
    new GuardedTable(stack, 'Jobs', healthy());
    expect(raisedWarnings(stack).map(([id, text]) => [id, /raises tableReadUnits to 80,000 \(AWS default 40,000\):/.test(text)])).toEqual([
      ['/Test/Orders', true],
      ['/Test/Jobs', true],
    ]);
  });

  it('says nothing without quotas, or with each at its default (nothing loosened)', () => {
    const { stack } = appWithStack();
    new GuardedTable(stack, 'Orders', healthy());
    new GuardedTable(stack, 'Jobs', healthy({ quotas: { tableWriteUnits: 40_000, accountReadUnits: 80_000 } }));
    expect(raisedWarnings(stack)).toEqual([]);
  });
});

describe('the key-range page bound follows the declared table-level quotas', () => {
  const warningsOf = (stack: Parameters<typeof AssertAnnotations.fromStack>[0]) =>
    AssertAnnotations.fromStack(stack).findWarning('*', Match.stringLikeRegexp('skewguard:key-range-threshold-unreachable'));
  // 8,000,000 a minute: above the defaults' (40,000 ÷ 0.5 + 40,000 ÷ 1) × 60 = 7,200,000.
  const paged = (quotas?: object) => healthy({ alarmThresholds: { keyRangeThrottles: { threshold: 8_000_000 } }, ...(quotas ? { quotas } : {}) });

  it('at the defaults, warns above 7,200,000 and says a declared raise moves it', () => {
    const { stack } = appWithStack();
    new GuardedTable(stack, 'Orders', paged());
    const text = String(warningsOf(stack)[0]?.entry.data);
    expect(text).toContain('above the 7,200,000 a key space counts');
    expect(text).toContain('40,000 RCU and 40,000 WCU a second by default');
  });

  it('with quotas raised to 80,000 RCU and 200,000 WCU, the bound is (80,000 ÷ 0.5 + 200,000 ÷ 1) × 60 = 21,600,000', () => {
    const { stack } = appWithStack();
    new GuardedTable(stack, 'Quiet', paged({ tableReadUnits: 80_000, tableWriteUnits: 200_000 }));
    expect(warningsOf(stack)).toEqual([]);
    new GuardedTable(stack, 'Loud', healthy({ alarmThresholds: { keyRangeThrottles: { threshold: 30_000_000 } }, quotas: { tableWriteUnits: 200_000 } }));
    const text = String(warningsOf(stack)[0]?.entry.data);
    // 40,000 RCU (default) ÷ 0.5 + 200,000 WCU ÷ 1, × 60 = 16,800,000.
    expect(text).toContain('above the 16,800,000 a key space counts');
    expect(text).toContain('40,000 RCU and 200,000 WCU a second as declared (quotas.tableWriteUnits)');
  });
});
