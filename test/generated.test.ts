import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { designSchema } from '../lib';
import { catalogueMarkdown } from '../lib/internal';

const root = join(__dirname, '..');

describe('generated files are up to date (run `npm run generate` when this fails)', () => {
  it("docs/rules.md matches the rules' metadata", () => {
    const doc = readFileSync(join(root, 'docs/rules.md'), 'utf8');
    expect(doc).toBe(catalogueMarkdown());
    expect(doc).toContain('## SG015 suspicious-key-name');
  });

  it('schema/design.schema.json matches the input shapes', () => {
    expect(JSON.parse(readFileSync(join(root, 'schema/design.schema.json'), 'utf8'))).toEqual(designSchema());
  });
});
