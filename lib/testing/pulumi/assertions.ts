/**
 * Assertions on GuardedContainer's verdict: a component (or a program) is accepted, or refused for
 * the expected rules. The refusal is the component's own error — thrown from its constructor before
 * anything is registered — recognized by its `code`, so this module does not load skewguard/pulumi
 * (or azure-native) itself. A failure prints the component's whole report.
 */
import type { Finding } from '../../index';
import { UsageError } from '../../index';
import { DesignAssertionError } from '../assertion-error';
import { describeExpectation, readExpectations, unmet, type RuleExpectation } from '../expectations';
import { constructDetached } from './mock-run';

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

/**
 * Runs `construct` (which creates GuardedContainers) and asserts that no component refuses: no
 * unacknowledged finding at or above the component's `failOn`, and no invalid args. Throws a
 * `DesignAssertionError` with the component's whole report otherwise. Returns what `construct` returns.
 *
 * @example const events = assertAccepted(() => new GuardedContainer('events', args));
 */
export function assertAccepted<T>(construct: () => T): T {
  if (typeof construct !== 'function')
    throw new UsageError(
      [{ path: 'construct', message: `expected a function that constructs the components, got ${typeof construct}` }],
      'assertAccepted() input',
    );
  let result: T;
  try {
    // Outside runWithMocks, the accepted components register against a mock engine of their own,
    // which the next run waits for: nothing leaks into the tests after this one.
    result = constructDetached(construct);
  } catch (error) {
    const refusal = skewguardError(error);
    if (!refusal) throw error;
    const why = refusal.code === REFUSED ? 'its design was refused' : 'its args are invalid';
    throw new DesignAssertionError(`expected ${refusal.component ?? 'the component'} to be accepted, but ${why}:\n\n${refusal.message}`);
  }
  if (isThenable(result)) throw syncOnly('assertAccepted');
  return result;
}

/**
 * Asserts that a component refused its design with each expected rule (at that field path, e.g.
 * `design.partitionKey.paths`, if given; `resource` is the component name). `refusal` is a function
 * that constructs the component, or the error a run rejected with. Other blocking rules are
 * allowed: list them too to pin the verdict. Throws a `DesignAssertionError` with the whole report
 * otherwise, also when the args were invalid (nothing was checked). Returns the blocking findings.
 *
 * @example assertRefused(() => new GuardedContainer('events', reversed), 'SG004');
 * @example assertRefused(await runWithMocks(() => import('../index')).catch((e) => e), ['SG003', 'SG004']);
 */
export function assertRefused(refusal: unknown, expected: RuleExpectation | readonly RuleExpectation[]): readonly Finding[] {
  const wanted = readExpectations(expected, 'assertRefused');
  const subject = `a refusal with ${wanted.map(describeExpectation).join(', ')}`;
  let error: unknown = refusal;
  if (typeof refusal === 'function') {
    try {
      const result = constructDetached(refusal as () => unknown);
      if (isThenable(result)) throw syncOnly('assertRefused');
      throw new DesignAssertionError(`expected ${subject}, but the components were accepted`);
    } catch (thrown) {
      error = thrown;
    }
  }
  const found = skewguardError(error);
  // A UsageError of this module's own (syncOnly); the component's InvalidArgsError is a UsageError too, reported below.
  if (error instanceof DesignAssertionError || (error instanceof UsageError && !found)) throw error;
  if (!found) {
    if (error instanceof Error) throw error;
    throw new DesignAssertionError(`expected ${subject}, but got ${isThenable(error) ? 'a Promise (await the run first)' : 'no error: the run was accepted'}`);
  }
  if (found.code === INVALID_ARGS)
    throw new DesignAssertionError(`expected ${subject}, but the args are invalid, so no rule checked the design:\n\n${found.message}`);
  const blocking = found.findings ?? [];
  const resource = componentName(found);
  const missing = unmet(
    wanted,
    blocking.map((f) => ({ rule: f.ruleId, path: f.path, resource, index: f.index })),
  );
  if (missing.length > 0) {
    throw new DesignAssertionError(
      `expected ${found.component ?? 'the component'} to be refused with ${missing.map(describeExpectation).join(', ')}, but it was refused only with ${[...new Set(blocking.map((f) => f.ruleId))].join(', ')}:\n\n${found.message}`,
    );
  }
  return blocking;
}
