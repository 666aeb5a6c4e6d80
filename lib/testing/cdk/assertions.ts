/**
 * Assertions on what `cdk synth` decides about a stack's tables: it synthesizes with no design
 * error, or it is refused for the expected rules. A failure prints the whole skewguard report of
 * the stack, waivers included, so the reader sees why without running `cdk synth`.
 */
import type { IConstruct } from 'constructs';
import { withPinnedDay } from '../../cdk/pinned-day';
import { RULE_QUOTA_CHECK } from '../../cdk/rule-quota';
import { validateLintOptions } from '../../index';
import { DesignAssertionError } from '../assertion-error';
import { describeExpectation, inExpectationOrder, readExpectations, unmet, type RuleExpectation } from '../expectations';
import { fails, readFailOn, type FailOn } from '../failing';
import { knownOptions, readOptions } from '../options';
import { scopeName, synthDesignReport, type DesignViolation } from './synth-report';

export interface StackAssertionOptions {
  /**
   * The lowest severity that fails: `'warning'` also fails on unacknowledged warnings (as
   * `cdk synth -c skewguard:failOn=warning` would).
   * @default 'error'
   */
  readonly failOn?: FailOn;
  /**
   * The day, `YYYY-MM-DD` (UTC), on which the GuardedTables' acknowledgements' `expires` dates are judged, as
   * `lint()`'s `today` option: pin it so a waiver with `expires` does not turn the test red on a later date. It
   * applies to the synth the assertion makes (the first of the app: a synthesized app is not validated again).
   * @default - today (UTC)
   */
  readonly today?: string;
}

const OPTIONS = knownOptions<StackAssertionOptions>({ failOn: true, today: true });

/** The options, each checked: failOn as the assertions read it, today as `lint()` reads it. */
function readStackOptions(options: StackAssertionOptions | null | undefined, caller: string): { failOn: FailOn; today?: string } {
  const { failOn, today } = readOptions(options, caller, OPTIONS);
  return { failOn: readFailOn(failOn, caller), ...validateLintOptions(today === undefined ? {} : { today }) };
}

/** Checks beyond the rule catalogue that the CDK plugin reports (see docs/cdk.md, "Refusing the synth"), the
 *  Contributor Insights rule quota among them (docs/cdk.md, "Contributor Insights: modes, cost, quota"). */
const PLUGIN_CHECKS = ['design-metadata', 'acknowledgement', 'unchecked', 'template', RULE_QUOTA_CHECK];
/** Former plugin checks, and the rule that reports the same thing now. */
const REPLACED_CHECKS: Readonly<Record<string, string>> = { 'undeclared-index': 'SG016 (template-differs-from-design)' };

function failing(violations: readonly DesignViolation[], failOn: FailOn): DesignViolation[] {
  return violations.filter((v) => v.acknowledged === undefined && fails(v.severity, failOn));
}

/**
 * Asserts that `scope` (a stack, usually) synthesizes with no unacknowledged skewguard error (or
 * warning, with `failOn: 'warning'`), and that skewguard checked at least one table in it: a test
 * of a stack without a GuardedTable would pass whatever its tables are. Throws a
 * `DesignAssertionError` with the stack's whole report otherwise. Returns every violation
 * (warnings, acknowledged findings) for more checks. A pass prints nothing, its warnings included:
 * a report on every passing run buries the output of the tests that fail, and the returned
 * violations (or `failOn: 'warning'`) are how a test holds a stack to its warnings.
 *
 * @example assertStackPasses(stack);
 */
export function assertStackPasses(scope: IConstruct, options: StackAssertionOptions = {}): readonly DesignViolation[] {
  const { failOn, today } = readStackOptions(options, 'assertStackPasses');
  const report = withPinnedDay(today, () => synthDesignReport(scope));
  if (report.checkedTables === 0) {
    throw new DesignAssertionError(
      `expected ${scopeName(scope)} to pass the skewguard checks, but it holds no table skewguard checked: add a GuardedTable, or call SkewguardPlugin.checkUnguardedTables() on the app (with a GuardedTable in it, which registers the checks) for its other tables`,
    );
  }
  const failed = failing(report.violations, failOn);
  if (failed.length > 0) {
    throw new DesignAssertionError(
      `expected ${scopeName(scope)} to synthesize with no skewguard ${failOn === 'warning' ? 'error or warning' : 'error'}, but it fails with ${[...new Set(failed.map((v) => v.ruleId))].join(', ')}\n\n${report.text}`,
    );
  }
  return report.violations;
}

/**
 * Asserts that synthesizing `scope` is refused for each expected rule: an unacknowledged violation
 * of that rule (at that field path or construct, if given) at or above `failOn`. `resource` matches
 * the construct path or its last segments (`'Orders'` matches `MyStack/Orders`). Throws a
 * `DesignAssertionError` with the whole report otherwise. Returns the failing violations in the expectations' order, as
 * `assertDesignFails` returns its findings (each expectation's first match, then the rest in report order). A pass prints
 * nothing: the refusal is what the test expects, and a report of it on every run (its warnings too) buries the output
 * of the tests that fail.
 *
 * @example assertStackFails(stack, ['SG001', { rule: 'SG003', resource: 'Orders', path: 'partitionKey' }]);
 */
export function assertStackFails(
  scope: IConstruct,
  expected: RuleExpectation | readonly RuleExpectation[],
  options: StackAssertionOptions = {},
): DesignViolation[] {
  const wanted = readExpectations(expected, 'assertStackFails', PLUGIN_CHECKS, REPLACED_CHECKS);
  const { failOn, today } = readStackOptions(options, 'assertStackFails');
  const report = withPinnedDay(today, () => synthDesignReport(scope));
  const failed = failing(report.violations, failOn);
  const candidates = failed.map((v) => ({ rule: v.ruleId, path: v.path, resource: v.constructPath, index: v.index }));
  const missing = unmet(wanted, candidates);
  if (missing.length > 0) {
    const actual = failed.length === 0 ? 'it synthesizes' : `it fails only with ${[...new Set(failed.map((v) => v.ruleId))].join(', ')}`;
    throw new DesignAssertionError(
      `expected synthesizing ${scopeName(scope)} to fail with ${missing.map(describeExpectation).join(', ')}, but ${actual}\n\n${report.text}`,
    );
  }
  return inExpectationOrder(wanted, failed, candidates);
}
