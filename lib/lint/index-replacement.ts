/**
 * A fix that changes an existing GSI's key names a new index. Neither CloudFormation nor DynamoDB changes an index's
 * key in place: its `KeySchema` is a property whose update is not supported (AWS::DynamoDB::Table and
 * AWS::DynamoDB::GlobalTable GlobalSecondaryIndex; the update fails with "Cannot update GSI's properties other than
 * Provisioned Throughput and Contributor Insights Specification. You can create a new GSI with a different name"), and
 * UpdateTable creates or deletes one GSI per call. So the re-keyed index is written under a new name, and the rollout
 * (fix-consequences.ts) deploys it beside the old one first, then removes the old one in a second deploy.
 */
import { joinPath } from '../design/field-path';
import type { KeySpace } from '../design/key-design';
import type { DesignAnalysis } from './analysis';
import type { DesignEdit } from './edits';

/** DynamoDB's longest index name ("Supported data types and naming rules": 3 to 255 characters). */
const MAX_INDEX_NAME = 255;

/** A name's version suffix: `by-status-v2` is version 2 of `by-status`. */
const VERSION = /-v(\d+)$/;

/** The next version of `name` that no index of the table has: `by-status` → `by-status-v2`, `by-status-v2` → `by-status-v3`. */
export function replacementIndexName(name: string, taken: ReadonlySet<string>): string {
  const match = VERSION.exec(name);
  const base = match ? name.slice(0, match.index) : name;
  let version = match ? Number(match[1]) + 1 : 2;
  const named = (v: number) => `${base.slice(0, MAX_INDEX_NAME - `-v${v}`.length)}-v${v}`;
  while (taken.has(named(version))) version += 1;
  return named(version);
}

/** The indexes of the analysed design by name: its GSIs (its key spaces but the table's) and LSIs share one namespace. */
export function indexNamesOf(analysis: DesignAnalysis): Set<string> {
  const gsis = analysis.spaces.flatMap((a) => (a.space.index !== undefined ? [a.space.index] : []));
  return new Set([...gsis, ...analysis.profile.localIndexes(analysis.design).map((l) => l.indexName)]);
}

/**
 * The edits that give the GSI `space`, whose key another edit of the same fix changes, a new name, and move what names
 * it there: the access patterns that read it and the acknowledgements scoped to it (a name no index has is an error).
 * None for the table's own key, which no rename helps (changing it replaces the table: docs/cdk.md). `newName`: the
 * `replacementIndexName` the caller has already chosen for it.
 */
export function replacedIndexEdits(analysis: DesignAnalysis, space: KeySpace, newName?: string): DesignEdit[] {
  if (space.index === undefined) return [];
  const { design } = analysis;
  const name = newName ?? replacementIndexName(space.index, indexNamesOf(analysis));
  const moved = (items: readonly { readonly index?: string; readonly path: string }[]) =>
    items.filter((item) => item.index === space.index).map((item): DesignEdit => ({ op: 'set', path: joinPath(item.path, 'index'), value: name }));
  return [{ op: 'set', path: joinPath(space.path, 'indexName'), value: name }, ...moved(design.accessPatterns), ...moved(design.acknowledgements)];
}
