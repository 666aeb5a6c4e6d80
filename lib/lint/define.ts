/**
 * Typed designs for TypeScript users. A design written in code type-checks against the model; a design
 * imported from JSON (whose strings `resolveJsonModule` widens to `string`) is checked at run time and
 * typed after. Both throw `DesignError`, with field paths, for input `lint()` could not read.
 */
import type { DesignDocument, DesignInput } from '../design/input';
import { normalize } from './engine';

/**
 * A design written in TypeScript: the compiler checks it against the model (literal types kept, so
 * `type: 'S'` and `strategy: 'calculated'` stay literals), and it is validated once at run time.
 *
 * @example export const tickets = defineDesign({ engine: 'dynamodb', name: 'tickets', ... });
 */
export function defineDesign<const T extends DesignInput>(design: T): T {
  normalize(design);
  return design;
}

/**
 * A design file's content imported as JSON (`import file from './orders.json'`): validated at run
 * time, then typed as a `DesignDocument`.
 */
export function designFromJson(json: unknown): DesignDocument {
  normalize(json as DesignInput);
  return json as DesignDocument;
}
