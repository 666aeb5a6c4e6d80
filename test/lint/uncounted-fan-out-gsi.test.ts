/**
 * A Query of a global secondary index is always eventually consistent ("DynamoDB read consistency": all reads from GSIs
 * are eventually consistent; a strongly consistent one is refused), so the least a read over a GSI's shards costs is the
 * eventually consistent floor alone: half a read unit a Query. A table's pattern pays the floor of the consistency it
 * declares ("Capacity unit consumption for read operations": one read unit a strongly consistent Query, half of one an
 * eventually consistent one), so that floor alone is said; patterns of both kinds get one each, named.
 */
import { lint, type DynamoDbTableDesign } from '../../lib';

const events = (onIndex: boolean, consistentRead?: boolean): DynamoDbTableDesign => ({
  name: 'events',
  partitionKey: onIndex ? { name: 'eventId', type: 'S', cardinality: 'unique' } : { name: 'deviceId', type: 'S', cardinality: 50000 },
  ...(onIndex ? {} : { sortKey: { name: 'at', type: 'S', cardinality: 'unique' }, sharding: { strategy: 'random', shards: 8 } }),
  workload: { peakReadUnits: 2000, peakWriteUnits: 2000 },
  ...(onIndex
    ? {
        globalSecondaryIndexes: [
          {
            indexName: 'by-device',
            partitionKey: { name: 'deviceId', type: 'S', cardinality: 50000 },
            sortKey: { name: 'at', type: 'S', cardinality: 'unique' },
            sharding: { strategy: 'random', shards: 8 },
          },
        ],
      }
    : {}),
  accessPatterns: [
    {
      name: 'device-history',
      ...(onIndex ? { index: 'by-device' } : {}),
      keyAttributes: ['deviceId'],
      share: 1,
      ...(consistentRead === undefined ? {} : { consistentRead }),
    },
  ],
});

const sg009 = (onIndex: boolean, consistentRead?: boolean) => lint({ tables: [events(onIndex, consistentRead)] }).find((f) => f.ruleId === 'SG009');

describe("the least an uncounted fan-out's read costs, by where the pattern reads", () => {
  it('on a GSI: the eventually consistent floor only', () => {
    const hit = sg009(true);
    expect(hit?.index).toBe('by-device');
    expect(hit?.fix).toContain(
      'a read over all 8 shards is 8 Queries, each charged at least half a read unit however little it returns, a Query of a global secondary index being eventually consistent: at least 4 read units a read, where one Query of the unsharded key returning 4 KB or less was charged half a unit, which the peak SG017 checks cannot count without its size',
    );
    expect(hit?.fix).not.toContain('strongly consistent');
    expect(hit?.data).toMatchObject({ uncountedFloor: 8, uncountedIndexFloor: 4 });
    expect(hit?.data).not.toHaveProperty('uncountedEventualFloor');
  });

  it('on the table, read eventually consistent (the default): the half-unit floor only', () => {
    const hit = sg009(false);
    expect(hit?.index).toBeUndefined();
    // 8 Queries × half a read unit = 4 read units a read, where the unsharded Query was charged half a unit.
    expect(hit?.fix).toContain(
      'each charged at least half a read unit however little it returns, the Queries of `device-history` being eventually consistent (no consistentRead): at least 4 read units a read, where one Query of the unsharded key returning 4 KB or less was charged half a unit, which',
    );
    expect(hit?.fix).not.toContain('strongly consistent');
    expect(hit?.data).toMatchObject({ uncountedFloor: 8, uncountedEventualFloor: 4, uncountedEventualPatterns: ['device-history'] });
  });

  it('on the table, read strongly consistent (consistentRead): the whole-unit floor only', () => {
    const hit = sg009(false, true);
    // 8 Queries × one read unit = 8 read units a read, where the unsharded Query was charged one unit.
    expect(hit?.fix).toContain(
      'each charged at least one read unit however little it returns, the Queries of `device-history` being strongly consistent (consistentRead): at least 8 read units a read, where one Query of the unsharded key returning 4 KB or less was charged one unit, which',
    );
    expect(hit?.fix).not.toContain('eventually consistent');
    expect(hit?.data).not.toHaveProperty('uncountedEventualFloor');
  });
});
