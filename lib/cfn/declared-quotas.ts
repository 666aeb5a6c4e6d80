/**
 * A declaration of the account's raised DynamoDB throughput quotas from outside a lint's options (a GuardedTable's
 * `quotas` prop, its context key, a template's `Metadata.skewguard.quotas`), checked by the one validator the lint
 * options use (`validateLintOptions`), each problem at its field under `path`.
 */
import { UsageError, type DesignIssue } from '../design/errors';
import { prefixPath } from '../design/field-path';
import type { DynamoDbQuotas } from '../engines/dynamodb-quotas';
import { validateLintOptions } from '../lint/validate';

/** The quotas `value` declares (undefined: none declared, or refused with its issues added to `issues`). */
export function checkedQuotas(value: unknown, path: string, issues: DesignIssue[]): DynamoDbQuotas | undefined {
  if (value === undefined) return undefined;
  try {
    return validateLintOptions({ quotas: value }, '').quotas;
  } catch (error) {
    if (!(error instanceof UsageError)) throw error;
    // The validator names `quotas.tableWriteUnits`: the same field, under where this declaration sits.
    issues.push(...error.issues.map((issue) => ({ path: prefixPath(path, issue.path.replace(/^quotas\.?/, '')), message: issue.message })));
    return undefined;
  }
}

/** `over`'s declared fields over `base`'s, field by field (a field `over` leaves out, or undefined, keeps `base`'s). */
export function quotasOver(base: DynamoDbQuotas | undefined, over: DynamoDbQuotas | undefined): DynamoDbQuotas | undefined {
  if (base === undefined || over === undefined) return over ?? base;
  const declared = Object.entries(over).filter(([, units]) => units !== undefined);
  return { ...base, ...Object.fromEntries(declared) };
}
