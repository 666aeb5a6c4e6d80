/**
 * Dedicated RU/s given as a Pulumi Output (`{ manual: otherStack.getOutput('ru') }`). The number decides part of the
 * verdict (the design's physical partitions, SG003 and SG012; its capacity against the peak, SG017) and the hotKey,
 * hotPrefix and throttledHotValue lines, so a plan made without it passes what the number refuses and draws lines that may never fire.
 *
 * The container is planned again in `apply`, once the number is known, by the same `planContainer` a plain number goes
 * through (Pulumi's way to validate an Output: "apply" runs the check on the value). The container's RU/s and the
 * alerts' lines are read from that plan, so a refusal rejects them: `pulumi up`, and a preview where the value is
 * known, fail with the report before the container is sent to Azure, and each line follows the resolved RU/s.
 * Refusing every Output instead would break programs that take their RU/s from another stack, which the alerts' lines
 * can follow. In a preview where the value is not known, `apply` does not run: that is said, never passed.
 */
import * as pulumi from '@pulumi/pulumi';
import { printable, type DesignIssue } from '../index';
import { planContainer, type ContainerPlan, type DataSafetyOptions } from './container-plan';
import { DesignRefusedError, InvalidArgsError, keepMessage } from './errors';
import type { DeferredThroughput, ThroughputInput } from './throughput';

/** The container planned with its RU/s known. */
export interface DeployTimePlan {
  readonly requestUnits: number;
  readonly plan: ContainerPlan;
}

const ru = (value: number) => `${value.toLocaleString('en-US')} RU/s`;

/** `throughput.manual`, the field the user wrote. */
export const deferredField = (deferred: DeferredThroughput) => `throughput.${deferred.form}`;

/** The line a refusal at deployment ends with: which Output, and the value it was checked at. */
const checkedAt = (deferred: DeferredThroughput, requestUnits: unknown) =>
  `${deferredField(deferred)} is a Pulumi Output: it was checked when its value (${typeof requestUnits === 'number' ? ru(requestUnits) : String(requestUnits)}) became known, before the container was sent to Azure. Fix the design or the value that Output carries.`;

/**
 * The error of an RU/s Output that rejects (the stack or resource it reads failed): the field is named, and the upstream
 * error is kept as the `cause` and quoted, so nothing of it is hidden. Without it, Pulumi's serializer reported the
 * upstream message behind the properties of the alerts that read the plan (`error serializing property "criteria":
 * error serializing property "options": boom-upstream`), never the field, so the user would not know what to fix.
 */
function failedValue(name: string, deferred: DeferredThroughput, cause: unknown): Error {
  const why = cause instanceof Error ? cause.message : String(cause);
  return keepMessage(
    new Error(
      `${printable(`GuardedContainer "${name}"`)}: ${deferredField(deferred)} is a Pulumi Output that failed before its value was known, so the ` +
        `design was not checked against it and the container was not created: ${printable(why)}`,
      { cause },
    ),
  );
}

/**
 * The RU/s as an Output that rejects with `failedValue` when the given one rejects, and is otherwise the given one
 * (its value, secrecy, unknown in a preview and the resources it depends on: `pulumi.output` of a promise of an Output
 * lifts them). Its rejection is read on `isKnown`, the promise whenUnknownInPreview reads; absent, the Output is used as
 * it is.
 */
function valueNamingField(name: string, deferred: DeferredThroughput): pulumi.Output<number> {
  const source = pulumi.output(deferred.value);
  const parts = source as unknown as { readonly isKnown?: unknown; readonly isSecret?: unknown };
  if (!(parts.isKnown instanceof Promise)) return source;
  return pulumi.output(
    parts.isKnown.then(
      () => source,
      (cause: unknown) => {
        // The Output's other promises reject with the same upstream error: this error reports it, once.
        if (parts.isSecret instanceof Promise) parts.isSecret.catch(() => undefined);
        throw failedValue(name, deferred, cause);
      },
    ),
  );
}

/**
 * The plan made again with the RU/s once known. Rejects with the component's `InvalidArgsError` (a value off Azure's
 * grid, named at its field) or `DesignRefusedError` (the report, naming the rule and the field): Pulumi then fails the
 * update, and the container and the alerts, whose inputs read this plan, are not registered.
 */
export function planAtDeployment(name: string, plan: ContainerPlan, options: DataSafetyOptions, deferred: DeferredThroughput): pulumi.Output<DeployTimePlan> {
  return valueNamingField(name, deferred).apply((requestUnits) => {
    const args = { ...plan.args, throughput: { [deferred.form]: requestUnits } as unknown as ThroughputInput };
    try {
      return { requestUnits, plan: planContainer(name, args, options) };
    } catch (error) {
      if (error instanceof DesignRefusedError) {
        throw keepMessage(new DesignRefusedError(error.component, error.findings, `${error.message}\n${checkedAt(deferred, requestUnits)}`));
      }
      if (error instanceof InvalidArgsError) {
        const atField = (issue: DesignIssue) =>
          issue.path === deferredField(deferred)
            ? { path: issue.path, message: `${issue.message} (the value of its Output, known at deployment)` }
            : issue.path === 'design.throughput'
              ? { path: issue.path, message: declaredBeside(deferred, plan.args.design.throughput, requestUnits) }
              : issue;
        throw keepMessage(new InvalidArgsError(error.component, error.issues.map(atField)));
      }
      throw error;
    }
  });
}

/**
 * Calls `say` in a preview where the RU/s are not known yet (an Output of a resource not created): `apply` skips its
 * callback then, so the checks that need the number do not run, and the user must hear it. Output's `isKnown` is the
 * promise the SDK's own `apply` reads to decide that (output.js); absent in some other SDK, the preview says it anyway.
 */
export function whenUnknownInPreview(deferred: DeferredThroughput, say: () => void): void {
  if (!pulumi.runtime.isDryRun()) return;
  const known = (pulumi.output(deferred.value) as unknown as { readonly isKnown?: Promise<boolean> }).isKnown;
  if (!(known instanceof Promise)) return say();
  void known.then((isKnown) => {
    if (!isKnown) say();
  });
}

/**
 * design.throughput beside an Output declares the RU/s the design is linted at before the Output has a value (the
 * refusal made without them says to: `unknownThroughputNote`); once the value is known and differs, the two must agree.
 */
const declaredBeside = (deferred: DeferredThroughput, declared: unknown, requestUnits: number) =>
  `is ${JSON.stringify(declared)}, the RU/s the design was linted at before ${deferredField(deferred)}'s Output had a value, but that value is ` +
  `${ru(requestUnits)} at deployment: make them agree (declare the Output's value in design.throughput, or remove design.throughput to check the design against the value alone)`;

/** What a preview without the RU/s leaves to the deployment. */
export const unknownInPreview = (deferred: DeferredThroughput) =>
  `${deferredField(deferred)} is not known in this preview: the design was linted without it. Its range and step, the design's fit to it ` +
  `(its physical partitions, SG003 and SG012, and its capacity against the peak, SG017) and the hotKey, hotPrefix and throttledHotValue lines are checked ` +
  'when its value is known, at deployment (pulumi up), which fails with the report, before the container is created, if the rules refuse it';

/** Said once the RU/s are known and checked. */
export const checkedAtDeployment = (deferred: DeferredThroughput, requestUnits: number) =>
  `${deferredField(deferred)} (a Pulumi Output) is ${ru(requestUnits)}: the design and the hotKey, hotPrefix and throttledHotValue lines were checked against it`;
