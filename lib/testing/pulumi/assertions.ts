/**
 * Assertions on GuardedContainer's verdict: a component (or a program) is accepted, or refused for
 * the expected rules. The refusal is the component's own error — thrown from its constructor before
 * anything is registered, or, for RU/s given as an Output, raised once the value is known — recognized
 * by its `code`, so this module does not load skewguard/pulumi (or azure-native) itself. A failure
 * prints the component's whole report. Given a function, both wait for the registrations it starts
 * (mock-run.ts, `settled`), as `runWithMocks` does: a refusal made at deployment is not missed.
 */
import type { Finding } from '../../index';
import { UsageError, validateLintOptions } from '../../index';
import { DesignAssertionError } from '../assertion-error';
import { describeExpectation, readExpectations, unmet, type ExpectedFinding, type RuleExpectation } from '../expectations';
import { knownOptions, readOptions } from '../options';
import { settled } from './mock-run';
import { watchAssertion } from './unawaited';

const REFUSED = 'SKEWGUARD_DESIGN_REFUSED';
const INVALID_ARGS = 'SKEWGUARD_INVALID_ARGS';

/** The parts of skewguard/pulumi's DesignRefusedError and InvalidArgsError read here. */
interface SkewguardError {
  readonly code: string;
  readonly message: string;
  /** `GuardedContainer "events"` */
  readonly component?: string;
  readonly findings?: readonly Finding[];
}

function skewguardError(error: unknown): SkewguardError | undefined {
  const code = (error as { code?: unknown } | null)?.code;
  return error instanceof Error && (code === REFUSED || code === INVALID_ARGS) ? (error as unknown as SkewguardError) : undefined;
}

/** `events` from `GuardedContainer "events"`. */
function componentName(error: SkewguardError): string | undefined {
  return /"(.*)"$/.exec(error.component ?? '')?.[1];
}

function isThenable(value: unknown): boolean {
  return typeof (value as { then?: unknown } | null)?.then === 'function';
}

function syncOnly(caller: string): UsageError {
  return new UsageError(
    [
      {
        path: 'construct',
        message: `returned a Promise: ${caller}() takes a function that constructs components synchronously (a refusal is thrown by the constructor); for a program, use \`await runWithMocks(program)\`${caller === 'assertRefused' ? " and pass the error it rejects with: assertRefused(await runWithMocks(program).catch((e) => e), 'SG004')" : ''}`,
      },
    ],
    `${caller}() input`,
  );
}

/** `construct`, refused when it returns a Promise: a component refuses from its constructor or at deployment. */
function synchronously<T>(construct: () => T, caller: string): () => T {
  return () => {
    const result = construct();
    if (isThenable(result)) throw syncOnly(caller);
    return result;
  };
}

/** Options of `assertAccepted` and `assertRefused`. */
export interface ComponentAssertionOptions {
  /**
   * The day, `YYYY-MM-DD` (UTC), on which the components' acknowledgements' `expires` dates are judged, as `lint()`'s
   * `today` option: pin it so a waiver with `expires` does not turn the test red on a later date. For a function run
   * outside `runWithMocks` (inside one, the run's `today` holds, and another day is a usage error); a component's own
   * `lintOptions.today` wins.
   * @default - today (UTC)
   */
  readonly today?: string;
}

const OPTIONS = knownOptions<ComponentAssertionOptions>({ today: true });

/** The options, each checked: today as `lint()` reads it. */
function readComponentOptions(options: ComponentAssertionOptions | null | undefined, caller: string): { today?: string } {
  const { today } = readOptions(options, caller, OPTIONS);
  return validateLintOptions(today === undefined ? {} : { today });
}

/**
 * Runs `construct` (which creates GuardedContainers) and asserts that no component refuses: no
 * unacknowledged finding at or above the component's `failOn`, and no invalid args, also once the
 * values of Outputs are known (RU/s given as an Output are checked then). Rejects with a
 * `DesignAssertionError` with the component's whole report otherwise. Resolves with what `construct` returns.
 *
 * Outside `runWithMocks`, `construct` runs under a mock engine of its own (as `runWithMocks(construct)`), and the
 * assertion settles when its registrations have: nothing is left to the next test. Inside a run, it waits for the
 * run's registrations so far. `options.today` pins the day the components' acknowledgements' `expires` dates are
 * judged on.
 *
 * @example const events = await assertAccepted(() => new GuardedContainer('events', args));
 */
export function assertAccepted<T>(construct: () => T, options?: ComponentAssertionOptions): Promise<T> {
  return watchAssertion(accepted(construct, options), 'assertAccepted', assertAccepted);
}

async function accepted<T>(construct: () => T, options: ComponentAssertionOptions | undefined): Promise<T> {
  if (typeof construct !== 'function')
    throw new UsageError(
      [{ path: 'construct', message: `expected a function that constructs the components, got ${typeof construct}` }],
      'assertAccepted() input',
    );
  const { today } = readComponentOptions(options, 'assertAccepted');
  try {
    return await settled(synchronously(construct, 'assertAccepted'), today);
  } catch (error) {
    const refusals = refusalsOf(error);
    if (!refusals) throw error;
    const why = (r: SkewguardError) => (r.code === REFUSED ? 'its design was refused' : 'its args are invalid');
    if (refusals.length > 1)
      throw new DesignAssertionError(
        `expected the components to be accepted, but ${refusals.length} were not: ${refusals.map((r) => `${r.component ?? 'a component'} (${why(r)})`).join(', ')}:\n\n${refusals.map((r) => r.message).join('\n\n')}`,
      );
    throw new DesignAssertionError(`expected ${refusals[0].component ?? 'the component'} to be accepted, but ${why(refusals[0])}:\n\n${refusals[0].message}`);
  }
}

