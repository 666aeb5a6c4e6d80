// skewguard/testing/cdk: synth verdicts, held to what the validation plugin reports.
import { App, Stack, Stage, Validations } from 'aws-cdk-lib';
import { AttributeType, Table } from 'aws-cdk-lib/aws-dynamodb';
import { Construct } from 'constructs';
import { UsageError, type DesignInput } from '../../lib';
import { GuardedTable, SkewguardPlugin } from '../../lib/cdk';
import { assertDesignFails } from '../../lib/testing';
import { assertStackFails, assertStackPasses, DesignAssertionError, stackSnapshot, synthDesignReport } from '../../lib/testing/cdk';
import { healthy, statusKeyed } from '../cdk/support';
import { revoked } from '../support/hostile-objects';
import { thrown } from './support/errors';

// CDK prints the validation report on every synth that has one (skewguard's warnings included).
beforeEach(() => jest.spyOn(console, 'error').mockImplementation(() => undefined));
afterEach(() => jest.restoreAllMocks());

/** A design keyed on a five-valued status, as statusKeyed()'s table is, for assertDesignFails. */
const ORDERS_BY_STATUS: DesignInput = {
  engine: 'dynamodb',
  name: 'orders',
  partitionKey: { name: 'status', type: 'S', cardinality: 5 },
  sortKey: { name: 'orderId', type: 'S', cardinality: 'unique' },
  workload: { peakReadUnits: 20_000, peakWriteUnits: 20_000, hotKeyShare: 0.3 },
};

function stackOf(app = new App(), id = 'Shop') {
  return new Stack(app, id);
}

