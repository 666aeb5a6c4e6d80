/**
 * A declaration of the account's raised DynamoDB throughput quotas from outside a lint's options (a GuardedTable's
 * `quotas` prop, its context key, a template's `Metadata.skewguard.quotas`), checked with the shape the lint options'
 * `quotas` field is read with (`quotasShape`), each problem at its field under `path`.
 */
import type { DesignIssue } from '../design/errors';
import { readInput } from '../design/shape';
import { quotasShape } from '../design/shapes';
import type { DynamoDbQuotas } from '../engines/dynamodb-quotas';

/** The quotas `value` declares (undefined: none declared, or refused with its issues added to `issues`, each at its field under `path`). */
export function checkedQuotas(value: unknown, path: string, issues: DesignIssue[]): DynamoDbQuotas | undefined {
  if (value === undefined) return undefined;
  const before = issues.length;
  const quotas = readInput(quotasShape, value, path, issues);
  return issues.length === before ? quotas : undefined;
}
/** `over`'s declared fields over `base`'s, field by field (a field `over` leaves out, or undefined, keeps `base`'s). */
export function quotasOver(base: DynamoDbQuotas | undefined, over: DynamoDbQuotas | undefined): DynamoDbQuotas | undefined {
  if (base === undefined || over === undefined) return over ?? base;
  const declared = Object.entries(over).filter(([, units]) => units !== undefined);
  return { ...base, ...Object.fromEntries(declared) };
}
