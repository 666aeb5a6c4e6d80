/**
 * The thresholds a design file sets laxer than their defaults: the file's own `thresholds`, and each design's. They
 * loosen the lint as a config's do (`headroom: 1` plans to the ceiling; `maxHotKeyShare: 1` lets one value take all the
 * traffic before SG014 warns), so every report says them as it says the config's (`ConfigInUse.loosens`), by the same
 * test (`looserThresholds`) and in the same words (`loosensText`); a file that loosens its own lint is never "no findings" alone.
 */
import type { Thresholds } from '../index';
import { DOCUMENT_COLLECTIONS, isObject, loosenedPart } from '../internal';
import type { LoosenedThresholds } from './file-result';
import type { Place } from './place';

/** Every `thresholds` object of a design file (valid: the file was linted), by its path. */
function thresholdObjects(document: unknown): [string, Partial<Thresholds>][] {
  if (!isObject(document)) return [];
  const found: [string, Partial<Thresholds>][] = [];
  if (isObject(document.thresholds)) found.push(['thresholds', document.thresholds]);
  for (const list of DOCUMENT_COLLECTIONS) {
    const designs = document[list];
    if (!Array.isArray(designs)) continue;
    designs.forEach((design: unknown, i) => {
      if (isObject(design) && isObject(design.thresholds)) found.push([`${list}[${i}].thresholds`, design.thresholds]);
    });
  }
  return found;
}

/** The thresholds a linted design file loosens, each object's at its place (`at`); empty when it loosens none. */
export function designLoosens(document: unknown, at: (path: string) => Place): LoosenedThresholds[] {
  return thresholdObjects(document).flatMap(([path, given]) => {
    const thresholds = loosenedPart(given);
    return thresholds ? [{ path, thresholds, ...at(path) }] : [];
  });
}

/** The config paths of the fields they set (`containers[0].thresholds.headroom`), as `ConfigInUse.loosens` names the config's. */
export function loosenedPaths(loosened: readonly LoosenedThresholds[]): string[] {
  return loosened.flatMap(({ path, thresholds }) => Object.keys(thresholds).map((name) => `${path}.${name}`));
}
