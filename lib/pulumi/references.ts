/**
 * "A name or a resource" inputs: the resource group, the Cosmos DB account and the database may be
 * given by name (strings or Outputs) or as the resources themselves (anything with `name`, and `id`
 * for the account), so a program that creates them passes them along and one that does not names them.
 */
import * as pulumi from '@pulumi/pulumi';
import * as cosmosdb from '@pulumi/azure-native/cosmosdb';
import type { Issues } from './issues';
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

/** Checks a name-or-resource input; `withId`: the object form also needs `id` (the account). */
export function checkNamed(value: unknown, path: string, what: string, issues: Issues, withId = false): void {
  if (typeof value === 'string') {
    if (value.trim() === '') issues.add(path, `is empty: give the ${what} name`);
    return;
  }
  if (isDeferred(value)) return;
  const form = withId ? '{ name, id }' : '{ name }';
  if (typeof value !== 'object' || value === null) {
    issues.add(path, value === undefined ? `is required: give the ${what} name or resource` : `expected the ${what} name or a resource with ${form}, got ${describe(value)}`);
    return;
  }
  const record = value as { name?: unknown; id?: unknown };
  if (!isNameLike(record.name)) issues.add(`${path}.name`, `expected the ${what} name (a string or Output), got ${describe(record.name)}`);
  if (withId && !isNameLike(record.id)) issues.add(`${path}.id`, `expected the ${what} resource id (a string or Output), got ${describe(record.id)}`);
}

function isNameLike(value: unknown): boolean {
  return (typeof value === 'string' && value.trim() !== '') || isDeferred(value);
}

function describe(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'an array';
  return typeof value === 'string' ? JSON.stringify(value) : typeof value;
}

/** The name of a name-or-resource input (checked with `checkNamed` first). */
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
