/**
 * Props → the core's design input: strips what only TableV2 needs, derives name and billing, and
 * copies the result into plain data (what the lint checks is what the template metadata records,
 * whatever the caller later does to its props objects). Tokens are refused with the field's path:
 * the design is checked at synth time, so a value known only at deploy time cannot be checked.
 */
import { Token } from 'aws-cdk-lib';
import * as dynamodb from 'aws-cdk-lib/aws-dynamodb';
import {
  DesignError,
  shapes,
  UsageError,
  type DesignIssue,
  type DynamoDbTableDesign,
  type GlobalSecondaryIndexDesign,
  type LocalSecondaryIndexDesign,
} from '../index';
import { parseFieldPath } from '../internal';
import {
  GSI_SETTINGS,
  LINT_PROPS,
  LSI_SETTINGS,
  MONITORING_PROPS,
  TABLE_SETTINGS,
  type GuardedGlobalSecondaryIndex,
  type GuardedLocalSecondaryIndex,
  type GuardedTableDesign,
  type GuardedTableLintProps,
  type GuardedTableProps,
  type GuardedTableSettings,
  type SkewMonitoringProps,
} from './props';
import { isGuardedTableProp, REPLACED_INDEX_PROPS, REPLACED_PROPS } from './settings-check';

/** A design as the core reads it, without `engine`: exactly what the template metadata carries. */
export type TableDesignInput = Omit<DynamoDbTableDesign, 'engine'>;

/** The props that are not the design: TableV2 settings and monitoring. */
const SPLIT_OFF = new Set<string>([...TABLE_SETTINGS, ...MONITORING_PROPS, ...LINT_PROPS]);

/**
 * The props (or a GSI added later, at `path`) as the construct's own data (`shapes.ownData`): read
 * once, so a getter cannot answer differently to the checks and to TableV2, and a null-prototype
 * object reaches aws-cdk-lib as a plain one. A field that cannot be read (a getter or Proxy trap that
 * throws, a revoked Proxy) is refused here, at its path: a DesignError when it is in the design, else
 * a UsageError.
 */
export function ownProps<T>(props: T, subject: string, path = ''): T {
  const issues: DesignIssue[] = [];
  const copy = shapes.ownData(props, path, issues) as T;
  if (issues.length === 0) return copy;
  const inDesign =
    path !== '' ||
    issues.some((issue) => {
      const prop = parseFieldPath(issue.path)[0];
      return prop !== undefined && !SPLIT_OFF.has(String(prop));
    });
  throw inDesign ? new DesignError(issues, subject) : new UsageError(issues, subject);
}

/** Splits props into the design (checked by the core), the TableV2 settings and the monitoring. Props
 *  that were replaced, and props GuardedTable does not take (see settings-check.ts), go nowhere: they are reported there. */
export function splitProps(props: GuardedTableProps): {
  design: GuardedTableDesign;
  settings: GuardedTableSettings;
  monitoring: SkewMonitoringProps;
  lint: GuardedTableLintProps;
} {
  const design = Object.fromEntries(
    Object.entries(props).filter(([key]) => !SPLIT_OFF.has(key) && isGuardedTableProp(key) && !(key in REPLACED_PROPS)),
  ) as unknown as GuardedTableDesign;
  return { design, settings: pick(props, TABLE_SETTINGS), monitoring: pick(props, MONITORING_PROPS), lint: pick(props, LINT_PROPS) };
}

/** Each named key's value (undefined when absent), as destructuring reads it. */
function pick<T extends object, K extends keyof T>(value: T, keys: readonly K[]): Pick<T, K> {
  return Object.fromEntries(keys.map((key) => [key, value[key]])) as Pick<T, K>;
}

/** The object without the TableV2-only keys; anything but a plain object goes to the core as it is, for it to name. */
function without<T extends object>(value: T, keys: readonly string[]): Record<string, unknown> {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return value as unknown as Record<string, unknown>;
  return Object.fromEntries(Object.entries(value).filter(([key]) => !keys.includes(key)));
}

/**
 * A GSI's design part: TableV2's capacity settings and the TableV2 props `indexIssues` reports removed, and its
 * projection as the design's `projectionType` (TableV2's default, `ALL`, where none is given) and `nonKeyAttributes`:
 * under `KEYS_ONLY` or `INCLUDE` the lint says the table's writes it counts the index at are an upper bound
 * (lib/lint/projection.ts). A `projectionType` or `nonKeyAttributes` TableV2 would not take is left to `indexIssues`,
 * which names it (once: the design then declares no projection).
 */
