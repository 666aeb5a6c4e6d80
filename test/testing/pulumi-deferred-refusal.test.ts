/**
 * @jest-environment-options {"globalsCleanup": "off"}
 */
// Review 21 (item 3): a GuardedContainer whose RU/s, given as an Output, the rules refuse once known fails its
// registrations outside the program's call stack (an unhandled rejection, as `pulumi up` reports it). runWithMocks
// never settled: Node died of the rejection (try21b/pul/ot.ts printed neither RESOLVED nor REJECTED), and under jest
// the rejection failed whichever test ran then. It now rejects with the refusal, and leaves no rejection behind.
import { runInThisContext } from 'node:vm';
import * as pulumi from '@pulumi/pulumi';
import { CosmosAccountMonitoring, DesignRefusedError, GuardedContainer, InvalidArgsError, type GuardedContainerArgs } from '../../lib/pulumi';
import { assertAccepted, assertRefused, DesignAssertionError, runWithMocks } from '../../lib/testing/pulumi';
import { tenantItems } from '../pulumi/support/designs';
import { ACCOUNT_ID, quietPulumiLog } from '../pulumi/support/fleet';
import { shortStackTraces } from '../pulumi/support/stack-traces';

shortStackTraces();

quietPulumiLog();

const acct = { name: 'platform', id: ACCOUNT_ID };

/** The reviewer's program (try21b/pul/ot.ts): 400 RU/s as an Output, for a 50,000 RU/s peak. */
const program =
  (throughput: GuardedContainerArgs['throughput'], design = tenantItems(20_000, 30_000)) =>
  () =>
    new GuardedContainer('ot', {
      monitoring: new CosmosAccountMonitoring('m', { resourceGroupName: 'data', account: acct }),
      database: 'app',
      throughput,
      design,
    });

/** The host's process (jest gives the test file a copy whose listeners the host never calls). */
const host = runInThisContext('process') as NodeJS.Process;
const EVENTS = ['uncaughtException', 'unhandledRejection'] as const;

/**
 * What `run` settles with, within 10 s (or `within` ms), and the errors raised on the host's process meanwhile and for 200 ms after, with
 * a listener the test adds next to jest's (set aside by the run while it runs, put back after).
 */
async function observe(
  run: () => Promise<unknown>,
  within = 10_000,
): Promise<{ outcome: string; error?: unknown; unhandled: unknown[]; listenersBack: boolean }> {
  const unhandled: unknown[] = [];
  const collect = (reason: unknown) => unhandled.push(reason);
  const jestListeners = EVENTS.map((event) => host.rawListeners(event));
  for (const event of EVENTS) {
    host.removeAllListeners(event);
    host.on(event, collect);
  }
  let timer: NodeJS.Timeout | undefined;
  try {
    const timeout = new Promise<{ outcome: string }>(
      (resolve) => (timer = setTimeout(() => resolve({ outcome: `still pending after ${within / 1000} s` }), within)),
    );
    const settled = await Promise.race([
      run().then(
        () => ({ outcome: 'resolved' }),
        (error: unknown) => ({ outcome: 'rejected', error }),
      ),
      timeout,
    ]);
    const listenersBack = EVENTS.every((event) => host.rawListeners(event).includes(collect));
    await new Promise((resolve) => setTimeout(resolve, 200));
    return { ...settled, unhandled, listenersBack };
  } finally {
    clearTimeout(timer);
    EVENTS.forEach((event, i) => {
      host.off(event, collect);
      for (const listener of jestListeners[i]) host.on(event, listener as (...args: unknown[]) => void);
    });
  }
}

