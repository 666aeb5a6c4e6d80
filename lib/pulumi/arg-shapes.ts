/**
 * The Pulumi-specific pieces of the core's shape toolkit: values that may be known only at deployment
 * (Outputs, Promises), values that must not be, resources given by name or as objects, and fields
 * passed to Azure or to the core unchanged. Component args are read with these and the core's
 * `shapes.record`, so an unknown arg is refused like an unknown design field, and every problem is
 * reported at once with its field path.
 */
import * as pulumi from '@pulumi/pulumi';
import { shapes, UsageError, type DesignIssue } from '../index';
import { checkWith } from '../internal';
import { InvalidArgsError } from './errors';
import { isDeferred } from './values';

type Shape<T> = shapes.Shape<T>;

function issue(issues: DesignIssue[], place: shapes.Place, key: string | number | undefined, message: string): undefined {
  issues.push({ path: shapes.pathOf(place, key), message });
  return undefined;
}

/** Anything: a field passed through to Azure or to the core, which checks it itself. */
export function passThrough<T>(expected = 'any value'): Shape<T> {
  return {
    expected,
    is: () => true,
    read: (value) => value as T,
    schema: () => ({}),
  };
}

/** A value known only at deployment (an Output or a Promise) is accepted as it is; a plain value is read with `shape`. */
export function deployTime<T>(shape: Shape<T>): Shape<T | pulumi.Output<T>> {
  return {
    expected: `${shape.expected} (or a Pulumi Output of one)`,
    is: (value) => isDeferred(value) || shape.is(value),
    read: (value, place, issues, key) => (isDeferred(value) ? (value as pulumi.Output<T>) : shape.read(value, place, issues, key)),
    schema: () => shape.schema(),
  };
}

/**
 * A setting that decides at construction what is created (alert thresholds, failOn, lint options):
 * an Output or a Promise is refused with a message that says why, instead of Pulumi's warning about
 * calling toJSON on an Output, or a silent `[object Object]`.
 */
export function planTime<T>(shape: Shape<T>): Shape<T> {
  return {
    expected: shape.expected,
    is: (value) => isDeferred(value) || shape.is(value),
    read(value, place, issues, key) {
      if (isDeferred(value)) {
        return issue(
          issues,
          place,
          key,
          'is a Pulumi Output or Promise: this setting decides what is created, so it must be known when the program runs; use a plain value (for stack configuration, config.require…())',
        );
      }
      return shape.read(value, place, issues, key);
    },
    schema: () => shape.schema(),
  };
}

const nonBlank = shapes.text({ minLength: 1 });
const isNameLike = (value: unknown) => (typeof value === 'string' && value.trim() !== '') || isDeferred(value);

/** A resource given by name (a string or an Output) or as the resource itself (`{ name }`, and `id` when `withId`).
 *  `literal` reads a name given as a string (Azure's naming rules for it), when skewguard knows them. */
export function named(what: string, withId = false, literal?: Shape<string>): Shape<unknown> {
  const form = withId ? '{ name, id }' : '{ name }';
  return {
    expected: `the ${what} name or a resource with ${form}`,
    is: () => true,
    read(value, place, issues, key) {
      if (typeof value === 'string') {
        if (value.trim() === '') return issue(issues, place, key, `is empty: give the ${what} name`);
        return literal ? literal.read(value, place, issues, key) : value;
      }
      if (isDeferred(value)) return value;
      if (typeof value !== 'object' || value === null || Array.isArray(value)) {
        return issue(issues, place, key, `expected the ${what} name or a resource with ${form}, got ${shapes.describe(value)}`);
      }
      const here = key === undefined ? place : { parent: place, key };
      const before = issues.length;
      // A resource's `name` and `id` are Outputs set on the object; read them as they are.
      const { name, id } = value as { name?: unknown; id?: unknown };
      if (!isNameLike(name)) issue(issues, here, 'name', `expected the ${what} name (a string or Output), got ${shapes.describe(name)}`);
      // `{ name: 'fleet', id }` of an existing resource: the name as given is checked as a bare name is.
      else if (typeof name === 'string' && literal) literal.read(name, here, issues, 'name');
      if (withId && !isNameLike(id)) issue(issues, here, 'id', `expected the ${what} resource id (a string or Output), got ${shapes.describe(id)}`);
      return issues.length === before ? value : undefined;
    },
    schema: () => ({}),
  };
}

