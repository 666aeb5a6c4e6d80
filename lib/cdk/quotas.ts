/**
 * The DynamoDB throughput quotas a GuardedTable is linted against. A quota is the account's, not the table's, so it is
 * declared once for a scope with the context key below (cdk.json's `context`, `cdk synth -c`, or `node.setContext()` on
 * the app or a stack) and read by every GuardedTable under it; a table's own `quotas` prop overrides it field by field.
 * Both are checked by the validator of `skewguard lint`'s `quotas` option, each problem at its field.
 */
import { Annotations } from 'aws-cdk-lib';
import type { Construct } from 'constructs';
import type { DesignIssue, DynamoDbQuotas } from '../index';
import { checkedQuotas, quotasOver, raisedQuotasNotice } from '../internal';

/** Context key: the account's raised DynamoDB throughput quotas, `{ "tableWriteUnits": 200000 }` (a JSON string from `-c`). */
export const QUOTAS_CONTEXT = 'skewguard:dynamoDbQuotas';

/** The context's value as data: `-c skewguard:dynamoDbQuotas='{"tableWriteUnits":200000}'` gives a string. */
function contextValue(given: unknown, at: string, issues: DesignIssue[]): unknown {
  if (typeof given !== 'string') return given;
  try {
    return JSON.parse(given) as unknown;
  } catch {
    issues.push({ path: at, message: `expected a JSON object of raised quotas, e.g. '{"tableWriteUnits":200000}', got ${JSON.stringify(given)}` });
    return undefined;
  }
}

/**
 * The quotas `scope` declares: its `skewguard:dynamoDbQuotas` context under `own` (the table's `quotas` prop), field by
 * field; undefined where neither declares one. A problem is added to `issues`, at `quotas.<field>` for the prop and at
 * `context skewguard:dynamoDbQuotas.<field>` for the context.
 */
export function declaredQuotas(scope: Construct, own: unknown, issues: DesignIssue[]): DynamoDbQuotas | undefined {
  const at = `context ${QUOTAS_CONTEXT}`;
  const context = checkedQuotas(contextValue(scope.node.tryGetContext(QUOTAS_CONTEXT), at, issues), at, issues);
  const prop = checkedQuotas(own, 'quotas', issues);
  return quotasOver(context, prop);
}

/** The warning's id: `Annotations.of(table).acknowledgeWarning('skewguard:quotas-raised')` silences it. */
export const QUOTAS_RAISED_WARNING = 'skewguard:quotas-raised';

/**
 * Says on `scope` (a GuardedTable) the quotas it is linted with above their published defaults, as `skewguard lint` says a
 * config's (`raises tableWriteUnits to 200,000 (AWS default 40,000)`): a raise passes SG017's quota findings and SG003's
 * warm-throughput plans up to the declared figure, so a figure the account was never granted would hide them. A synth
 * warning, as the construct's other notices; nothing where every figure is its default.
 */
export function sayRaisedQuotas(scope: Construct, quotas: DynamoDbQuotas | undefined): void {
  const notice = quotas && raisedQuotasNotice(quotas);
  if (!notice) return;
  Annotations.of(scope).addWarningV2(
    QUOTAS_RAISED_WARNING,
    `quotas (prop or context ${QUOTAS_CONTEXT}) ${notice}; once checked, acknowledge with Annotations.of(table).acknowledgeWarning('${QUOTAS_RAISED_WARNING}')`,
  );
}
