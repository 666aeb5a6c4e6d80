import Ajv2020 from 'ajv/dist/2020';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { DesignError, designSchema, lint, type DesignInput } from '../../lib';
import { container, table } from '../fixtures';

/**
 * The shipped JSON Schema (editor completion via `$schema`) and the validator behind lint() are
 * generated from the same shapes; these tests hold a standard JSON Schema validator to that claim.
 */
const validate = new Ajv2020({ allErrors: true, strict: true }).compile(designSchema());
const examples = join(__dirname, '../../examples/designs');
const exampleFiles = ['good', 'bad'].flatMap((dir) => readdirSync(join(examples, dir)).map((f) => join(examples, dir, f)));

function normalizerAccepts(doc: unknown): boolean {
  try {
    lint(doc as DesignInput);
    return true;
  } catch (error) {
    if (error instanceof DesignError) return false;
    throw error;
  }
}

describe('design.schema.json', () => {
  it.each(exampleFiles.map((f) => [f.slice(examples.length + 1), f]))('accepts the example %s, as the normalizer does', (_, file) => {
    const doc = JSON.parse(readFileSync(file, 'utf8'));
    expect(validate(doc) ? [] : validate.errors).toEqual([]);
    expect(normalizerAccepts(doc)).toBe(true);
  });

  const { engine: _t, ...aTable } = table();
  const { engine: _c, ...aContainer } = container();
  const rejected: [string, unknown][] = [
    ['an unknown top-level field', { tables: [], extra: true }],
    ['an unknown table field', { tables: [{ ...aTable, partitonKey: {} }] }],
    ['a missing workload', { tables: [{ ...aTable, workload: undefined }] }],
    ['a string cardinality other than "unique"', { tables: [{ ...aTable, partitionKey: { name: 'id', type: 'S', cardinality: 'many' } }] }],
    ['cardinality 0', { tables: [{ ...aTable, partitionKey: { name: 'id', type: 'S', cardinality: 0 } }] }],
    ['negative units', { tables: [{ ...aTable, workload: { peakReadUnits: -1, peakWriteUnits: 0 } }] }],
    ['a share above 1', { containers: [{ ...aContainer, accessPatterns: [{ name: 'p', keyAttributes: [], share: 1.5 }] }] }],
    ['a hot-key share of 0', { containers: [{ ...aContainer, workload: { peakReadUnits: 1, peakWriteUnits: 1, hotKeyShare: 0 } }] }],
    ['too many shards', { tables: [{ ...aTable, sharding: { strategy: 'random', shards: 1001 } }] }],
    ['a malformed rule id', { tables: [{ ...aTable, acknowledgements: [{ rule: 'SG1', reason: 'long enough reason' }] }] }],
    ['a short reason', { tables: [{ ...aTable, acknowledgements: [{ rule: 'SG001', reason: 'short' }] }] }],
    ['an empty name', { containers: [{ ...aContainer, name: '' }] }],
    ['an unknown partition-key kind', { containers: [{ ...aContainer, partitionKey: { ...aContainer.partitionKey, kind: 'Range' } }] }],
    ['a wrong engine in tables', { tables: [{ ...aTable, engine: 'cosmosdb' }] }],
    ['an external resource without keys', { external: [{ engine: 'dynamodb', name: 'x', partitionKeys: [] }] }],
  ];

  it.each(rejected)('rejects %s, as the normalizer does', (_, doc) => {
    const json = JSON.parse(JSON.stringify(doc));
    expect(validate(json)).toBe(false);
    expect(normalizerAccepts(json)).toBe(false);
  });

  it('allows "$schema" so editors can find it', () => {
    const doc = { $schema: '../../schema/design.schema.json', tables: [aTable] };
    expect(validate(doc)).toBe(true);
    expect(normalizerAccepts(doc)).toBe(true);
  });
});
