/**
 * Assertions on a design itself (a design file's content, or one table or container), for the
 * tests that keep a project's designs honest without synthesizing anything: the core's `lint()`
 * decides, and a failure prints the whole report.
 */
import { declaresNothing, DesignError, lintDocument, type DesignInput, type Finding, type LintOptions, type LintResult } from '../index';
import { DesignAssertionError } from './assertion-error';
import { describeExpectation, inExpectationOrder, readExpectations, unmet, type RuleExpectation } from './expectations';
import { fails, readFailOn, type FailOn } from './failing';
import { knownOptions, readOptions } from './options';
import { findingEntry, formatReport, unusedAcknowledgementEntry } from './report';

export interface DesignAssertionOptions extends LintOptions {
  /**
   * The lowest severity that fails: `'warning'` also fails on unacknowledged warnings and on
   * acknowledgements that waive nothing (as `skewguard lint --fail-on warning`).
   * @default 'error'
   */
  readonly failOn?: FailOn;
}

/** The options the design assertions accept: `failOn` and the core's `lint()` options. */
const OPTIONS = knownOptions<DesignAssertionOptions>({ failOn: true, thresholds: true, quotas: true, rules: true, only: true, basePath: true, today: true });

interface Checked {
  readonly result: LintResult;
  readonly failing: Finding[];
  readonly staleFail: boolean;
  readonly report: string;
}

function check(design: DesignInput, options: DesignAssertionOptions, caller: string): Checked {
  const { failOn: rawFailOn, ...lintOptions } = readOptions(options, caller, OPTIONS);
  const failOn = readFailOn(rawFailOn, caller);
  let result: LintResult;
  try {
    result = lintDocument(design, lintOptions);
  } catch (error) {
    if (!(error instanceof DesignError)) throw error;
    throw new DesignAssertionError(
      `${caller}: the design is not valid input, so no rule could check it:\n${error.issues.map((i) => `  ${i.path || '(root)'}: ${i.message}`).join('\n')}`,
    );
  }
  // A document that declares nothing passes every rule: said, as the CLI exits 2 on such a file, never a silent pass.
  if (declaresNothing(design))
    throw new DesignAssertionError(
      `${caller}: the design declares no table, container or external resource, so no rule checked anything: give it at least one (the CLI exits 2 on such a file)`,
    );
  const entries = [...result.findings.map(findingEntry), ...result.unusedAcknowledgements.map(unusedAcknowledgementEntry)];
  return {
    result,
    failing: result.findings.filter((f) => !f.acknowledged && fails(f.severity, failOn)),
    staleFail: failOn === 'warning' && result.unusedAcknowledgements.length > 0,
    report: formatReport(entries, 'the design'),
  };
}

/**
 * Asserts that the skewguard rules accept `design`: no unacknowledged error (or warning, with
 * `failOn: 'warning'`). Throws a `DesignAssertionError` holding the whole report otherwise, or when
 * the design is not valid input. Returns every finding (warnings, acknowledged ones) for more checks.
 *
 * @example assertDesignPasses(JSON.parse(readFileSync('designs/orders.json', 'utf8')));
 */
export function assertDesignPasses(design: DesignInput, options: DesignAssertionOptions = {}): Finding[] {
  const { result, failing, staleFail, report } = check(design, options, 'assertDesignPasses');
  if (failing.length > 0 || staleFail) {
    const what = failing.length > 0 ? failing.map((f) => f.ruleId).join(', ') : 'acknowledgements that waive nothing';
    throw new DesignAssertionError(`expected the design to pass the skewguard rules, but it fails with ${what}\n\n${report}`);
  }
  return result.findings;
}

/**
 * Asserts that `design` fails with each expected rule: an unacknowledged finding of that rule (at
 * that path or resource, if given) at or above `failOn`. Other failing rules are allowed: list them
 * too to pin the verdict. Throws a `DesignAssertionError` with the whole report otherwise. Returns every
 * failing finding, in the expectations' order: first the finding each expectation matched (its first in
 * report order; one met by an earlier expectation's finding adds none), then the other failing findings in
 * report order. So `const [hot, status] = assertDesignFails(d, ['SG003', 'SG001'])` gives the SG003 finding first.
 *
 * @example const [hot] = assertDesignFails(statusKeyedDesign, [{ rule: 'SG003', path: 'tables[0].partitionKey' }, 'SG001']);
 */
export function assertDesignFails(
  design: DesignInput,
  expected: RuleExpectation | readonly RuleExpectation[],
  options: DesignAssertionOptions = {},
): Finding[] {
  const wanted = readExpectations(expected, 'assertDesignFails');
  const { failing, report } = check(design, options, 'assertDesignFails');
  const candidates = failing.map((f) => ({ rule: f.ruleId, path: f.path, resource: f.resource, index: f.index }));
  const missing = unmet(wanted, candidates);
  if (missing.length > 0) {
    throw new DesignAssertionError(
      `expected the design to fail with ${missing.map(describeExpectation).join(', ')}, but ${failing.length === 0 ? 'it passes' : `it fails only with ${[...new Set(failing.map((f) => f.ruleId))].join(', ')}`}\n\n${report}`,
    );
  }
  return inExpectationOrder(wanted, failing, candidates);
}