describe('runWithMocks, a design refused once an Output is known', () => {
  it('rejects with the DesignRefusedError (SG017 at throughput.manual), leaving no unhandled rejection', async () => {
    const seen = await observe(() => runWithMocks(program({ manual: pulumi.output(400) })));
    expect(seen.outcome).toBe('rejected');
    expect(seen.unhandled).toEqual([]);
    expect(seen.listenersBack).toBe(true);
    const error = seen.error as DesignRefusedError;
    expect(error).toBeInstanceOf(DesignRefusedError);
    expect(error.findings.map((f) => [f.ruleId, f.path, f.data?.capacity])).toEqual([['SG017', 'throughput.manual', 400]]);
    // The report `pulumi up` prints, as written (keepMessage: no serializer prefix).
    expect(error.message.startsWith('GuardedContainer "ot": the partition-key design breaks 1 skewguard rule')).toBe(true);
    expect(error.message).toContain('throughput.manual is a Pulumi Output: it was checked when its value (400 RU/s) became known');
    expect(assertRefused(error, { rule: 'SG017', path: 'throughput.manual' }).map((f) => f.ruleId)).toEqual(['SG017']);
  });

  it('rejects with the InvalidArgsError of a value off the grid, naming the field', async () => {
    const seen = await observe(() => runWithMocks(program({ manual: pulumi.output(450) }, tenantItems(200, 100))));
    expect([seen.outcome, seen.unhandled]).toEqual(['rejected', []]);
    expect(seen.error).toBeInstanceOf(InvalidArgsError);
    expect((seen.error as InvalidArgsError).issues).toEqual([
      { path: 'throughput.manual', message: expect.stringContaining('got 450 (the value of its Output, known at deployment)') },
    ]);
  });

  it('leaves the next run clean: it resolves, with the container', async () => {
    const seen = await observe(() => runWithMocks(program({ manual: pulumi.output(4_000) }, tenantItems(2_000, 1_000))));
    expect([seen.outcome, seen.unhandled]).toEqual(['resolved', []]);
    const { resources } = await runWithMocks(program({ manual: pulumi.output(4_000) }, tenantItems(2_000, 1_000)));
    expect(resources.find((r) => r.name === 'ot' && r.type === 'azure-native:cosmosdb:SqlResourceSqlContainer')?.inputs.options).toEqual({ throughput: 4_000 });
  });

  it('reports a refusal made once an Output is known beside the error the program threw after it', async () => {
    // Last stop's review: the program's own (synchronous) refusal hid the deferred one, which `pulumi up` reports too.
    const seen = await observe(() =>
      runWithMocks(() => {
        program({ manual: pulumi.output(400) })();
        throw new Error('the next resource was refused');
      }),
    );
    expect([seen.outcome, seen.unhandled]).toEqual(['rejected', []]);
    const error = seen.error as AggregateError;
    expect(error).toBeInstanceOf(AggregateError);
    expect(error.message.split('\n').slice(0, 3)).toEqual([
      'the program did not run cleanly under the mock engine:',
      '  the program threw: the next resource was refused',
      expect.stringMatching(/^ {2}the program failed with an unhandled error: GuardedContainer "ot": the partition-key design breaks 1 skewguard rule/),
    ]);
    expect(error.errors[0]).toEqual(new Error('the next resource was refused'));
    expect(error.errors[1]).toBeInstanceOf(DesignRefusedError);
    expect((error.errors[1] as DesignRefusedError).findings.map((f) => [f.ruleId, f.path])).toEqual([['SG017', 'throughput.manual']]);
  });

  it('rethrows what the program threw as it is when nothing else failed', async () => {
    const seen = await observe(() =>
      runWithMocks(() => {
        program({ manual: pulumi.output(4_000) }, tenantItems(2_000, 1_000))();
        // A program may throw anything.
        throw 'a string';
      }),
    );
    expect([seen.outcome, seen.error, seen.unhandled]).toEqual(['rejected', 'a string', []]);
  });

  it('names each error when the program fails with more than one', async () => {
    const seen = await observe(() =>
      runWithMocks(() => {
        void Promise.reject(new Error('first'));
        void Promise.reject(new Error('second'));
      }),
    );
    expect([seen.outcome, seen.unhandled]).toEqual(['rejected', []]);
    expect((seen.error as Error).message).toBe(
      'the program did not run cleanly under the mock engine:\n  the program failed with an unhandled error: first\n  the program failed with an unhandled error: second',
    );
  });
});