describe('assertStackPasses', () => {
  it('passes a stack whose tables pass, and returns its violations (warnings included)', () => {
    const stack = stackOf();
    new GuardedTable(stack, 'Orders', healthy());
    new GuardedTable(
      stack,
      'Sessions',
      healthy({ partitionKey: { name: 'sessionId', type: AttributeType.STRING, cardinality: 'unique' }, sharding: { strategy: 'random', shards: 4 } }),
    );
    const violations = assertStackPasses(stack);
    expect(violations.map((v) => [v.severity, v.ruleId, v.constructPath, v.path])).toEqual([['warning', 'SG007', 'Shop/Sessions', 'sharding']]);
    expect(thrown(() => assertStackPasses(stack, { failOn: 'warning' })).message).toMatch(
      /^expected Shop to synthesize with no skewguard error or warning, but it fails with SG007/,
    );
  });

  it('fails a refused stack with the whole report: rule, construct, field, message and fix of every violation', () => {
    const stack = stackOf();
    const orders = new GuardedTable(stack, 'Orders', statusKeyed());
    const error = thrown(() => assertStackPasses(stack));
    expect(error).toBeInstanceOf(DesignAssertionError);
    expect(error.message).toMatch(
      /^expected Shop to synthesize with no skewguard error, but it fails with SG001, SG003\n\nskewguard report for Shop: 2 errors, 0 warnings, 0 acknowledged/,
    );
    for (const finding of orders.findings) {
      expect(error.message).toContain(`error ${finding.ruleId} ${finding.title} at Shop/Orders, field ${finding.path}\n      ${finding.message}\n`);
    }
    // SG001's fix is SG003's with its own opening words: printed once, in full, and referred to by the other.
    const sg001 = orders.findings.find((f) => f.ruleId === 'SG001');
    expect(error.message).toContain(`fix: ${sg001?.fix}`);
    expect(error.message).toContain(
      `fix: the same as SG001's on this key, above, without its opening "use a higher-cardinality attribute or a composite key, or"`,
    );
  });

  it('counts waivers as CDK does, and shows them with their reasons', () => {
    const stack = stackOf();
    const orders = new GuardedTable(
      stack,
      'Orders',
      statusKeyed({ acknowledgements: [{ rule: 'SG001', reason: 'Five statuses, known and accepted for now.' }] }),
    );
    Validations.of(orders).acknowledge({ id: 'skewguard::SG003', reason: 'Migrating to a sharded key next sprint.' });
    const violations = assertStackPasses(stack);
    expect(violations.map((v) => [v.ruleId, v.acknowledged])).toEqual([
      ['SG003', 'Migrating to a sharded key next sprint.'],
      ['SG001', 'Five statuses, known and accepted for now.'],
    ]);
    const error = thrown(() => assertStackFails(stack, 'SG003'));
    expect(error.message).toContain('acknowledged error SG003 hot-key-exceeds-partition at Shop/Orders, field partitionKey');
    expect(error.message).toContain('reason: Migrating to a sharded key next sprint.');
    expect(error.message).toContain('acknowledged error SG001 low-cardinality-key at Shop/Orders, field partitionKey');
    // The violations carry the core's own message and fix, whichever way the finding was waived.
    expect(violations.map((v) => [v.title, v.message, v.fix])).toEqual(
      ['SG003', 'SG001'].map((rule) => {
        const finding = orders.findings.find((f) => f.ruleId === rule);
        return [finding?.title, finding?.message, finding?.fix];
      }),
    );
  });

  it('lists a finding waived both in the design and by a bracketed CDK id once, under the CDK id', () => {
    const stack = stackOf();
    const orders = new GuardedTable(stack, 'Orders', statusKeyed({ acknowledgements: [{ rule: 'SG003', reason: 'Migrating to a sharded key next sprint.' }] }));
    const kind = orders.findings.find((f) => f.ruleId === 'SG003')?.messageId;
    Validations.of(orders).acknowledge({ id: `skewguard::SG003[${kind}]`, reason: 'A cache in front of the reads, case 42.' });
    const sg003 = synthDesignReport(stack).violations.filter((v) => v.ruleId.startsWith('SG003'));
    // Under the id CDK suppressed it by, with the design's own waiver's reason, the one `lint cdk.out/` shows.
    expect(sg003.map((v) => [v.ruleId, v.acknowledged])).toEqual([[`SG003[${kind}]`, 'Migrating to a sharded key next sprint.']]);
  });

  it('fails a stack with no table skewguard checks: such a test could never fail', () => {
    const app = new App();
    const stack = stackOf(app);
    new Table(stack, 'Plain', { partitionKey: { name: 'status', type: AttributeType.STRING } });
    expect(thrown(() => assertStackPasses(stack)).message).toMatch(/^expected Shop to pass the skewguard checks, but it holds no table skewguard checked/);
    // With a GuardedTable in another stack the plugin runs, but checks nothing in this one.
    const other = new App();
    const plain = stackOf(other);
    new Table(plain, 'Plain', { partitionKey: { name: 'status', type: AttributeType.STRING } });
    new GuardedTable(stackOf(other, 'Other'), 'Orders', healthy());
    expect(() => assertStackPasses(plain)).toThrow(/holds no table skewguard checked/);
  });

  it('judges one stack of an app by its own tables, and by waivers given above it', () => {
    const app = new App();
    const good = stackOf(app, 'Good');
    new GuardedTable(good, 'Orders', healthy());
    new GuardedTable(stackOf(app, 'Bad'), 'Orders', statusKeyed());
    expect(assertStackPasses(good)).toEqual([]);
    expect(assertStackFails(app.node.findChild('Bad'), ['SG001', 'SG003'])).toHaveLength(2);
    Validations.of(app).acknowledge({ id: 'skewguard::SG001', reason: 'short' });
    const fresh = new App();
    const again = stackOf(fresh, 'Good');
    new GuardedTable(again, 'Orders', healthy());
    Validations.of(fresh).acknowledge({ id: 'skewguard::SG001', reason: 'short' });
    // An invalid waiver on the app fails the synth of every stack in it.
    expect(assertStackFails(again, 'acknowledgement').map((v) => [v.severity, v.constructPath])).toEqual([['fatal', '']]);
  });
});

// CDK prints the report of the whole app: asserting one stack printed another stack's warnings.
// Review 25: { today } and { bogusOption: 1 } were accepted silently; a waiver with `expires` turned a stack test red on a date it could not pin.
describe('the options', () => {
  const waived = (expires: string) =>
    statusKeyed({
      acknowledgements: [
        { rule: 'SG001', reason: 'Five statuses, rekeyed next quarter.', expires },
        { rule: 'SG003', reason: 'Five statuses, rekeyed next quarter.', expires },
      ],
    });

  it('an unknown option is a UsageError naming it and listing the accepted ones', () => {
    const stack = stackOf();
    new GuardedTable(stack, 'Orders', healthy());
    for (const run of [() => assertStackPasses(stack, { bogusOption: 1 } as never), () => assertStackFails(stack, 'SG001', { bogusOption: 1 } as never)]) {
      const error = thrown(run);
      expect(error).toBeInstanceOf(UsageError);
      expect((error as UsageError).issues).toEqual([{ path: 'options.bogusOption', message: 'is not a known field; expected one of: failOn, today' }]);
    }
    expect((thrown(() => assertStackPasses(stack, { today: '01/06/2026' })) as UsageError).issues).toEqual([
      { path: 'options.today', message: 'must be a date written YYYY-MM-DD, e.g. "2027-03-01", got "01/06/2026"' },
    ]);
  });

  it('today pins the day the waivers of a GuardedTable expire on', () => {
    const holding = stackOf();
    new GuardedTable(holding, 'Orders', waived('2026-06-01'));
    expect(assertStackPasses(holding, { today: '2026-06-01' }).map((v) => [v.ruleId, v.acknowledged !== undefined])).toEqual([
      ['SG001', true],
      ['SG003', true],
    ]);
    const lapsed = stackOf();
    new GuardedTable(lapsed, 'Orders', waived('2026-06-01'));
    expect(assertStackFails(lapsed, ['SG001', 'SG003'], { today: '2026-06-02' })).toHaveLength(2);
  });
});

