// skewguard/testing: assertions on a design itself, checked against the core's own verdict.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { UsageError, lint, type DesignInput } from '../../lib';
import { assertDesignFails, assertDesignPasses, DesignAssertionError } from '../../lib/testing';
import { revoked, throwing } from '../support/hostile-objects';
import { thrown } from './support/errors';

const example = (path: string): DesignInput => JSON.parse(readFileSync(join(__dirname, '../../examples/designs', path), 'utf8'));

/** Five statuses under a load that needs several partitions, one declared at 30%: SG001 and SG003 errors (on the uniform share, SG001 alone). */
const statusKeyed: DesignInput = {
  tables: [
    {
      name: 'orders',
      partitionKey: { name: 'status', type: 'S', cardinality: 5 },
      workload: { peakReadUnits: 20_000, peakWriteUnits: 20_000, hotKeyShare: 0.3 },
    },
  ],
};

describe('assertDesignPasses', () => {
  it('passes a good design and returns every finding, the acknowledged ones included', () => {
    const design = example('good/acknowledged-region-config.json');
    const findings = assertDesignPasses(design);
    expect(findings).toEqual(lint(design));
    expect(findings.some((f) => f.acknowledged)).toBe(true);
  });

  it('fails a document that declares nothing (no rule checked anything), as the CLI exits 2 on one', () => {
    for (const empty of [{ tables: [] }, { tables: [], containers: [], external: [] }, {}]) {
      expect(() => assertDesignPasses(empty)).toThrow(
        'assertDesignPasses: the design declares no table, container or external resource, so no rule checked anything: give it at least one',
      );
    }
    expect(() => assertDesignFails({ tables: [] }, 'SG001')).toThrow('assertDesignFails: the design declares no table, container or external resource');
  });

  it('fails a bad design with the whole report: every finding, where it is, and its fix', () => {
    const error = thrown(() => assertDesignPasses(statusKeyed));
    expect(error).toBeInstanceOf(DesignAssertionError);
    expect(error.message).toMatch(/^expected the design to pass the skewguard rules, but it fails with SG001, SG003/);
    for (const finding of lint(statusKeyed)) {
      expect(error.message).toContain(`${finding.ruleId} ${finding.title} at ${finding.path} (orders)`);
      expect(error.message).toContain(finding.message);
      expect(error.message).toContain(`fix: ${finding.fix}`);
    }
    expect(error.message).toContain('skewguard report for the design: 2 errors,');
  });

  it("passes a design with warnings, and fails it with failOn: 'warning'", () => {
    const design = example('bad/excessive-fan-out.json');
    expect(lint(design).map((f) => f.severity)).toEqual(['warning']);
    expect(assertDesignPasses(design)).toHaveLength(1);
    expect(thrown(() => assertDesignPasses(design, { failOn: 'warning' })).message).toContain('fails with SG008');
  });

  it('counts an acknowledgement that waives nothing as a warning, as the CLI does', () => {
    const stale: DesignInput = {
      tables: [
        {
          name: 'orders',
          partitionKey: { name: 'orderId', type: 'S', cardinality: 'unique' },
          workload: { peakReadUnits: 10, peakWriteUnits: 10 },
          acknowledgements: [{ rule: 'SG001', reason: 'A key that used to be low-cardinality.' }],
        },
      ],
    };
    expect(assertDesignPasses(stale)).toEqual([]);
    const error = thrown(() => assertDesignPasses(stale, { failOn: 'warning' }));
    expect(error.message).toContain('acknowledgements that waive nothing');
    expect(error.message).toContain('unused acknowledgement of SG001 at tables[0].acknowledgements[0] (orders)');
    // Worded as the CLI words it, for a first run too (seat28): not "no finding remains".
    expect(error.message).toContain('waives nothing: SG001 reports nothing on orders');
  });

  it('applies lint options: a rule turned off does not fail', () => {
    expect(() => assertDesignPasses(statusKeyed, { rules: { SG001: 'off', SG003: 'off' } })).not.toThrow();
  });

  it('names every problem of an invalid design instead of checking it', () => {
    const error = thrown(() =>
      assertDesignPasses({
        tables: [{ name: 'orders', partitionKey: { name: 'id', type: 'S', cardinality: 0 }, workload: { peakReadUnits: -1, peakWriteUnits: 1 } }],
      }),
    );
    expect(error).toBeInstanceOf(DesignAssertionError);
    expect(error.message).toContain('the design is not valid input');
    expect(error.message).toContain('tables[0].partitionKey.cardinality:');
    expect(error.message).toContain('tables[0].workload.peakReadUnits:');
  });

  it('rejects a failOn it does not know, naming the option', () => {
    const error = thrown(() => assertDesignPasses(statusKeyed, { failOn: 'fatal' as never }));
    expect(error).toBeInstanceOf(UsageError);
    expect((error as UsageError).issues).toEqual([{ path: 'options.failOn', message: expect.stringContaining('"fatal"') }]);
  });
});