// Review 22 (item 1): assertAccepted and assertRefused given a function were synchronous, so a refusal made once the
// Output's value was known passed assertAccepted ("accepted") and failed assertRefused ("the components were
// accepted"); then ~10 DesignRefusedErrors escaped as unhandled rejections and the next runWithMocks never settled.
// Both now wait for the registrations the function starts, as runWithMocks does (mock-run.ts, `settled`).
describe('assertAccepted and assertRefused, a design refused once an Output is known', () => {
  it('assertAccepted rejects with the refusal (SG017 at throughput.manual), leaving nothing behind; the next run is clean', async () => {
    const seen = await observe(() => assertAccepted(program({ manual: pulumi.output(400) })));
    expect([seen.outcome, seen.unhandled, seen.listenersBack]).toEqual(['rejected', [], true]);
    expect(seen.error).toBeInstanceOf(DesignAssertionError);
    const message = (seen.error as Error).message;
    expect(
      message.startsWith(
        'expected GuardedContainer "ot" to be accepted, but its design was refused:\n\nGuardedContainer "ot": the partition-key design breaks 1 skewguard rule',
      ),
    ).toBe(true);
    expect(message).toContain('error SG017 capacity-below-peak at throughput.manual (ot)');
    expect(message).toContain('throughput.manual is a Pulumi Output: it was checked when its value (400 RU/s) became known');
    const next = await observe(() => runWithMocks(program({ manual: pulumi.output(4_000) }, tenantItems(2_000, 1_000))));
    expect([next.outcome, next.unhandled]).toEqual(['resolved', []]);
  });

  it('assertRefused(function) is satisfied by the refusal, leaving nothing behind', async () => {
    const seen = await observe(async () => {
      const findings = await assertRefused(program({ manual: pulumi.output(400) }), { rule: 'SG017', path: 'throughput.manual' });
      expect(findings.map((f) => [f.ruleId, f.data?.capacity])).toEqual([['SG017', 400]]);
    });
    expect([seen.outcome, seen.unhandled]).toEqual(['resolved', []]);
    // Other rules than the refusal's still fail it, with the report.
    const other = await observe(() => assertRefused(program({ manual: pulumi.output(400) }), 'SG003'));
    expect(other.outcome).toBe('rejected');
    expect((other.error as Error).message).toMatch(/^expected GuardedContainer "ot" to be refused with SG003, but it was refused only with SG017:/);
  });

  it("accepts, and resolves with the component, when the Output's value passes", async () => {
    const seen = await observe(async () => {
      const accepted = await assertAccepted(program({ manual: pulumi.output(4_000) }, tenantItems(2_000, 1_000)));
      expect(accepted).toBeInstanceOf(GuardedContainer);
    });
    expect([seen.outcome, seen.unhandled]).toEqual(['resolved', []]);
    const refused = await observe(() => assertRefused(program({ manual: pulumi.output(4_000) }, tenantItems(2_000, 1_000)), 'SG017'));
    expect((refused.error as Error).message).toBe('expected a refusal with SG017, but the components were accepted');
  });

  it('inside a run, the assertion reports the refusal as its own, and the run fails with the assertion alone', async () => {
    const seen = await observe(() => runWithMocks(() => assertAccepted(program({ manual: pulumi.output(400) }))));
    expect([seen.outcome, seen.unhandled]).toEqual(['rejected', []]);
    expect(seen.error).toBeInstanceOf(DesignAssertionError);
    // The run goes on after an assertion that expected the refusal; the refusal is not reported again.
    const expected = await observe(() =>
      runWithMocks(async () => (await assertRefused(program({ manual: pulumi.output(400) }), 'SG017')).map((f) => f.ruleId)),
    );
    expect([expected.outcome, expected.unhandled]).toEqual(['resolved', []]);
  });
});

// Review 22 (item 2): an RU/s Output that rejects was reported as `error serializing property "criteria": error
// serializing property "options": boom-upstream`, naming neither the component nor the field.
describe('an RU/s Output that rejects', () => {
  it('fails the run with one error naming the component and the field, the upstream error kept as its cause', async () => {
    const upstream = new Error('boom-upstream');
    const seen = await observe(() => runWithMocks(program({ manual: pulumi.output(Promise.reject(upstream)) })));
    expect([seen.outcome, seen.unhandled]).toEqual(['rejected', []]);
    expect((seen.error as Error).message).toBe(
      'GuardedContainer "ot": throughput.manual is a Pulumi Output that failed before its value was known, so the design was not checked against it and the container was not created: boom-upstream',
    );
    expect((seen.error as Error).cause).toBe(upstream);
  });
});