export function gsiDesign(gsi: GuardedGlobalSecondaryIndex): GlobalSecondaryIndexDesign {
  return withProjection(gsi, without(gsi, [...GSI_SETTINGS, ...Object.keys(REPLACED_INDEX_PROPS)])) as unknown as GlobalSecondaryIndexDesign;
}

/**
 * `design`, an index's design part, with the index's projection as the design's `projectionType` (TableV2's default,
 * `ALL`, where none is given: `buildIndexProjection` in aws-cdk-lib) and `nonKeyAttributes`; as it is where the index
 * is no plain object, or where its projection is one TableV2 would not take (reported elsewhere, once).
 */
function withProjection(index: dynamodb.SecondaryIndexProps, design: Record<string, unknown>): Record<string, unknown> {
  if (design === (index as unknown)) return design;
  const type = index.projectionType ?? dynamodb.ProjectionType.ALL;
  const attributes: unknown = index.nonKeyAttributes;
  const listed = attributes === undefined || (Array.isArray(attributes) && attributes.every((a) => typeof a === 'string'));
  if (!PROJECTION_TYPES.has(type) || !listed) return design;
  return Object.assign(design, { projectionType: type }, index.nonKeyAttributes === undefined ? {} : { nonKeyAttributes: index.nonKeyAttributes });
}

const PROJECTION_TYPES: ReadonlySet<string> = new Set(Object.values(dynamodb.ProjectionType));

/** An LSI's design part: its projection as `gsiDesign` gives a GSI's (the table's writes count an `ALL` LSI's). */
function lsiDesign(lsi: GuardedLocalSecondaryIndex): LocalSecondaryIndexDesign {
  return withProjection(lsi, without(lsi, LSI_SETTINGS)) as unknown as LocalSecondaryIndexDesign;
}

/**
 * The design the core checks. Throws nothing: `plainDesign()` reports tokens, the core everything else.
 * `GuardedTableDesign` differs from the core's type only in accepting CDK's `AttributeType`, whose
 * values are the core's strings.
 */
export function tableDesignInput(design: GuardedTableDesign, name: string, billing: DynamoDbTableDesign['billing']): TableDesignInput {
  const { globalSecondaryIndexes, localSecondaryIndexes, ...rest } = design;
  return {
    ...(rest as unknown as Omit<TableDesignInput, 'name' | 'billing'>),
    name,
    billing,
    ...(globalSecondaryIndexes !== undefined
      ? { globalSecondaryIndexes: Array.isArray(globalSecondaryIndexes) ? globalSecondaryIndexes.map(gsiDesign) : globalSecondaryIndexes }
      : {}),
    ...(localSecondaryIndexes !== undefined
      ? { localSecondaryIndexes: Array.isArray(localSecondaryIndexes) ? localSecondaryIndexes.map(lsiDesign) : localSecondaryIndexes }
      : {}),
  };
}

const TOKEN_MESSAGE =
  'is an unresolved token (a value known only at deploy time); skewguard checks the design when the app synthesizes, ' +
  'so a design holding it cannot be checked: declare the literal value the table is designed for (a planning figure, not a deployment parameter)';

/**
 * A deep copy of `value` as plain JSON data, with the path of every unresolved token (string,
 * number or IResolvable) in `issues`, and of what JSON cannot hold: a cycle (which would overflow
 * the stack) and a BigInt (which JSON.stringify throws on). Undefined properties are dropped, as JSON
 * would; a Date, Map or other built-in is passed on as it is, for the core to name.
 */
export function plainDesign<T>(value: T, path: string, issues: DesignIssue[]): T {
  const within = new Set<object>();
  const copy = (item: unknown, at: string): unknown => {
    if (item !== null && (typeof item === 'object' || typeof item === 'string' || typeof item === 'number') && Token.isUnresolved(item)) {
      issues.push({ path: at, message: TOKEN_MESSAGE });
      return undefined;
    }
    if (typeof item === 'bigint') {
      issues.push({ path: at, message: `expected a number, got the BigInt ${item}n: a design is JSON data` });
      return undefined;
    }
    if (item === null || typeof item !== 'object' || !(Array.isArray(item) || shapes.isPlainObject(item))) return item;
    if (within.has(item)) {
      issues.push({ path: at, message: 'refers back to an object that contains it (a cycle); a design is JSON data: give each field its own value' });
      return undefined;
    }
    within.add(item);
    let out: unknown;
    if (Array.isArray(item)) out = item.map((element, i) => copy(element, `${at}[${i}]`));
    else {
      const fields: Record<string, unknown> = {};
      for (const [key, field] of Object.entries(item)) {
        if (field !== undefined) fields[key] = copy(field, at === '' ? key : `${at}.${key}`);
      }
      out = fields;
    }
    within.delete(item);
    return out;
  };
  return copy(value, path) as T;
}
