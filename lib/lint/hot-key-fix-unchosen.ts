/**
 * Whether SG003's fix on a key space is one nobody chose: the project turned SG003 off (`rules: { SG003: 'off' }`), or
 * the design acknowledges SG003 on that key space (as the engine matches an acknowledgement). A rule turned off gives
 * no fix, and an acknowledged finding is accepted as it is and not fixed (`--fix` skips it), so whatever other rules
 * count on SG003's fix (its replicated copies' writes, the sparse index or the shards it plans) they count on nothing:
 * the key space stays as declared.
 */
import type { KeySpace } from '../design/key-design';
import type { DesignAnalysis } from './analysis';
import { acknowledgementOf } from './rule';

/** SG003's id (its rule module imports the modules that ask this, so it is named here, not imported). */
const HOT_KEY_RULE = 'SG003';

export function hotKeyFixUnchosen(owner: DesignAnalysis, space: KeySpace): boolean {
  return owner.rulesOff.has(HOT_KEY_RULE) || acknowledgementOf(owner.design.acknowledgements, HOT_KEY_RULE, space.index) !== undefined;
}
