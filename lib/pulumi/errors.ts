/**
 * The two ways a skewguard component refuses to deploy. Both are thrown from the constructor before
 * the component registers, so `pulumi preview` and `pulumi up` fail with nothing created. They
 * extend `pulumi.RunError`, which the Pulumi CLI prints as a plain message (no stack trace): the
 * message is the whole report.
 */
import * as pulumi from '@pulumi/pulumi';
import { causeOf, printable, type DesignIssue, type Finding } from '../index';

/** Args the component cannot read: wrong types, missing fields, impossible values, Pulumi Outputs
 *  where a plain design value is needed. `issues` names each offending field, e.g.
 *  `design.partitionKey.paths[0].cardinality`. */
export class InvalidArgsError extends pulumi.RunError {
  public readonly code = 'SKEWGUARD_INVALID_ARGS';

  constructor(
    public readonly component: string,
    public readonly issues: readonly DesignIssue[],
  ) {
    // Resource names and values are untrusted: escaped so they cannot forge lines or drive the terminal.
    super(
      `${printable(component)}: invalid args, nothing was created:\n${issues.map((i) => `  ${printable(i.path || '(args)')}: ${printable(i.message)}`).join('\n')}`,
      causeOf(issues),
    );
    this.name = 'InvalidArgsError';
  }
}

/** The design breaks a skewguard rule at or above `failOn` and no acknowledgement waives it.
 *  `findings` are the blocking ones, each with rule id, field path, message and fix. */
export class DesignRefusedError extends pulumi.RunError {
  public readonly code = 'SKEWGUARD_DESIGN_REFUSED';

  constructor(
    public readonly component: string,
    public readonly findings: readonly Finding[],
    report: string,
  ) {
    super(report);
    this.name = 'DesignRefusedError';
  }
}
