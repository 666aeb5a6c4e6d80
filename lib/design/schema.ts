/** The JSON Schema shipped as schema/design.schema.json, generated from the same shapes that validate input. */
import type { JsonSchema } from './shape';
import { RULE_ID_SCHEMA_MARKER, designDocumentShape } from './shapes';

/**
 * The schema of design files (JSON Schema draft 2020-12). `ruleIds`, when given, lists the rule ids
 * an acknowledgement may name (else any `SG` + three digits).
 */
export function designSchemaWith(ruleIds?: readonly string[]): JsonSchema {
  const schema = { $schema: 'https://json-schema.org/draft/2020-12/schema', ...designDocumentShape.schema() };
  return ruleIds ? (withRuleIds(schema, ruleIds) as JsonSchema) : schema;
}

function withRuleIds(node: unknown, ruleIds: readonly string[]): unknown {
  if (Array.isArray(node)) return node.map((n) => withRuleIds(n, ruleIds));
  if (typeof node !== 'object' || node === null) return node;
  if ((node as JsonSchema).$comment === RULE_ID_SCHEMA_MARKER) return { type: 'string', enum: [...ruleIds] };
  return Object.fromEntries(Object.entries(node).map(([k, v]) => [k, withRuleIds(v, ruleIds)]));
}
