/**
 * What a "fails with" assertion expects: rule ids (`'SG003'`), rule names
 * (`'hot-key-exceeds-partition'`), or a rule at a place (`{ rule: 'SG003', path: 'partitionKey' }`).
 * A typo in an expectation is a usage error named by its position, never an assertion that
 * silently cannot pass.
 */
import { RULES, shapes, UsageError, type DesignIssue } from '../index';

/** A rule the design must fail with, optionally at a place. */
export type RuleExpectation =
  | string
  | {
      /** Rule id (`SG003`, any case) or name (`hot-key-exceeds-partition`). */
      readonly rule: string;
      /** The finding's field path, exactly as reported (`tables[0].partitionKey`, `design.partitionKey.paths`).
       *  @default - any path */
      readonly path?: string;
      /** The table or container name (a design), the construct path or its last segments (CDK: `Orders`
       *  matches `MyStack/Orders`), or the component name (Pulumi).
       *  @default - any resource */
      readonly resource?: string;
      /** The index the finding concerns.
       *  @default - any index, or none */
      readonly index?: string;
    };

/** An expectation with its rule resolved to an id. */
export interface ExpectedFinding {
  readonly rule: string;
  readonly path?: string;
  readonly resource?: string;
  readonly index?: string;
}

/** What an expectation is matched against: one failing finding or violation. */
export interface Candidate {
  readonly rule: string;
  readonly path: string;
  /** Every name the resource answers to (CDK: the construct path; its segments are matched too). */
  readonly resource?: string;
  readonly index?: string;
}

const PLACE_FIELDS = ['path', 'resource', 'index'] as const;

const BY_NAME = new Map<string, string>(
  RULES.flatMap((r) => [
    [r.id.toLowerCase(), r.id],
    [r.title, r.id],
  ]),
);

function resolveRule(rule: unknown, extraIds: readonly string[]): string | undefined {
  if (typeof rule !== 'string') return undefined;
  const trimmed = rule.trim();
  return BY_NAME.get(trimmed.toLowerCase()) ?? (extraIds.includes(trimmed) ? trimmed : undefined);
}

/**
 * Reads `expected` (one expectation or a non-empty list). `extraIds`: checks beyond the rule
 * catalogue that the caller can report (the CDK plugin's `design-metadata`, for example);
 * `replaced`: former check ids and the rule that took their place, named in the refusal.
 * Throws a UsageError naming each bad entry and what it should be.
 */
export function readExpectations(
  expected: RuleExpectation | readonly RuleExpectation[],
  caller: string,
  extraIds: readonly string[] = [],
  replaced: Readonly<Record<string, string>> = {},
): ExpectedFinding[] {
  const list: unknown[] = Array.isArray(expected) ? expected : [expected];
  const issues: DesignIssue[] = [];
  if (list.length === 0) issues.push({ path: 'expected', message: 'is empty: name at least one rule the design must fail with (e.g. "SG003")' });
  const known = `a rule id or name (${RULES.map((r) => r.id).join(', ')}${extraIds.length ? `; or ${extraIds.join(', ')}` : ''})`;
  const read = list.flatMap((item, i): ExpectedFinding[] => {
    const at = Array.isArray(expected) ? `expected[${i}]` : 'expected';
    const record = typeof item === 'object' && item !== null ? (item as Record<string, unknown>) : { rule: item };
    const rule = resolveRule(record.rule, extraIds);
    if (rule === undefined) {
      const successor = typeof record.rule === 'string' && Object.prototype.hasOwnProperty.call(replaced, record.rule) ? replaced[record.rule] : undefined;
      issues.push({
        path: typeof item === 'object' && item !== null ? `${at}.rule` : at,
        message:
          successor === undefined
            ? `expected ${known}, got ${shapes.describe(record.rule)}`
            : `${JSON.stringify(record.rule)} was replaced by ${successor}: expect that rule instead`,
      });
      return [];
    }
    const place: { path?: string; resource?: string; index?: string } = {};
    for (const field of PLACE_FIELDS) {
      const value = record[field];
      if (typeof value === 'string') place[field] = value;
      else if (value !== undefined) issues.push({ path: `${at}.${field}`, message: `expected a string, got ${shapes.describe(value)}` });
    }
    for (const key of Object.keys(record).filter((k) => k !== 'rule' && !(PLACE_FIELDS as readonly string[]).includes(k))) {
      issues.push({ path: `${at}.${key}`, message: 'is not a field of an expectation (rule, path, resource, index)' });
    }
    return [{ rule, ...place }];
  });
  if (issues.length > 0) throw new UsageError(issues, `${caller}() expectation`);
  return read;
}

function resourceMatches(expected: string, actual: string | undefined): boolean {
  return actual !== undefined && (actual === expected || actual.endsWith(`/${expected}`));
}

/** Whether `candidate` is the finding `expected` describes. */
export function matchesExpectation(expected: ExpectedFinding, candidate: Candidate): boolean {
  return (
    expected.rule === candidate.rule &&
    (expected.path === undefined || expected.path === candidate.path) &&
    (expected.resource === undefined || resourceMatches(expected.resource, candidate.resource)) &&
    (expected.index === undefined || expected.index === candidate.index)
  );
}

/** `SG003 at partitionKey on orders`: an expectation, as a failure message names it. */
export function describeExpectation(expected: ExpectedFinding): string {
  return [
    expected.rule,
    expected.path !== undefined ? `at ${expected.path || '(root)'}` : '',
    expected.resource !== undefined ? `on ${expected.resource}` : '',
    expected.index !== undefined ? `(index ${expected.index})` : '',
  ]
    .filter(Boolean)
    .join(' ');
}

/** The expectations no candidate meets. */
export function unmet(expected: readonly ExpectedFinding[], candidates: readonly Candidate[]): ExpectedFinding[] {
  return expected.filter((e) => !candidates.some((c) => matchesExpectation(e, c)));
}

/**
 * `items` (the failing findings or violations, in report order) with each expectation's first match first, in the
 * expectations' order, then the rest in report order: `const [hot] = assert…Fails(x, ['SG003', 'SG001'])` is the
 * SG003 one. `candidates[i]` describes `items[i]`. A finding matched by an earlier expectation is not repeated.
 */
export function inExpectationOrder<T>(expected: readonly ExpectedFinding[], items: readonly T[], candidates: readonly Candidate[]): T[] {
  const first = new Set<number>();
  for (const e of expected) {
    const i = candidates.findIndex((c) => matchesExpectation(e, c));
    if (i >= 0) first.add(i);
  }
  return [...[...first].map((i) => items[i]), ...items.filter((_, i) => !first.has(i))];
}
