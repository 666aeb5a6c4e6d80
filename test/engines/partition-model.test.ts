/**
 * The neighbour model in two stages (`EngineProfile.partitionModel`): a key space's partitions are counted once for its
 * peak, then each stored key's neighbours there. It gives what the one-call `neighbourModel` gives, for every way P is
 * counted (provisioned, auto scaled, on demand, launched at its peak, a GSI's own capacity), and P depends on the key
 * space's peak alone, never on the stored key's load (DynamoDB hashes every key value over the same partitions).
 */
import { normalize, profileOf, type DesignInput, type DynamoDbKeyDesign, type DynamoDbTableDesign, type Loads } from '../../lib';
import { dynamoNeighbourModel, dynamoPartitionModel } from '../../lib/engines';

function table(extra: Partial<DynamoDbTableDesign>): DynamoDbKeyDesign {
  const design: DynamoDbTableDesign = {
    name: 'orders',
    partitionKey: { name: 'customerId', type: 'S', cardinality: 10_000 },
    workload: { peakReadUnits: 9_000, peakWriteUnits: 3_000, hotKeyShare: 0.2 },
    globalSecondaryIndexes: [{ indexName: 'by-status', partitionKey: { name: 'status', type: 'S', cardinality: 5 } }],
    ...extra,
  };
  return normalize({ tables: [design] } as DesignInput).designs[0].design as DynamoDbKeyDesign;
}

const designs: [string, DynamoDbKeyDesign][] = [
  ['on demand', table({ billing: 'on-demand' })],
  ['on demand, launched at its peak', table({ billing: 'on-demand', launchAtPeak: true })],
  ['on demand, pre-warmed', table({ billing: 'on-demand', warmThroughput: { readUnitsPerSecond: 30_000, writeUnitsPerSecond: 9_000 } })],
  ['provisioned, fixed', table({ billing: 'provisioned', capacity: { read: { fixed: 12_000 }, write: { fixed: 3_500 } } })],
  ['provisioned, auto scaled', table({ billing: 'provisioned', capacity: { read: { min: 100, max: 20_000 }, write: { min: 100, max: 8_000 } } })],
  ['provisioned, below its peak (SG017 raises it)', table({ billing: 'provisioned', capacity: { read: { fixed: 2_000 }, write: { fixed: 1_000 } } })],
];

const totals: Loads[] = [
  { reads: 9_000, writes: 3_000 },
  { reads: 0, writes: 40_000 },
  { reads: 60_000, writes: 0 },
];
const stored: Loads[] = [
  { reads: 0, writes: 0 },
  { reads: 1_800, writes: 600 },
  { reads: 9_000, writes: 3_000 },
];

describe.each(designs)('partitionModel, %s', (_, design) => {
  const model = dynamoPartitionModel(design);
  const oneCall = dynamoNeighbourModel(design);

  it.each([undefined, 'by-status'])('key space %s: the one-call model, for every peak and stored load, uniform or not', (index) => {
    for (const total of totals) {
      const neighbours = model(index, total);
      for (const load of stored) {
        for (const values of [undefined, 5, 100_000]) expect(neighbours(load, values)).toEqual(oneCall(index, total, load, values));
      }
    }
  });

  it('counts P for the key space at its peak, whatever the stored key takes', () => {
    for (const total of totals) {
      const neighbours = model(undefined, total);
      const counts = stored.map((load) => {
        const { partitions, countedBy, peakDividedBy, atLaunch } = neighbours(load);
        return { partitions, countedBy, peakDividedBy, atLaunch };
      });
      expect(new Set(counts.map((c) => JSON.stringify(c))).size).toBe(1);
    }
  });
});

describe('EngineProfile.partitionModel', () => {
  it('is defined exactly where neighbourModel is: DynamoDB, not Cosmos DB (which judges neighbours on its physical share)', () => {
    const dynamo = profileOf('dynamodb');
    const design = designs[0][1];
    expect(dynamo.partitionModel?.(design)?.(undefined, totals[0])(stored[1])).toEqual(dynamo.neighbourModel?.(design)?.(undefined, totals[0], stored[1]));
    expect(profileOf('cosmosdb').partitionModel).toBeUndefined();
    expect(profileOf('cosmosdb').neighbourModel).toBeUndefined();
  });
});
