#!/usr/bin/env node
// Writes the generated, checked-in artefacts from the built package (run `npm run generate`):
// docs/rules.md from the rules' metadata, schema/design.schema.json from the input shapes,
// schema/config.schema.json from the CLI config's shape.
// test/generated.test.ts fails when either checked-in copy is stale.
const { writeFileSync, mkdirSync } = require('node:fs');
const { join } = require('node:path');
const { designSchema } = require('../dist');
const { catalogueMarkdown } = require('../dist/internal');
const { configSchema } = require('../dist/cli/config-shape');

const root = join(__dirname, '..');
const outputs = {
  'docs/rules.md': catalogueMarkdown(),
  'schema/design.schema.json': `${JSON.stringify(designSchema(), null, 2)}\n`,
  'schema/config.schema.json': `${JSON.stringify(configSchema(), null, 2)}\n`,
};
for (const [file, content] of Object.entries(outputs)) {
  mkdirSync(join(root, file, '..'), { recursive: true });
  writeFileSync(join(root, file), content);
  console.log(`wrote ${file}`);
}
