import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import Ajv2020 from 'ajv/dist/2020';
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
    ['a table name of two characters', { tables: [{ ...aTable, name: 'ab' }] }],
    ['a container id with a "#"', { containers: [{ ...aContainer, name: 'orders#1' }] }],
    ['a name with white space around it', { containers: [{ ...aContainer, name: ' profiles' }] }],
    ['an unresolved CDK token', { tables: [{ ...aTable, partitionKey: { name: '${Token[TOKEN.12]}', type: 'S', cardinality: 5 } }] }],
    [
      'a GSI with both key forms',
      {
        tables: [
          {
            ...aTable,
            globalSecondaryIndexes: [
              { indexName: 'gsi', partitionKey: { name: 'a', type: 'S', cardinality: 500 }, partitionKeys: [{ name: 'a', type: 'S', cardinality: 500 }] },
            ],
          },
        ],
      },
    ],
    ['a GSI without a partition key', { tables: [{ ...aTable, globalSecondaryIndexes: [{ indexName: 'gsi' }] }] }],
    [
      'a GSI with both sort-key forms',
      {
        tables: [
          {
            ...aTable,
            globalSecondaryIndexes: [
              {
                indexName: 'gsi',
                partitionKey: { name: 'a', type: 'S', cardinality: 500 },
                sortKey: { name: 'b', type: 'S' },
                sortKeys: [{ name: 'b', type: 'S' }],
              },
            ],
          },
        ],
      },
    ],
    [
      'a multi-attribute sort key without cardinalities',
      {
        tables: [
          {
            ...aTable,
            globalSecondaryIndexes: [
              {
                indexName: 'gsi',
                partitionKey: { name: 'a', type: 'S', cardinality: 500 },
                sortKeys: [
                  { name: 'b', type: 'S' },
                  { name: 'c', type: 'S' },
                ],
              },
            ],
          },
        ],
      },
    ],
    [
      'composite sort-key parts without cardinalities',
      { tables: [{ ...aTable, sortKey: { name: 'sk', type: 'S', components: [{ name: 'country' }, { name: 'city' }] } }] },
    ],
    ['calculated sharding without a source', { tables: [{ ...aTable, sharding: { strategy: 'calculated', shards: 4 } }] }],
    ['random sharding with a source', { tables: [{ ...aTable, sharding: { strategy: 'random', shards: 4, sourceAttribute: 'userId' } }] }],
    ['an acknowledgement of an unknown rule', { tables: [{ ...aTable, acknowledgements: [{ rule: 'SG999', reason: 'long enough reason' }] }] }],
  ];

  it.each(rejected)('rejects %s, as the normalizer does', (_, doc) => {
    const json = JSON.parse(JSON.stringify(doc));
    expect(validate(json)).toBe(false);
    expect(normalizerAccepts(json)).toBe(false);
  });

  it('accepts an external resource whose keys could not be read (only Contributor Insights is checked), as the normalizer does', () => {
    const doc = { external: [{ engine: 'dynamodb', name: 'x', partitionKeys: [], keyMonitoring: false }] };
    expect(validate(doc)).toBe(true);
    expect(normalizerAccepts(doc)).toBe(true);
  });

  it('allows "$schema" so editors can find it', () => {
    const doc = { $schema: '../../schema/design.schema.json', tables: [aTable] };
    expect(validate(doc)).toBe(true);
    expect(normalizerAccepts(doc)).toBe(true);
  });

  /**
   * What JSON Schema cannot say: each check below needs arithmetic or a lookup across the file. The
   * schema accepts these inputs and the normalizer rejects them; every other check is in both (above).
   */
  const inexpressible: [string, unknown][] = [
    [
      'access-pattern shares adding up above 1',
      {
        tables: [
          {
            ...aTable,
            accessPatterns: [
              { name: 'a', keyAttributes: [], share: 0.7 },
              { name: 'b', keyAttributes: [], share: 0.6 },
            ],
          },
        ],
      },
    ],
    [
      'a hot-key share below 1/cardinality',
      {
        tables: [
          { ...aTable, partitionKey: { name: 'tenantId', type: 'S', cardinality: 10 }, workload: { peakReadUnits: 1, peakWriteUnits: 1, hotKeyShare: 0.05 } },
        ],
      },
    ],
    [
      'a deeper key level hotter than the one above',
      {
        containers: [
          {
            ...aContainer,
            partitionKey: {
              paths: [
                { path: '/tenantId', cardinality: 500, hotKeyShare: 0.2 },
                { path: '/userId', cardinality: 'unique', hotKeyShare: 0.4 },
              ],
            },
          },
        ],
      },
    ],
    [
      "the full key's size declared twice",
      {
        containers: [
          {
            ...aContainer,
            storage: { largestPartitionGb: 2 },
            partitionKey: {
              paths: [
                { path: '/tenantId', cardinality: 500 },
                { path: '/userId', cardinality: 'unique', largestGb: 1 },
              ],
            },
          },
        ],
      },
    ],
    ['duplicate table names', { tables: [aTable, aTable] }],
    [
      'duplicate index names',
      {
        tables: [
          {
            ...aTable,
            globalSecondaryIndexes: [
              { indexName: 'gsi', partitionKey: { name: 'a', type: 'S', cardinality: 500 } },
              { indexName: 'gsi', partitionKey: { name: 'b', type: 'S', cardinality: 500 } },
            ],
          },
        ],
      },
    ],
    [
      'duplicate access-pattern names',
      {
        tables: [
          {
            ...aTable,
            accessPatterns: [
              { name: 'a', keyAttributes: [], share: 0.1 },
              { name: 'a', keyAttributes: [], share: 0.1 },
            ],
          },
        ],
      },
    ],
    ['an access pattern on an unknown index', { tables: [{ ...aTable, accessPatterns: [{ name: 'a', index: 'nope', keyAttributes: [], share: 0.1 }] }] }],
    [
      'an acknowledgement for an unknown index',
      { tables: [{ ...aTable, acknowledgements: [{ rule: 'SG001', reason: 'a perfectly good reason', index: 'nope' }] }] },
    ],
    ['a join to a container not in the file', { containers: [{ ...aContainer, joins: [{ container: 'nope' }] }] }],
    [
      'a calculated shard on the partition key itself',
      { tables: [{ ...aTable, sharding: { strategy: 'calculated', shards: 4, sourceAttribute: 'orderId' } }] },
    ],
    [
      'an index key attribute name over 255 bytes (JSON Schema counts characters)',
      { tables: [{ ...aTable, globalSecondaryIndexes: [{ indexName: 'gsi', partitionKey: { name: 'é'.repeat(128), type: 'S', cardinality: 500 } }] }] },
    ],
  ];

  it.each(inexpressible)('cannot express %s: only the normalizer rejects it', (_, doc) => {
    const json = JSON.parse(JSON.stringify(doc));
    expect(validate(json)).toBe(true);
    expect(normalizerAccepts(json)).toBe(false);
  });

  it("lists the catalogue's rule ids for acknowledgements, and validates with a default ajv too", () => {
    const schema = JSON.stringify(designSchema());
    expect(schema).toContain('"enum":["SG001","SG002"');
    expect(new Ajv2020().compile(designSchema())({ tables: [aTable] })).toBe(true);
  });
});
