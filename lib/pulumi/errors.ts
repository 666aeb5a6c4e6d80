/**
 * The two ways a skewguard component refuses to deploy. Both are thrown from the constructor before
 * the component registers, so `pulumi preview` and `pulumi up` fail with nothing of it created; in a preview,
 * a GuardedContainer's `DesignRefusedError` rejects its container's inputs instead: the component registers
 * alone, with no child, so that the program goes on and the preview reports every refused container
 * (guarded-container.ts). Either way none of its Azure resources is created, which is what the refusal says. They are the
 * core's error classes (`instanceof UsageError` / `instanceof DesignError` holds across adapters), and
 * Pulumi's CLI prints them as a plain message, with no stack trace, as it prints a `pulumi.RunError`:
 * the message is the whole report.
 */
import { DesignError, printable, UsageError, type DesignIssue, type Finding } from '../index';

/**
 * Marks an error as one the Pulumi program runner prints as its message alone: `pulumi.RunError.isInstance()`
 * reads this flag (not the class, so that it works across copies of the SDK), and the runner hides
 * the stack of such errors. Extending `RunError` itself would lose the core's classes.
 */
function printedByPulumiAsMessage(error: Error): void {
  Object.defineProperty(error, '__pulumiRunError', { value: true, enumerable: false });
}

/**
 * Keeps `error.message` as written when the error rejects an input: Pulumi's serializer prepends `error serializing
 * property "options": ` to a rejected input's error in place and rethrows the same object, once per resource that
 * takes it (else five prefixes pile up on one message). Its program host reports an error object once, so the report
 * then reads as written, once.
 */
export function keepMessage<E extends Error>(error: E): E {
  const message = error.message;
  Object.defineProperty(error, 'message', { get: () => message, set: () => undefined, enumerable: false, configurable: true });
  return error;
}

/** Args the component cannot read: wrong types, missing fields, impossible values, Pulumi Outputs
 *  where a plain design value is needed. `issues` names each offending field, e.g.
 *  `design.partitionKey.paths[0].cardinality`. A {@link UsageError}. */
export class InvalidArgsError extends UsageError {
  public override readonly code = 'SKEWGUARD_INVALID_ARGS';

  constructor(
    public readonly component: string,
    issues: readonly DesignIssue[],
  ) {
    super(issues, `${component} args`);
    // Resource names and values are untrusted: escaped so they cannot forge lines or drive the terminal.
    this.message = `${printable(component)}: invalid args, nothing was created:\n${issues.map((i) => `  ${printable(i.path || '(args)')}: ${printable(i.message)}`).join('\n')}`;
    this.name = 'InvalidArgsError';
    printedByPulumiAsMessage(this);
  }
}

/** The design breaks a skewguard rule at or above `failOn` and no acknowledgement waives it.
 *  `findings` are the blocking ones, each with rule id, field path, message and fix; `issues` has
 *  one `{ path, message }` per finding, as every {@link DesignError}. */
export class DesignRefusedError extends DesignError {
  public override readonly code = 'SKEWGUARD_DESIGN_REFUSED';

  constructor(
    public readonly component: string,
    public readonly findings: readonly Finding[],
    report: string,
  ) {
    super(
      findings.map((f) => ({ path: f.path, message: `${f.ruleId} ${f.message}` })),
      `${component} design`,
    );
    this.message = report;
    this.name = 'DesignRefusedError';
    printedByPulumiAsMessage(this);
  }
}