/** What `assertRefused` returns: for a function, a Promise (the refusal may come once an Output is known); for the error
 *  a run rejected with (`any`, as `.catch((e) => e)` gives it, included), the blocking findings. */
export type RefusedFindings<R> = 0 extends 1 & R
  ? readonly Finding[]
  : R extends (...args: never[]) => unknown
    ? Promise<readonly Finding[]>
    : readonly Finding[];

/**
 * Asserts that a component refused its design with each expected rule (at that field path, e.g.
 * `design.partitionKey.paths`, if given; `resource` is the component name). `refusal` is a function
 * that constructs the component, or the error a run rejected with. Other blocking rules are
 * allowed: list them too to pin the verdict. Throws a `DesignAssertionError` with the whole report
 * otherwise, also when the args were invalid (nothing was checked). Returns the blocking findings.
 *
 * Given a function, it returns a Promise: it waits, as `assertAccepted` does, for the registrations the function starts,
 * so a refusal made once an Output's value is known counts. Given an error, it answers at once.
 *
 * `options.today` pins the day acknowledgements' `expires` dates are judged on, for a function (see `assertAccepted`).
 *
 * @example await assertRefused(() => new GuardedContainer('events', reversed), 'SG004');
 * @example assertRefused(await runWithMocks(() => import('../index')).catch((e) => e), ['SG003', 'SG004']);
 */
export function assertRefused<R>(refusal: R, expected: RuleExpectation | readonly RuleExpectation[], options?: ComponentAssertionOptions): RefusedFindings<R> {
  if (typeof refusal !== 'function') {
    // The error of a run already made: its day was the run's (runWithMocks(program, { today })).
    if (readComponentOptions(options, 'assertRefused').today !== undefined)
      throw new UsageError(
        [
          {
            path: 'options.today',
            message: "applies to a function the assertion runs; the error of a run was judged on that run's day: pass today to runWithMocks",
          },
        ],
        'assertRefused() options',
      );
    return judgeRefusal(refusal, readExpectations(expected, 'assertRefused')) as RefusedFindings<R>;
  }
  const run = async () => {
    const wanted = readExpectations(expected, 'assertRefused');
    const { today } = readComponentOptions(options, 'assertRefused');
    try {
      await settled(synchronously(refusal as () => unknown, 'assertRefused'), today);
    } catch (error) {
      return judgeRefusal(error, wanted);
    }
    throw new DesignAssertionError(`expected ${subjectOf(wanted)}, but the components were accepted`);
  };
  return watchAssertion(run(), 'assertRefused', assertRefused) as RefusedFindings<R>;
}

const subjectOf = (wanted: readonly ExpectedFinding[]) => `a refusal with ${wanted.map(describeExpectation).join(', ')}`;

/**
 * The refusals `error` holds: itself, or, when a program refused more than one component once Outputs were known (a
 * run's AggregateError), each of its errors, when every one is a skewguard verdict. Undefined otherwise.
 */
function refusalsOf(error: unknown): SkewguardError[] | undefined {
  const one = skewguardError(error);
  if (one) return [one];
  const errors = (error as { errors?: unknown } | null)?.errors;
  if (!(error instanceof Error) || !Array.isArray(errors) || errors.length === 0) return undefined;
  const all = errors.map(skewguardError);
  return all.every((e) => e !== undefined) ? (all as SkewguardError[]) : undefined;
}

/**
 * The blocking findings of `error`, the refusal (or refusals), when they meet `wanted`; throws a DesignAssertionError
 * otherwise. Several refusals are judged together: each expectation is met by a finding of any of them (`resource`
 * names the component), the findings returned are all theirs, and a failure quotes every report.
 */
function judgeRefusal(error: unknown, wanted: readonly ExpectedFinding[]): readonly Finding[] {
  const subject = subjectOf(wanted);
  const refusals = refusalsOf(error);
  // A UsageError of this module's own (syncOnly); the component's InvalidArgsError is a UsageError too, reported below.
  if (error instanceof DesignAssertionError || (error instanceof UsageError && !refusals)) throw error;
  if (!refusals) {
    if (error instanceof Error) throw error;
    throw new DesignAssertionError(`expected ${subject}, but got ${isThenable(error) ? 'a Promise (await the run first)' : 'no error: the run was accepted'}`);
  }
  const reports = refusals.map((r) => r.message).join('\n\n');
  if (refusals.some((r) => r.code === INVALID_ARGS))
    throw new DesignAssertionError(`expected ${subject}, but the args are invalid, so no rule checked the design:\n\n${reports}`);
  const blocking = refusals.flatMap((r) => r.findings ?? []);
  const missing = unmet(
    wanted,
    refusals.flatMap((r) => (r.findings ?? []).map((f) => ({ rule: f.ruleId, path: f.path, resource: componentName(r), index: f.index }))),
  );
  if (missing.length > 0) {
    const rules = (r: SkewguardError) => [...new Set((r.findings ?? []).map((f) => f.ruleId))].join(', ');
    const verdicts = refusals.map((r, i) => `${r.component ?? 'the component'} ${i === 0 ? 'was refused ' : ''}only with ${rules(r)}`);
    throw new DesignAssertionError(
      refusals.length === 1
        ? `expected ${refusals[0].component ?? 'the component'} to be refused with ${missing.map(describeExpectation).join(', ')}, but it was refused only with ${rules(refusals[0])}:\n\n${reports}`
        : `expected a refusal with ${missing.map(describeExpectation).join(', ')}, but ${refusals.length} components were refused, ${verdicts.join(', ')}:\n\n${reports}`,
    );
  }
  return blocking;
}
