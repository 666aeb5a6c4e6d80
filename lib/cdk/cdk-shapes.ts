/**
 * Shapes for CDK values, built on the core's shape toolkit (`shapes`): a number that may be a CDK
 * token, an instance of an aws-cdk-lib class, an object with a given member (an SNS topic, an alarm
 * action), a CDK enum. Each names what it expects the way the core's shapes do, so a GuardedTable
 * setting of the wrong kind reads like a design mistake: field path, what it takes, what it got.
 */
import { Token } from 'aws-cdk-lib';
import { Construct, type IConstruct } from 'constructs';
import { shapes } from '../index';
import { checkWith } from '../internal';

type Shape<T> = shapes.Shape<T>;

function fail<T>(
  issues: { path: string; message: string }[],
  place: shapes.Place,
  key: string | number | undefined,
  expected: string,
  value: unknown,
): T | undefined {
  issues.push({ path: shapes.pathOf(place, key), message: `expected ${expected}, got ${shapes.describe(value)}` });
  return undefined;
}

/** A value `accepts` lets through, described as `expected`; no JSON Schema (these are code-only values). */
export function custom<T>(expected: string, accepts: (value: unknown) => boolean, hint?: (value: unknown) => string): Shape<T> {
  return {
    expected,
    is: accepts,
    read: (value, place, issues, key) => (accepts(value) ? (value as T) : fail<T>(issues, place, key, `${expected}${hint ? hint(value) : ''}`, value)),
    schema: () => ({}),
  };
}

/** A number the core's `num()` accepts, or a CDK token (CloudFormation checks those at deploy time). */
export function numberOrToken(options: shapes.NumberOptions): Shape<number> {
  const literal = shapes.num(options);
  return {
    expected: `${literal.expected} (or a token)`,
    is: (value) => typeof value === 'number',
    read: (value, place, issues, key) => (typeof value === 'number' && Token.isUnresolved(value) ? value : literal.read(value, place, issues, key)),
    schema: () => literal.schema(),
  };
}

/** A value of a CDK string enum (`TableClass.STANDARD`), or a token. */
export function cdkEnum<E extends Record<string, string>>(enumName: string, values: E): Shape<E[keyof E]> {
  const names = Object.keys(values)
    .map((k) => `${enumName}.${k}`)
    .join(', ');
  return custom(`one of ${names}`, (value) => typeof value === 'string' && (Object.values(values).includes(value) || Token.isUnresolved(value)));
}

/** An object with a member of the given type: how an interface (ITopic, IAlarmAction) is recognised across library copies. */
export function withMember<T>(expected: string, member: string, type: 'string' | 'function', hint?: (value: unknown) => string): Shape<T> {
  return custom<T>(expected, (value) => typeof value === 'object' && value !== null && typeof (value as Record<string, unknown>)[member] === type, hint);
}

/** An instance of an aws-cdk-lib class. */
export function instanceOf<T>(expected: string, type: { readonly prototype: T }): Shape<T> {
  return custom<T>(expected, (value) => value instanceof (type as unknown as abstract new () => T));
}

const CONSTRUCT = custom<IConstruct>('a construct (an App, a Stage, a Stack or a Construct)', (value) => Construct.isConstruct(value));

/** The `scope` argument of a helper that walks the construct tree, or a UsageError naming it (not a TypeError from `scope.node`). */
export function checkScope(scope: unknown, caller: string): IConstruct {
  return checkWith(CONSTRUCT, scope, { path: 'scope', subject: `${caller}() arguments` });
}
