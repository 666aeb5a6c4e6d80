/**
 * "Keep only these types" for a snapshot: exact types, or a whole namespace (`AWS::CloudWatch::*`,
 * `azure-native:monitor:*`). Every pattern must match something present, so a typo fails the test
 * with the types there are, instead of snapshotting nothing.
 */
import { shapes, UsageError } from '../index';

export interface TypeFilterSyntax {
  /** The option's path in messages, e.g. `resourceTypes` or `options.resourceTypes`. */
  readonly field: string;
  /** What the options belong to, for the error's title. */
  readonly subject: string;
  /** The separator before a trailing `*`: `::` for CloudFormation types, `:` for Pulumi tokens. */
  readonly separator: string;
  /** What a pattern looks like, for messages: `'AWS::DynamoDB::GlobalTable' or 'AWS::CloudWatch::*'`. */
  readonly examples: string;
  /** Whether a string is a well-formed pattern. */
  readonly wellFormed: (pattern: string) => boolean;
}

/** A predicate for the types `patterns` keep; throws a UsageError naming a bad or unmatched pattern. */
export function typeFilter(patterns: unknown, present: readonly string[], syntax: TypeFilterSyntax): (type: string) => boolean {
  const { field, subject, separator, examples, wellFormed } = syntax;
  if (!Array.isArray(patterns) || patterns.length === 0) {
    throw new UsageError([{ path: field, message: `expected a non-empty array of types (${examples}), got ${shapes.describe(patterns)}` }], subject);
  }
  const bad = patterns.findIndex((p) => typeof p !== 'string' || !wellFormed(p));
  if (bad >= 0)
    throw new UsageError([{ path: `${field}[${bad}]`, message: `expected a type such as ${examples}, got ${shapes.describe(patterns[bad])}` }], subject);
  const wildcard = `${separator}*`;
  const matches = (pattern: string, type: string) => (pattern.endsWith(wildcard) ? type.startsWith(pattern.slice(0, -1)) : type === pattern);
  const types = [...new Set(present)].sort();
  const unmatched = (patterns as string[]).map((pattern, i) => ({ pattern, i })).filter(({ pattern }) => !types.some((type) => matches(pattern, type)));
  if (unmatched.length > 0) {
    throw new UsageError(
      unmatched.map(({ pattern, i }) => ({
        path: `${field}[${i}]`,
        message: `${JSON.stringify(pattern)} matches nothing here; the types are: ${types.join(', ')}`,
      })),
      subject,
    );
  }
  return (type) => (patterns as string[]).some((pattern) => matches(pattern, type));
}