// Review 23 (item 2): two containers refused once their Outputs were known made one combined Error, which
// assertRefused(fn, …) rethrew instead of judging. The run's error is now an AggregateError keeping each refusal, and
// assertRefused judges them together: an expectation is met by a finding of any refusal; a failure quotes every report.
describe('two containers refused once their Outputs are known', () => {
  // Two containers under a shared machine's load: `observe` waits up to 25 s for the assertion to settle.
  const within = 25_000;
  const two = () => {
    program({ manual: pulumi.output(400) }, tenantItems(20_000, 30_000))();
    new GuardedContainer('second', {
      monitoring: new CosmosAccountMonitoring('m2', { resourceGroupName: 'data', account: acct }),
      database: 'app',
      throughput: { manual: pulumi.output(400) },
      design: tenantItems(20_000, 30_000),
    });
  };

  it('assertRefused(function) matches a rule any of them was refused with, and resolves with every blocking finding', async () => {
    const seen = await observe(async () => {
      const findings = await assertRefused(two, { rule: 'SG017', path: 'throughput.manual' });
      expect(findings.map((f) => f.ruleId)).toEqual(['SG017', 'SG017']);
    }, within);
    expect([seen.outcome, seen.unhandled]).toEqual(['resolved', []]);
    await assertRefused(two, { rule: 'SG017', resource: 'second' });
  }, 90_000);

  it('fails naming each component and its rules, with both reports, when no refusal has the rule', async () => {
    const seen = await observe(() => assertRefused(two, 'SG003'), within);
    expect(seen.outcome).toBe('rejected');
    expect(seen.error).toBeInstanceOf(DesignAssertionError);
    const message = (seen.error as Error).message;
    expect(message).toMatch(
      /^expected a refusal with SG003, but 2 components were refused, GuardedContainer "ot" was refused only with SG017, GuardedContainer "second" only with SG017:\n\nGuardedContainer "ot": the partition-key design breaks 1 skewguard rule/,
    );
    expect(message).toContain('\n\nGuardedContainer "second": the partition-key design breaks 1 skewguard rule');
    const other = await observe(() => assertRefused(two, { rule: 'SG017', resource: 'third' }), within);
    expect((other.error as Error).message).toMatch(/^expected a refusal with SG017 on third, but 2 components were refused/);
  }, 90_000);

  it('the run rejects with an AggregateError of both refusals (message as before), which assertRefused(error) judges at once', async () => {
    const error = await runWithMocks(two).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(AggregateError);
    expect((error as AggregateError).errors.map((e: DesignRefusedError) => e.component)).toEqual(['GuardedContainer "ot"', 'GuardedContainer "second"']);
    expect((error as Error).message).toMatch(
      /^the program did not run cleanly under the mock engine:\n {2}the program failed with an unhandled error: GuardedContainer "ot"/,
    );
    expect(assertRefused(error, 'SG017').map((f) => f.ruleId)).toEqual(['SG017', 'SG017']);
  }, 90_000);

  it('assertAccepted fails naming both; an error that is not a verdict next to a refusal is rethrown, not judged', async () => {
    const accepted = await observe(() => assertAccepted(two), within);
    expect(accepted.error).toBeInstanceOf(DesignAssertionError);
    expect((accepted.error as Error).message).toMatch(
      /^expected the components to be accepted, but 2 were not: GuardedContainer "ot" \(its design was refused\), GuardedContainer "second" \(its design was refused\):\n\n/,
    );
    const bug = new Error('a bug');
    const mixed = await observe(
      () =>
        assertRefused(() => {
          program({ manual: pulumi.output(400) })();
          void Promise.reject(bug);
        }, 'SG017'),
      within,
    );
    expect([mixed.outcome, mixed.unhandled]).toEqual(['rejected', []]);
    expect(mixed.error).toBeInstanceOf(AggregateError);
    expect((mixed.error as AggregateError).errors).toContain(bug);
  }, 90_000);
});
