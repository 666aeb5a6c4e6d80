/** The Pulumi side shared by the Cosmos DB replay tests that register GuardedContainers with the mocks: the account and
 *  on-call action group ids, the custom resources a program registered (what the replay reads), and an alert's line. */
import type { RegisteredResource } from '../../../lib/testing/replay';
import { SUBSCRIPTION, type Registered } from '../../pulumi/support/mocks';

/** The id of the Cosmos DB account `account` in resource group `group`, and of that group's `oncall` action group. */
export function accountIds(group: string, account: string): { readonly account: string; readonly oncall: string } {
  return {
    account: `${SUBSCRIPTION}/resourceGroups/${group}/providers/Microsoft.DocumentDB/databaseAccounts/${account}`,
    oncall: `${SUBSCRIPTION}/resourceGroups/${group}/providers/microsoft.insights/actionGroups/oncall`,
  };
}

/** The custom resources (not the components) among those registered, as `replayProgram` takes them. */
export function customResources(registered: readonly Registered[]): RegisteredResource[] {
  return registered.filter((r) => r.custom).map((r) => ({ type: r.type, name: r.name, inputs: r.inputs }));
}

/** The threshold of the metric alert `name` among `resources` (its first criterion), undefined where it has none. */
export function alertThreshold(resources: readonly RegisteredResource[], name: string): number | undefined {
  return (resources.find((r) => r.name === name)?.inputs.criteria as { allOf: { threshold: number }[] } | undefined)?.allOf[0].threshold;
}
