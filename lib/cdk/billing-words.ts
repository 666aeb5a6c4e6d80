/**
 * The core's capacity-mode issues (`CAPACITY_MODE_ISSUES`) in a CDK user's terms. The core words them for a design file
 * (`set billing to "provisioned"`); a GuardedTable takes its billing mode as TableV2 does, `billing: Billing.provisioned(…)`
 * or `Billing.onDemand(…)`, and a GSI's capacity as `readCapacity` / `writeCapacity` or `maxReadRequestUnits` /
 * `maxWriteRequestUnits`. Matched by the issue's code, never by its prose; the path stays the field the user wrote.
 */
import { type DesignIssue } from '../index';
import { CAPACITY_MODE_ISSUES } from '../internal';

const PROVISIONED = '`billing: Billing.provisioned({ readCapacity, writeCapacity })`';
const ON_DEMAND = '`billing: Billing.onDemand({ maxReadRequestUnits, maxWriteRequestUnits })`';

/** What to do, for the table (`''`) or a GSI (`globalSecondaryIndexes[0].`). */
const WORDS: Record<string, (onIndex: boolean) => string> = {
  [CAPACITY_MODE_ISSUES.capacityOnDemand]: (onIndex) =>
    onIndex
      ? `is provisioned capacity, but the table bills on demand (its \`billing\` not given, or \`Billing.onDemand()\`): give the table ${PROVISIONED}, or this index on-demand maximums in its \`maxReadRequestUnits\` / \`maxWriteRequestUnits\` instead`
      : `is provisioned capacity, but the table bills on demand (\`billing\` not given, or \`Billing.onDemand()\`): give ${PROVISIONED}, or on-demand maximums in ${ON_DEMAND} instead`,
  [CAPACITY_MODE_ISSUES.onDemandProvisioned]: (onIndex) =>
    onIndex
      ? `are on-demand maximums, but the table is provisioned (\`Billing.provisioned(…)\`): give this index its \`readCapacity\` / \`writeCapacity\` instead, or bill the table on demand with ${ON_DEMAND}`
      : `are on-demand maximums, but the table is provisioned (\`Billing.provisioned(…)\`): give its capacity in ${PROVISIONED} instead, or bill on demand with ${ON_DEMAND}`,
};

/** `issue` in GuardedTable's terms where the core words it for a design file; any other issue as it is. */
export function inCdkTerms(issue: DesignIssue): DesignIssue {
  const words = issue.code === undefined ? undefined : WORDS[issue.code];
  return words ? Object.assign({}, issue, { message: words(issue.path.startsWith('globalSecondaryIndexes[')) }) : issue;
}
