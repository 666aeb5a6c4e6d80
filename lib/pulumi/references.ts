/**
 * "A name or a resource" inputs: the resource group, the Cosmos DB account and the database may be
 * given by name (strings or Outputs) or as the resources themselves (anything with `name`, and `id`
 * for the account), so a program that creates them passes them along and one that does not names them.
 */
import * as cosmosdb from '@pulumi/azure-native/cosmosdb';
import * as pulumi from '@pulumi/pulumi';
import { isDeferred } from './values';

/** A resource group: its name, or a `resources.ResourceGroup`. */
export type ResourceGroupInput = pulumi.Input<string> | { readonly name: pulumi.Input<string> };

/** A SQL database: its name, or a `cosmosdb.SqlResourceSqlDatabase` (whose ARM name is the database name). */
export type DatabaseInput = pulumi.Input<string> | { readonly name: pulumi.Input<string> };

/**
 * A Cosmos DB account: a `cosmosdb.DatabaseAccount`, `{ name, id }` of an existing one, or its name
 * alone (its resource id is then read with `cosmosdb.getDatabaseAccount` at deployment time, which
 * needs the account to exist already: pass the resource when the same program creates it).
 */
export type AccountInput = pulumi.Input<string> | { readonly name: pulumi.Input<string>; readonly id: pulumi.Input<string> };

/** A resolved account: what the diagnostic setting and the metric alerts need. */
export interface AccountReference {
  readonly name: pulumi.Output<string>;
  readonly id: pulumi.Output<string>;
}

/** The name of a name-or-resource input (read with the `named` arg shape first). */
export function nameOf(value: ResourceGroupInput | DatabaseInput | AccountInput): pulumi.Output<string> {
  if (typeof value === 'string' || isDeferred(value)) return pulumi.output(value as pulumi.Input<string>);
  return pulumi.output((value as { name: pulumi.Input<string> }).name);
}

/** Name and resource id of the account; a bare name is looked up in its resource group. */
export function resolveAccount(account: AccountInput, resourceGroupName: pulumi.Output<string>, parent: pulumi.Resource): AccountReference {
  if (typeof account === 'string' || isDeferred(account)) {
    const accountName = pulumi.output(account as pulumi.Input<string>);
    const found = cosmosdb.getDatabaseAccountOutput({ accountName, resourceGroupName }, { parent });
    return { name: accountName, id: found.apply((a) => a.id) };
  }
  const resource = account as { name: pulumi.Input<string>; id: pulumi.Input<string> };
  return { name: pulumi.output(resource.name), id: pulumi.output(resource.id) };
}