// Review 25: an unknown option was silently ignored, or (assertDesignPasses) reported as "the design is not valid input".
describe('unknown options', () => {
  it.each([
    ['assertDesignPasses', () => assertDesignPasses(statusKeyed, { bogusOption: 1 } as never)],
    ['assertDesignFails', () => assertDesignFails(statusKeyed, 'SG003', { bogusOption: 1 } as never)],
  ])('%s: a UsageError naming the option and listing the accepted ones', (_name, run) => {
    const error = thrown(run);
    expect(error).toBeInstanceOf(UsageError);
    expect((error as UsageError).issues).toEqual([
      { path: 'options.bogusOption', message: 'is not a known field; expected one of: failOn, thresholds, quotas, rules, only, basePath, today' },
    ]);
  });

  it('suggests the option a typo was meant to be', () => {
    expect((thrown(() => assertDesignPasses(statusKeyed, { failon: 'warning' } as never)) as UsageError).issues[0].message).toMatch(
      /^is not a known field \(did you mean "failOn"\?\)/,
    );
  });

  it('today pins the day waivers expire on, as for lint()', () => {
    const waived: DesignInput = {
      tables: [
        {
          name: 'orders',
          partitionKey: { name: 'status', type: 'S', cardinality: 5 },
          workload: { peakReadUnits: 20_000, peakWriteUnits: 20_000, hotKeyShare: 0.3 },
          acknowledgements: [
            { rule: 'SG001', reason: 'Five statuses, rekeyed next quarter.', expires: '2026-06-01' },
            { rule: 'SG003', reason: 'Five statuses, rekeyed next quarter.', expires: '2026-06-01' },
          ],
        },
      ],
    };
    expect(() => assertDesignPasses(waived, { today: '2026-06-01' })).not.toThrow();
    expect(assertDesignFails(waived, ['SG001', 'SG003'], { today: '2026-06-02' })).toHaveLength(2);
    expect((thrown(() => assertDesignPasses(waived, { today: '01/06/2026' })) as UsageError).issues).toEqual([
      { path: 'options.today', message: 'must be a date written YYYY-MM-DD, e.g. "2027-03-01", got "01/06/2026"' },
    ]);
  });
});

describe('assertDesignFails', () => {
  // Review 25: `const [hot] = assertDesignFails(d, [{ rule: 'SG003' }, { rule: 'SG001' }])` gave the SG001 finding (report order).
  it("returns the failing findings in the expectations' order, each expectation's finding first", () => {
    const [hot, status] = assertDesignFails(statusKeyed, [{ rule: 'SG003' }, { rule: 'SG001' }]);
    expect([hot.ruleId, status.ruleId]).toEqual(['SG003', 'SG001']);
    expect(assertDesignFails(statusKeyed, 'SG003').map((f) => f.ruleId)).toEqual(['SG003', 'SG001']);
    expect(assertDesignFails(statusKeyed, ['SG001', 'SG003']).map((f) => f.ruleId)).toEqual(['SG001', 'SG003']);
  });

  it('returns the failing findings when every expected rule fails the design', () => {
    const failing = assertDesignFails(statusKeyed, ['SG001', 'hot-key-exceeds-partition', 'sg003']);
    expect(failing.map((f) => f.ruleId)).toEqual(['SG001', 'SG003']);
  });

  it('matches a rule at a path, on a resource', () => {
    expect(assertDesignFails(statusKeyed, { rule: 'SG003', path: 'tables[0].partitionKey', resource: 'orders' })).toHaveLength(2);
    const error = thrown(() => assertDesignFails(statusKeyed, { rule: 'SG003', path: 'tables[0].sortKey' }));
    expect(error.message).toMatch(/^expected the design to fail with SG003 at tables\[0\]\.sortKey, but it fails only with SG001, SG003/);
    expect(error.message).toContain('skewguard report for the design');
  });

  it('fails, with the report, when the design passes', () => {
    const error = thrown(() => assertDesignFails(example('good/uuid-orders.json'), 'SG003'));
    expect(error).toBeInstanceOf(DesignAssertionError);
    expect(error.message).toMatch(/^expected the design to fail with SG003, but it passes\n\nskewguard report for the design: no findings$/);
  });

  it('does not count an acknowledged finding as failing', () => {
    const design = example('good/acknowledged-region-config.json');
    const acknowledged = lint(design).find((f) => f.acknowledged);
    expect(acknowledged).toBeDefined();
    const error = thrown(() => assertDesignFails(design, acknowledged?.ruleId as string));
    expect(error.message).toContain(`acknowledged ${acknowledged?.severity} ${acknowledged?.ruleId}`);
    expect(error.message).toContain(`reason: ${acknowledged?.reason}`);
  });

  it.each(
    Object.entries({
      'bad/ticketing-hot-event.json': ['SG003'],
      'bad/status-key.json': ['SG001', 'SG003'],
      'bad/date-key.json': ['SG002'],
      'bad/reversed-hierarchy.json': ['SG004'],
      'bad/monitoring-off.json': ['SG010'],
    }),
  )('agrees with the example %s', (file, rules) => {
    expect(() => assertDesignFails(example(file), rules)).not.toThrow();
    expect(() => assertDesignPasses(example(file))).toThrow(DesignAssertionError);
  });

  it('names a bad expectation by its position, before linting anything', () => {
    const error = thrown(() => assertDesignFails(statusKeyed, ['SG001', 'SG03', { rule: 'SG003', path: 3, line: 1 } as never]));
    expect(error).toBeInstanceOf(UsageError);
    expect((error as UsageError).issues.map((i) => i.path)).toEqual(['expected[1]', 'expected[2].path', 'expected[2].line']);
    expect((error as UsageError).issues[0].message).toContain('"SG03"');
    expect((thrown(() => assertDesignFails(statusKeyed, [])) as UsageError).issues).toEqual([
      { path: 'expected', message: expect.stringContaining('is empty') },
    ]);
  });
});

