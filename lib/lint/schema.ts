/** The design-file schema with the catalogue's rule ids (active and retired) as the acknowledgement enum. */
import { designSchemaWith } from '../design/schema';
import type { JsonSchema } from '../design/shape';
import { RETIRED_RULES, RULE_IDS } from './rules';

export function designSchema(): JsonSchema {
  return designSchemaWith([...RULE_IDS, ...RETIRED_RULES.map((r) => r.id)]);
}
