/**
 * The key spaces of the design files, and which observations belong to each. A manifest entry
 * that names no key space is an error with a "did you mean": an observation silently dropped would
 * be a key space silently passing.
 */
import { closest, keySpacesOf, type NormalizedDocument } from '../../index';
import type { KeySpaceTarget } from './drift';
import type { Manifest, ObservationFiles } from './manifest';
import { ObservationError } from './read-json';

export interface DesignFileTargets {
  readonly file: string;
  readonly targets: readonly KeySpaceTarget[];
}

export function targetKey(engine: string, name: string, index?: string): string {
  return `${engine}\u0000${name}\u0000${index ?? ''}`;
}

export function targetsOf(document: NormalizedDocument): KeySpaceTarget[] {
  return document.designs.flatMap(({ location, design }) => keySpacesOf(design).map((keySpace) => ({ engine: design.engine, design, keySpace, location })));
}

/** Each target's observation files; throws ObservationError for an entry that matches nothing or a key space named twice. */
export function matchObservations(manifest: Manifest, targets: readonly KeySpaceTarget[]): Map<KeySpaceTarget, ObservationFiles> {
  const byKey = new Map(targets.map((t) => [targetKey(t.engine, t.design.name, t.keySpace.index), t]));
  const matched = new Map<KeySpaceTarget, ObservationFiles>();
  for (const entry of manifest.observations) {
    const [name, index] = entry.engine === 'dynamodb' ? [entry.table, entry.index] : [entry.container, undefined];
    const target = byKey.get(targetKey(entry.engine, name, index));
    if (!target) {
      const names = targets.filter((t) => t.engine === entry.engine).map((t) => (t.keySpace.index ? `${t.design.name}/${t.keySpace.index}` : t.design.name));
      const wanted = index ? `${name}/${index}` : name;
      const guess = closest(wanted, names);
      throw new ObservationError(
        manifest.file,
        entry.path,
        `${entry.engine === 'dynamodb' ? 'the table' : 'the container'} ${JSON.stringify(wanted)} is in none of the designs given${guess ? ` (did you mean "${guess}"?)` : names.length ? `; they have ${names.join(', ')}` : ''}`,
      );
    }
    if (matched.has(target))
      throw new ObservationError(
        manifest.file,
        entry.path,
        `names ${JSON.stringify(index ? `${name}/${index}` : name)} a second time: give one entry per key space`,
      );
    matched.set(target, entry);
  }
  return matched;
}