// Review 25: CDK suppresses by id alone, so a waiver skewguard refuses (reason "x") was listed as acknowledging its finding.
describe('a refused Validations.acknowledge()', () => {
  it.each([['x'], ['']])('with reason %p fails the synth and leaves its finding open, not "acknowledged"', (reason) => {
    const stack = stackOf();
    const table = new GuardedTable(stack, 'Orders', statusKeyed());
    Validations.of(table).acknowledge({ id: 'skewguard::SG003', reason });
    const failing = assertStackFails(stack, ['acknowledgement', 'SG003']);
    expect(failing.map((v) => [v.ruleId, v.acknowledged])).toEqual([
      ['acknowledgement', undefined],
      ['SG003', undefined],
      ['SG001', undefined],
    ]);
    const { text } = synthDesignReport(stack);
    expect(text).toMatch(/^skewguard report for Shop: 3 errors, 0 warnings, 0 acknowledged\n/);
    expect(text).not.toContain('acknowledged error');
  });
});

describe('what an assertion prints', () => {
  /** Two stacks: A's table is healthy, B's is needlessly sharded (an SG007 warning). */
  function twoStacks() {
    const app = new App();
    const a = stackOf(app, 'A');
    new GuardedTable(a, 'Orders', healthy());
    const b = stackOf(app, 'B');
    new GuardedTable(
      b,
      'Sessions',
      healthy({ partitionKey: { name: 'sessionId', type: AttributeType.STRING, cardinality: 'unique' }, sharding: { strategy: 'random', shards: 4 } }),
    );
    return { a, b };
  }

  const printed = () =>
    jest
      .mocked(console.error)
      .mock.calls.map((args) => args.join(' '))
      .join('\n');

  // Review 32: a snapshot test of a stack with warnings printed CDK's report of the whole app.
  it('stackSnapshot prints nothing of the findings: the app report CDK prints after a synth with warnings is left out', () => {
    const { b } = twoStacks();
    stackSnapshot(b);
    expect(printed()).toBe('');
    // Control: the same synth without the helper prints CDK's report, B's warning in it.
    (twoStacks().b.node.root as App).synth();
    expect(printed()).toContain('(skewguard)');
  });

  it('stackSnapshot of a stack the synth refuses prints the report where the error only names its copy (outside jest)', () => {
    const stack = stackOf();
    new GuardedTable(stack, 'Orders', statusKeyed());
    const mode = process.env.NODE_ENV;
    process.env.NODE_ENV = 'production'; // CDK's app mode "unknown": the report is printed, the error names where its copy is
    try {
      expect(thrown(() => stackSnapshot(stack)).message).toMatch(/^Validation failed\. A copy of this report can be found in/);
    } finally {
      process.env.NODE_ENV = mode;
    }
    expect(printed()).toContain('(skewguard)');
  });

  it("prints nothing of another stack's warnings when the asserted stack passes clean", () => {
    const { a } = twoStacks();
    expect(assertStackPasses(a)).toEqual([]);
    expect(printed()).toBe('');
  });

  // Was: a pass with warnings printed the stack's report ("skewguard report for B: 0 errors, 1 warning…"), on every run
  // of a passing test: noise in jest's output. The warnings are returned; failOn: 'warning' fails on them.
  it("prints nothing of the asserted stack's own warnings when it passes: it returns them, also when the app was synthesized for another stack first", () => {
    const { a, b } = twoStacks();
    assertStackPasses(a);
    expect(assertStackPasses(b).map((v) => v.ruleId)).toEqual(['SG007']);
    expect(printed()).toBe('');
    expect(thrown(() => assertStackPasses(b, { failOn: 'warning' })).message).toMatch(
      /^expected B to synthesize with no skewguard error or warning, but it fails with SG007\n\nskewguard report for B: 0 errors, 1 warning, 0 acknowledged\n {2}warning SG007 needless-sharding at B\/Sessions, field sharding/,
    );
    expect(printed()).toBe('');
  });

  it('fails a stack with its own report only, and prints nothing of the other stack', () => {
    const { b } = twoStacks();
    const bad = stackOf(b.node.root as App, 'Bad');
    new GuardedTable(bad, 'Orders', statusKeyed());
    const error = thrown(() => assertStackPasses(bad));
    expect(error.message).toMatch(
      /^expected Bad to synthesize with no skewguard error, but it fails with SG001, SG003\n\nskewguard report for Bad: 2 errors, 0 warnings/,
    );
    expect(error.message).not.toMatch(/B\/Sessions/);
    expect(printed()).toBe('');
  });

  it('assertStackFails prints nothing when it passes, though the stack holds a warning beside its errors; its failure carries the report', () => {
    const { b } = twoStacks();
    new GuardedTable(b, 'Orders', statusKeyed());
    expect(assertStackFails(b, ['SG001', 'SG003']).map((v) => v.ruleId)).toEqual(['SG001', 'SG003']);
    expect(printed()).toBe('');
    const error = thrown(() => assertStackFails(b, 'SG009'));
    expect(error.message).toMatch(
      /^expected synthesizing B to fail with SG009, but it fails only with SG001, SG003\n\nskewguard report for B: 2 errors, 1 warning/,
    );
    expect(printed()).toBe('');
  });
});

