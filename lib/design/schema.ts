/** The JSON Schema shipped as schema/design.schema.json, generated from the same shapes that validate input. */
import type { JsonSchema } from './shape';
import { designDocumentShape } from './shapes';

export function designSchema(): JsonSchema {
  return {
    $schema: 'https://json-schema.org/draft/2020-12/schema',
    ...designDocumentShape.schema(),
  };
}
