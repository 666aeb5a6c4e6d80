/**
 * The key spaces of the designs, and which observations belong to each. A manifest entry names a
 * table by its design's name or, for a GuardedTable of a cloud assembly, by its deployed name (its
 * literal `TableName`, or the physical id the manifest's `stacks` give its logical id). An entry that
 * names no key space, or one that several designs share, is an error with a "did you mean": an
 * observation silently dropped or given to the wrong table would be a key space silently passing.
 */
import { type NormalizedDocument } from '../../index';
import { closest, keySpacesOf, prefixPath } from '../../internal';
import type { KeySpaceTarget } from './drift';
import type { Manifest, ObservationFiles } from './manifest';
import { ObservationError } from './read-json';
import type { DeployedTable, StackResources } from './stack-resources';

export function targetKey(engine: string, name: string, index?: string): string {
  return `${engine}\u0000${name}\u0000${index ?? ''}`;
}

/** Every key space of the document; `basePath` is where the document sits in its file. */
export function targetsOf(document: NormalizedDocument, basePath = '', deployed?: DeployedTable): KeySpaceTarget[] {
  return document.designs.flatMap(({ location, design }) =>
    keySpacesOf(design).map((keySpace) => ({
      engine: design.engine,
      design,
      keySpace,
      location: prefixPath(basePath, location),
      ...(deployed ? { deployed } : {}),
    })),
  );
}

/** The names a manifest may give the target's table: its design's, and its deployed one when known. */
function namesOf(target: KeySpaceTarget, stacks: ReadonlyMap<string, StackResources>): string[] {
  const deployed = target.deployed && (target.deployed.tableName ?? stacks.get(target.deployed.stack)?.get(target.deployed.logicalId));
  return deployed && deployed !== target.design.name ? [target.design.name, deployed] : [target.design.name];
}

const where = (t: KeySpaceTarget) => (t.deployed ? `${t.deployed.stack}/${t.deployed.logicalId}` : t.location || t.design.name);

/** Each target's observation files; throws ObservationError for an entry that matches nothing or several, or a key space named twice. */
export function matchObservations(manifest: Manifest, targets: readonly KeySpaceTarget[]): Map<KeySpaceTarget, ObservationFiles> {
  const byKey = new Map<string, KeySpaceTarget[]>();
  for (const t of targets)
    for (const name of namesOf(t, manifest.stacks)) {
      const key = targetKey(t.engine, name, t.keySpace.index);
      byKey.set(key, [...(byKey.get(key) ?? []), t]);
    }
  const matched = new Map<KeySpaceTarget, ObservationFiles>();
  for (const entry of manifest.observations) {
    const [name, index] = entry.engine === 'dynamodb' ? [entry.table, entry.index] : [entry.container, undefined];
    const wanted = index ? `${name}/${index}` : name;
    const found = byKey.get(targetKey(entry.engine, name, index)) ?? [];
    if (found.length === 0) {
      const names = targets
        .filter((t) => t.engine === entry.engine)
        .flatMap((t) => namesOf(t, manifest.stacks).map((n) => (t.keySpace.index ? `${n}/${t.keySpace.index}` : n)));
      const guess = closest(wanted, names);
      throw new ObservationError(
        manifest.file,
        entry.path,
        `${entry.engine === 'dynamodb' ? 'the table' : 'the container'} ${JSON.stringify(wanted)} is in none of the designs given${guess ? ` (did you mean "${guess}"?)` : names.length ? `; they have ${[...new Set(names)].join(', ')}` : ''}`,
      );
    }
    if (found.length > 1)
      throw new ObservationError(
        manifest.file,
        entry.path,
        `names ${JSON.stringify(wanted)}, which ${found.length} designs have (${found.map(where).join(', ')}): name the deployed table instead, giving each stack's resources under "stacks"`,
      );
    const [target] = found;
    if (matched.has(target))
      throw new ObservationError(manifest.file, entry.path, `names ${JSON.stringify(wanted)} a second time: give one entry per key space`);
    matched.set(target, entry);
  }
  return matched;
}
