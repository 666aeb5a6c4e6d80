import { printable } from './printable';

/** One problem with user input, attributed to the field that holds it. */
export interface DesignIssue {
  /** Path of the offending field, e.g. `tables[0].partitionKey.cardinality` (`''` for the whole input). */
  readonly path: string;
  /** What is wrong and what is expected instead. */
  readonly message: string;
  /** What the caller's code threw when the field was read (a getter, a Proxy trap, a revoked Proxy),
   *  as thrown: the issue's message quotes it, the error carries the first one as its `cause`. */
  readonly cause?: unknown;
  /** What the issue is, for an adapter that words it in its own terms (`CAPACITY_MODE_ISSUES`); absent on most issues,
   *  whose message reads the same in every input. */
  readonly code?: string;
}

/**
 * The error's message: what a terminal prints when it is thrown (by a construct at synth, by `lint()`),
 * so names in it (a table name, a construct id, a field) pass through `printable()`, as the CLI's
 * reports do (`ord\u202eers`, not a reordered line). `issues` keep the values as given.
 */
function summary(subject: string, issues: readonly DesignIssue[]): string {
  return `Invalid skewguard ${printable(subject)}:\n${issues.map((i) => `  ${printable(i.path || '(root)')}: ${printable(i.message)}`).join('\n')}`;
}

/** The options of an error over `issues`: the first issue's `cause`, so a stack trace shows what the caller's code threw. */
export function causeOf(issues: readonly DesignIssue[]): ErrorOptions | undefined {
  const caused = issues.find((issue) => issue.cause !== undefined);
  return caused && { cause: caused.cause };
}

/**
 * Thrown when a design cannot be read: wrong types, missing or unknown fields, impossible values.
 * Lists every problem at once so a user fixes a design file in one pass.
 */
export class DesignError extends Error {
  /** `SKEWGUARD_INVALID_DESIGN`; an adapter's subclass has its own (skewguard/pulumi's `DesignRefusedError`: `SKEWGUARD_DESIGN_REFUSED`). */
  public readonly code: string = 'SKEWGUARD_INVALID_DESIGN';

  constructor(
    public readonly issues: readonly DesignIssue[],
    subject = 'design',
  ) {
    super(summary(subject, issues), causeOf(issues));
    this.name = 'DesignError';
  }
}

/**
 * Thrown for a usage mistake rather than a bad design: options of `lint()` or a helper, arguments of
 * a construct or component that are not part of its design, a config file. Lists every problem at
 * once, each with the path of the field that holds it, like {@link DesignError}.
 */
export class UsageError extends Error {
  /** `SKEWGUARD_INVALID_USAGE`; an adapter's subclass has its own (skewguard/pulumi's `InvalidArgsError`: `SKEWGUARD_INVALID_ARGS`). */
  public readonly code: string = 'SKEWGUARD_INVALID_USAGE';

  constructor(
    public readonly issues: readonly DesignIssue[],
    subject = 'options',
  ) {
    super(summary(subject, issues), causeOf(issues));
    this.name = 'UsageError';
  }
}