/** Why a resource name must hold no control, bidi or zero-width character: as for Cosmos DB ids (`cosmosNameShape`). */
const VISIBLE_AZURE_NAME =
  "the name is a segment of the resource's ARM id, and the alerts, the Pulumi log and Azure's portal show it as written, where such a character hides or reorders it; use the name as Azure lists it";

/**
 * A resource group name as Azure takes it: 1 to 90 letters or digits (Unicode, as .NET's
 * Char.IsLetterOrDigit), `_`, `-`, `.`, `(` and `)`, not ending in `.` ("Naming rules and restrictions
 * for Azure resources", Microsoft.Resources / resourcegroups:
 * https://learn.microsoft.com/azure/azure-resource-manager/management/resource-name-rules#microsoftresources).
 * A literal that breaks it would fail at deployment, after the program has run, or look up no account.
 */
export const resourceGroupNameShape = shapes.text({
  maxLength: 90,
  pattern: /^[\p{L}\p{Nd}_().-]*[\p{L}\p{Nd}_()-]$/u,
  patternHint: 'up to 90 letters, digits, "_", "-", ".", "(" and ")", not ending in "."',
  visibleBecause: VISIBLE_AZURE_NAME,
});

/**
 * A Cosmos DB account name as Azure takes it: lowercase letters, digits and `-`, starting with a letter or digit
 * ("Naming rules and restrictions for Azure resources", Microsoft.DocumentDB / databaseAccounts:
 * https://learn.microsoft.com/azure/azure-resource-manager/management/resource-name-rules#microsoftdocumentdb).
 * That page gives new names 3 to 44 characters, while the account name check of the resource provider
 * (CheckNameExists) takes up to 50: the account is an existing one, so a name up to 50 is accepted rather
 * than refuse an account that exists. The DNS name (`<name>.documents.azure.com`) is made from it, so it is never mixed case.
 */
export const accountNameShape = shapes.text({
  minLength: 3,
  lengthRule:
    'a Cosmos DB account name is 3 to 44 characters for a new account, at most 50 for an existing one (https://learn.microsoft.com/azure/azure-resource-manager/management/resource-name-rules#microsoftdocumentdb)',
  maxLength: 50,
  pattern: /^[a-z0-9][a-z0-9-]*$/,
  patternHint: 'lowercase letters, digits and "-", starting with a letter or digit',
  visibleBecause: VISIBLE_AZURE_NAME,
});

/** The resource group of a Cosmos DB account: its name (checked as Azure's rules say) or a resources.ResourceGroup. */
export const resourceGroupShape = named('resource group', false, resourceGroupNameShape);
/** A Cosmos DB account: its name (checked as Azure's rules say), `{ name, id }` or a cosmosdb.DatabaseAccount. */
export const accountShape = named('Cosmos DB account', true, accountNameShape);

/** An object with `id` (a string or an Output): a workspace, an action group. */
export function withId(what: string): Shape<{ readonly id: pulumi.Input<string> }> {
  return {
    expected: `${what} (a resource, or { id })`,
    is: (value) => typeof value === 'object' && value !== null,
    read(value, place, issues, key) {
      if (typeof value !== 'object' || value === null || Array.isArray(value) || isDeferred(value)) {
        return issue(issues, place, key, `expected ${what} (a resource, or { id }), got ${shapes.describe(value)}`);
      }
      const id = (value as { id?: unknown }).id;
      if (!isNameLike(id))
        return issue(
          issues,
          key === undefined ? place : { parent: place, key },
          'id',
          `expected the ${what} resource id (a string or Output), got ${shapes.describe(id)}`,
        );
      return value as { id: pulumi.Input<string> };
    },
    schema: () => ({ type: 'object', required: ['id'] }),
  };
}

/** Any string: a tag value may be empty or padded, as Azure allows. */
const anyString: Shape<string> = {
  expected: 'a string',
  is: (value) => typeof value === 'string',
  read: (value, place, issues, key) => (typeof value === 'string' ? value : issue(issues, place, key, `expected a string, got ${shapes.describe(value)}`)),
  schema: () => ({ type: 'string' }),
};