describe('hostile arguments (the public API sweep): UsageError naming the argument, never a TypeError', () => {
  const healthy = example('good/acknowledged-region-config.json');

  it('null options mean none, as for lint(); options that are not an object are named', () => {
    expect(() => assertDesignPasses(healthy, null as never)).not.toThrow();
    expect(() => assertDesignFails(statusKeyed, 'SG001', null as never)).not.toThrow();
    const error = thrown(() => assertDesignPasses(healthy, 'warning' as never));
    expect(error).toBeInstanceOf(UsageError);
    expect((error as UsageError).issues).toEqual([{ path: 'options', message: 'expected an object of options, got "warning"' }]);
  });

  it('options that cannot be read, or are not plain data, are named (were TypeErrors, or read as no options)', () => {
    const issuesOf = (run: () => unknown) => (thrown(run) as UsageError).issues.map((i) => [i.path, i.message]);
    expect(issuesOf(() => assertDesignPasses(healthy, throwing({}, 'failOn')))).toEqual([['options.failOn', 'could not be read: Error: getter says no']]);
    expect(issuesOf(() => assertDesignFails(statusKeyed, 'SG001', revoked({})))).toEqual([
      ['options', expect.stringMatching(/^could not be read: TypeError: /)],
    ]);
    expect(issuesOf(() => assertDesignPasses(healthy, new Map([['failOn', 'warning']]) as never))).toEqual([
      ['options', 'expected an object of options, got a Map'],
    ]);
    class StrictOptions {
      get failOn() {
        return 'warning' as const;
      }
    }
    expect(issuesOf(() => assertDesignPasses(healthy, new StrictOptions()))).toEqual([
      ['options.failOn', expect.stringMatching(/^is a getter of class StrictOptions, not an own field/)],
    ]);
    // A class instance whose options are own fields is data.
    class Options {
      readonly failOn = 'error' as const;
    }
    expect(assertDesignPasses(healthy, new Options())).toEqual(assertDesignPasses(healthy));
  });

  it('a BigInt or a cycle in failOn or an expectation is described, not passed to JSON.stringify', () => {
    const cyclic: Record<string, unknown> = {};
    cyclic.self = cyclic;
    for (const run of [
      () => assertDesignPasses(healthy, { failOn: 10n as never }),
      () => assertDesignPasses(healthy, { failOn: cyclic as never }),
      () => assertDesignFails(statusKeyed, { rule: 10n as never }),
      () => assertDesignFails(statusKeyed, { rule: 'SG001', path: cyclic as never }),
    ]) {
      expect(thrown(run)).toBeInstanceOf(UsageError);
    }
    expect((thrown(() => assertDesignPasses(healthy, { failOn: 10n as never })) as UsageError).issues).toEqual([
      { path: 'options.failOn', message: 'expected "error" or "warning", got the BigInt 10n' },
    ]);
  });
});
