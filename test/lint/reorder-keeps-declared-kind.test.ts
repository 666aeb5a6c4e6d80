/**
 * A fix that rewrites a Cosmos DB key's levels (SG002 putting a time bucket last) carries every field each level
 * declares: it dropped `"kind": "time-bucket"` from `/day`, since the name infers the same kind, and a declared field was
 * silently lost from the user's file.
 */
import { lint, normalize, type CosmosContainerDesign, type DynamoDbKeyDesign } from '../../lib';
import { reorderedAttributesEdit, reorderedPathsEdit } from '../../lib/lint/reorder';

const reputation = (kind: boolean): CosmosContainerDesign => ({
  engine: 'cosmosdb',
  name: 'reputation',
  partitionKey: {
    paths: [
      { path: '/day', cardinality: 365, ...(kind ? { kind: 'time-bucket' as const } : {}) },
      { path: '/userId', cardinality: 20000000 },
    ],
  },
  throughput: { manual: 10000 },
  workload: { peakReadUnits: 1500, peakWriteUnits: 5000 },
  storage: { totalGb: 120 },
  accessPatterns: [
    { name: 'user-day', keyAttributes: ['/day', '/userId'], share: 0.7 },
    { name: 'user-history', keyAttributes: ['/userId'], share: 0.3 },
  ],
});

const reorder = (design: CosmosContainerDesign) =>
  lint(design)
    .find((f) => f.ruleId === 'SG002')
    ?.edits?.find((e) => e.path === 'partitionKey.paths');

describe('a reorder of key levels keeps what each level declares', () => {
  it('a declared kind moves with its level, though the name infers the same', () => {
    expect(reorder(reputation(true))).toEqual({
      op: 'set',
      path: 'partitionKey.paths',
      value: [
        { path: '/userId', cardinality: 20000000 },
        { path: '/day', cardinality: 365, kind: 'time-bucket' },
      ],
    });
  });

  it('an inferred kind is not written: the edit adds nothing the design did not say', () => {
    const edit = reorder(reputation(false));
    expect(edit).toMatchObject({
      value: [
        { path: '/userId', cardinality: 20000000 },
        { path: '/day', cardinality: 365 },
      ],
    });
    expect(edit?.op === 'set' && (edit.value as object[])[1]).not.toHaveProperty('kind');
  });

  it('declared kinds of a composite level’s components move with it', () => {
    const design = normalize({
      ...reputation(false),
      partitionKey: {
        paths: [
          {
            path: '/dayRegion',
            cardinality: 3650,
            components: [
              { name: 'day', cardinality: 365, kind: 'time-bucket' },
              { name: 'region', cardinality: 10, kind: 'value' },
            ],
          },
          { path: '/userId', cardinality: 20000000 },
        ],
      },
      accessPatterns: [{ name: 'user', keyAttributes: ['/dayRegion', '/userId'], share: 1 }],
    }).designs[0].design;
    const [first, second] = design.primaryKey.partitionKey;
    expect(reorderedPathsEdit(design, [second, first])).toMatchObject({
      value: [
        { path: '/userId' },
        {
          path: '/dayRegion',
          components: [
            { name: 'day', cardinality: 365, kind: 'time-bucket' },
            { name: 'region', cardinality: 10, kind: 'value' },
          ],
        },
      ],
    });
  });

  it('a DynamoDB multi-attribute key keeps each attribute’s declared kind and mutable', () => {
    const design = normalize({
      engine: 'dynamodb',
      name: 'orders',
      partitionKey: { name: 'orderId', type: 'S', cardinality: 'unique' },
      globalSecondaryIndexes: [
        {
          indexName: 'by-status',
          partitionKey: { name: 'tenantId', type: 'S', cardinality: 500 },
          sortKeys: [
            { name: 'day', type: 'S', cardinality: 365, kind: 'time-bucket' },
            { name: 'status', type: 'S', cardinality: 4, mutable: true },
          ],
        },
      ],
      workload: { peakReadUnits: 10, peakWriteUnits: 10 },
    }).designs[0].design;
    const [index] = (design as DynamoDbKeyDesign).globalSecondaryIndexes;
    const [day, status] = index.sortKey;
    expect(reorderedAttributesEdit([status, day], 'globalSecondaryIndexes[0].sortKeys')).toEqual({
      op: 'set',
      path: 'globalSecondaryIndexes[0].sortKeys',
      value: [
        { name: 'status', type: 'S', cardinality: 4, mutable: true },
        { name: 'day', type: 'S', cardinality: 365, kind: 'time-bucket' },
      ],
    });
  });
});