/** Azure resource tags: an object of strings (each may be an Output), or an Output of one. Read here, not
 *  passed through: Pulumi's serializer throws on a symbol after the component has registered, and
 *  follows a cycle until the process runs out of memory. */
export const tagsShape = deployTime(shapes.mapOf(deployTime(anyString), { expected: 'an object mapping tag names to strings (or Outputs)' }));

/** What a value passed through to Azure holds that Pulumi cannot send, at its path: a cycle (Pulumi's
 *  serializer follows it until memory runs out), a symbol, a function or a BigInt (which it throws on
 *  after the component has registered), or a number that is not finite. Outputs and Promises are sent as they are. */
function unsendable(value: unknown, place: shapes.Place, issues: DesignIssue[], within: Set<object>): void {
  if (isDeferred(value) || value === null || typeof value === 'string' || typeof value === 'boolean' || value === undefined) return;
  if (typeof value === 'number') {
    if (!Number.isFinite(value)) issues.push({ path: shapes.pathOf(place), message: `expected a finite number, got ${shapes.describe(value)}` });
    return;
  }
  if (typeof value !== 'object') {
    issues.push({ path: shapes.pathOf(place), message: `is ${shapes.describe(value)}, which Pulumi cannot send to Azure: use plain data` });
    return;
  }
  if (within.has(value)) {
    issues.push({
      path: shapes.pathOf(place),
      message: 'refers back to an object that contains it (a cycle), which Pulumi cannot send to Azure: use plain data',
    });
    return;
  }
  within.add(value);
  const entries: [string | number, unknown][] = Array.isArray(value) ? value.map((item, i) => [i, item]) : Object.entries(value);
  for (const [key, item] of entries) unsendable(item, { parent: place, key }, issues, within);
  within.delete(value);
}

/** A setting passed through to Azure as it is (an indexing policy, unique keys), once it is data Pulumi can send. */
export function azureData<T>(expected: string): Shape<T> {
  return {
    expected,
    is: () => true,
    read(value, place, issues, key) {
      const before = issues.length;
      unsendable(value, key === undefined ? place : { parent: place, key }, issues, new Set());
      return issues.length === before ? (value as T) : undefined;
    },
    schema: () => ({}),
  };
}

/** A list of action group resource ids, each a string or an Output of one. */
export const actionGroupIds = shapes.list(deployTime(nonBlank));

/**
 * Issues with a component's name (the constructor's first argument), at the path `(name)`: Pulumi
 * names the component's resources and alerts after it, and the Pulumi log, Azure's alert list and the
 * refusal messages show it, where a control, bidi or zero-width character hides or reorders it.
 */
export function componentNameIssues(name: unknown): DesignIssue[] {
  const problem =
    typeof name === 'string'
      ? shapes.invisibleCharacterProblem(
          name,
          "the component's resources and alerts are named after it, and logs show it as written: use letters, digits and visible punctuation",
        )
      : undefined;
  return problem === undefined ? [] : [{ path: '(name)', message: problem }];
}

/**
 * The args as the component's own data (`shapes.ownData`), before anything reads them: each field read
 * once, so what is checked is what is deployed, and a null-prototype object (tags, a policy) becomes a
 * plain one, which Pulumi's serializer can send. A field that cannot be read (a getter or Proxy trap
 * that throws, a revoked Proxy) is an `InvalidArgsError` naming it, with what was thrown as its cause.
 */
export function ownArgs<T>(args: T, component: string): T {
  const issues: DesignIssue[] = [];
  const copy = shapes.ownData(args, '', issues) as T;
  if (issues.length > 0) throw new InvalidArgsError(component, issues);
  return copy;
}

/**
 * Reads `value` with `shape` through the core's `checkWith`; its issues (plus `extra`) are thrown as
 * an `InvalidArgsError`, which the Pulumi CLI prints without a stack trace.
 */
export function readArgs<T>(shape: Shape<T>, value: unknown, component: string, extra: readonly DesignIssue[] = []): T {
  let result: T | undefined;
  const issues: DesignIssue[] = [];
  try {
    result = checkWith(shape, value, { subject: `${component} args` });
  } catch (error) {
    if (!(error instanceof UsageError)) throw error;
    issues.push(...error.issues);
  }
  issues.push(...extra);
  if (issues.length > 0 || result === undefined) throw new InvalidArgsError(component, issues);
  return result;
}