describe('assertStackFails', () => {
  it("returns the failing violations in the expectations' order, each expectation's violation first", () => {
    const stack = stackOf();
    new GuardedTable(stack, 'Orders', statusKeyed());
    const [hot, status] = assertStackFails(stack, [{ rule: 'SG003' }, { rule: 'SG001' }]);
    expect([hot.ruleId, status.ruleId]).toEqual(['SG003', 'SG001']);
  });

  it('returns the failing violations when each expected rule refuses the synth', () => {
    const stack = stackOf();
    new GuardedTable(stack, 'Orders', statusKeyed());
    const failing = assertStackFails(stack, ['SG001', { rule: 'hot-key-exceeds-partition', resource: 'Orders', path: 'partitionKey' }]);
    expect(failing.map((v) => [v.severity, v.ruleId, v.constructPath, v.path])).toEqual([
      ['error', 'SG001', 'Shop/Orders', 'partitionKey'],
      ['error', 'SG003', 'Shop/Orders', 'partitionKey'],
    ]);
  });

  // Review 4: assertStackFails returned `.rule` where assertDesignFails returns `.ruleId`.
  it('keys each violation by ruleId, as assertDesignFails keys its findings; rule stays as a deprecated alias', () => {
    const stack = stackOf();
    new GuardedTable(stack, 'Orders', statusKeyed());
    const failing = assertStackFails(stack, ['SG001', 'SG003']);
    // The same expectations, so both are in the same (the expectations') order.
    const findings = assertDesignFails(ORDERS_BY_STATUS, ['SG001', 'SG003']);
    expect(failing.map((v) => v.ruleId)).toEqual(['SG001', 'SG003']);
    expect(findings.map((f) => f.ruleId)).toEqual(failing.map((v) => v.ruleId));
    for (const v of failing) expect(v).not.toHaveProperty('rule');
  });

  // The field was `fieldPath` here, `path` in the core's findings and in the expectations themselves.
  it("names the field path `path`, as assertDesignFails' findings and the expectations do; the 0.1.0 alias fieldPath is gone (issue 13)", () => {
    const stack = stackOf();
    new GuardedTable(stack, 'Orders', statusKeyed({ acknowledgements: [{ rule: 'SG001', reason: 'Five statuses, known and accepted for now.' }] }));
    const failing = assertStackFails(stack, { rule: 'SG003', path: 'partitionKey' });
    const findings = assertDesignFails(ORDERS_BY_STATUS, 'SG003');
    expect(failing.map((v) => [v.ruleId, v.path])).toEqual([['SG003', 'partitionKey']]);
    expect(failing.map((v) => v.path)).toEqual(findings.filter((f) => f.ruleId === 'SG003').map((f) => f.path));
    // The waiver in the design reaches the report by another road (CDK never sees it): named the same way.
    const violations = synthDesignReport(stack).violations;
    expect(violations.map((v) => [v.ruleId, v.path, v.acknowledged !== undefined])).toEqual([
      ['SG003', 'partitionKey', false],
      ['SG001', 'partitionKey', true],
    ]);
    for (const v of violations) expect(v).not.toHaveProperty('fieldPath');
    expect(thrown(() => assertStackFails(stack, { rule: 'SG003', path: 'sharding' })).message).toMatch(
      /^expected synthesizing Shop to fail with SG003 at sharding/,
    );
  });

  it('fails, with the report, when the stack synthesizes or fails for other rules', () => {
    const stack = stackOf();
    new GuardedTable(stack, 'Orders', healthy());
    expect(thrown(() => assertStackFails(stack, 'SG003')).message).toBe(
      'expected synthesizing Shop to fail with SG003, but it synthesizes\n\nskewguard report for Shop: no findings',
    );
    const refused = stackOf(new App(), 'Refused');
    new GuardedTable(refused, 'Orders', statusKeyed());
    const error = thrown(() => assertStackFails(refused, { rule: 'SG003', resource: 'Payments' }));
    expect(error.message).toMatch(
      /^expected synthesizing Refused to fail with SG003 on Payments, but it fails only with SG001, SG003\n\nskewguard report for Refused: 2 errors/,
    );
  });

  it('checks raw tables covered by checkUnguardedTables', () => {
    const app = new App();
    const stack = stackOf(app);
    new Table(stack, 'Jobs', { partitionKey: { name: 'status', type: AttributeType.STRING }, contributorInsightsSpecification: { enabled: true } });
    SkewguardPlugin.checkUnguardedTables(app);
    new GuardedTable(stackOf(app, 'Registers'), 'Orders', healthy());
    expect(assertStackPasses(stack).map((v) => [v.severity, v.ruleId, v.constructPath])).toEqual([['warning', 'SG015', 'Shop/Jobs/Resource']]);
    expect(assertStackFails(stack, 'SG015', { failOn: 'warning' })).toHaveLength(1);
  });

  // Regression: Stage.of(app) is undefined, so an app without a GuardedTable registered no plugin.
  it('checks raw tables with checkUnguardedTables(app) alone, without a GuardedTable in the app', () => {
    const app = new App();
    const stack = stackOf(app);
    new Table(stack, 'Jobs', { partitionKey: { name: 'status', type: AttributeType.STRING }, contributorInsightsSpecification: { enabled: true } });
    SkewguardPlugin.checkUnguardedTables(app);
    expect(assertStackFails(stack, 'SG015', { failOn: 'warning' })).toHaveLength(1);
  });

  it('reads the verdict of a stack inside a stage', () => {
    const app = new App();
    const stage = new Stage(app, 'Prod');
    const stack = new Stack(stage, 'Cart');
    new GuardedTable(stack, 'Items', statusKeyed());
    expect(assertStackFails(stack, { rule: 'SG001', resource: 'Prod/Cart/Items' }).map((v) => v.ruleId)).toEqual(['SG001', 'SG003']);
    expect(synthDesignReport(stage).checkedTables).toBe(1);
  });

  it('names a bad expectation (the plugin checks are known ids too) and a scope outside an app', () => {
    const stack = stackOf();
    new GuardedTable(stack, 'Orders', healthy());
    const error = thrown(() => assertStackFails(stack, ['design-metadata', 'SG999', 'undeclared-index']));
    expect(error).toBeInstanceOf(UsageError);
    expect((error as UsageError).issues).toEqual([
      { path: 'expected[1]', message: expect.stringContaining('; or design-metadata, acknowledgement, unchecked, template, contributor-insights-rule-quota)') },
      { path: 'expected[2]', message: '"undeclared-index" was replaced by SG016 (template-differs-from-design): expect that rule instead' },
    ]);
    expect(() => assertStackPasses(new Construct(undefined as never, ''))).toThrow(/scope: expected a construct of a CDK app/);
    expect(() => assertStackPasses(revoked({}) as never)).toThrow(/scope: could not be read: TypeError/);
    expect(() => assertStackFails({ node: {} } as never, 'SG001')).toThrow(
      /scope: expected a construct \(an App, a Stage, a Stack or a Construct\), got an object/,
    );
  });
});
