// hotValueReach(design) takes what the README shows a user holding: one container's design as written, a file of it,
// or normalize()'s result. It threw a raw TypeError ("Cannot destructure property 'partitionKey' of
// 'design.primaryKey'") for all but `normalize(x).designs[0].design`; anything it cannot use is now a UsageError.
import { hotValueReach, normalize, UsageError, type CosmosContainerDesign } from '../../lib';

const leaderboards: CosmosContainerDesign & { engine: 'cosmosdb' } = {
  engine: 'cosmosdb',
  name: 'leaderboards',
  partitionKey: { paths: [{ path: '/region', cardinality: 8, kind: 'value' }] },
  throughput: { manual: 30_000 },
  workload: { peakReadUnits: 2_000, peakWriteUnits: 15_000, hotKeyShare: 0.45 },
  storage: { totalGb: 10, largestPartitionGb: 4.5 },
};

const normalized = normalize(leaderboards);
const expected = hotValueReach(normalized.designs[0]!.design as Parameters<typeof hotValueReach>[0]);

it.each([
  ['the design as written', leaderboards],
  ["normalize()'s document", normalized],
  ['a file of that one container', { containers: [Object.assign({}, leaderboards, { engine: undefined })] }],
])('gives the same reach for %s', (_, input) => {
  expect(expected.key).toBeGreaterThan(0);
  expect(hotValueReach(input as Parameters<typeof hotValueReach>[0])).toEqual(expected);
});

it('refuses a file of several designs with a UsageError naming the argument and what to pass', () => {
  const other = Object.assign({}, leaderboards, { name: 'profiles', engine: undefined });
  const call = () => hotValueReach({ containers: [Object.assign({}, leaderboards, { engine: undefined }), other] });
  expect(call).toThrow(UsageError);
  expect(call).toThrow(/hotValueReach\(\) arguments[\s\S]*design: expected one Cosmos DB container's design, got a file of 2 designs: pass one container/);
});

it('refuses a DynamoDB design with a UsageError', () => {
  const table = normalize({
    engine: 'dynamodb',
    name: 'orders',
    partitionKey: { name: 'orderId', type: 'S', cardinality: 'unique' },
    workload: { peakReadUnits: 100, peakWriteUnits: 100 },
  });
  expect(() => hotValueReach(table)).toThrow(/got a table's design/);
});
