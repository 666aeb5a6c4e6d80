/**
 * Stranger 33a: driver positions keyed by geohash cell (a downtown cell at rush hour takes 15% of 100,000 WCU of
 * position updates) were fixed by sharding the hottest cell alone (`sharding.hotValues: 1`), "assuming no other value
 * takes more than 0.3% of the peak". A hot cell moves with the crowd (rush hour, an airport, a stadium) and several are hot
 * at once: a key named like a geospatial cell (key-names.ts) is sharded for every value, as a trending hashtag is, with the
 * finer cells of geo indexing named as the alternative (AWS Compute Blog, "Implementing geohashing at scale in serverless
 * web applications": the precision is chosen by how densely the locations fall).
 */
import { lint, type DynamoDbTableDesign, type Finding } from '../../lib';
import { table } from '../fixtures';

/** The stranger's driver positions: `key` over 20,000 cells, the hottest at 15%; dispatch reads a cell's drivers (8 KB). */
function positions(key: string): DynamoDbTableDesign {
  return table({
    name: 'driver-positions',
    partitionKey: { name: key, type: 'S', cardinality: 20_000 },
    sortKey: { name: 'driverId', type: 'S', cardinality: 400_000 },
    workload: { peakReadUnits: 27_000, peakWriteUnits: 100_000, hotKeyShare: 0.15 },
    accessPatterns: [{ name: 'drivers-in-cell', keyAttributes: [key], share: 1, resultKb: 8 }],
  });
}

const sg003 = (key: string) => lint(positions(key)).find((f) => f.ruleId === 'SG003') as Finding;

describe('a key named like a geospatial cell is sharded for every value, with finer cells the alternative', () => {
  it.each(['geohashCell', 'h3Index', 's2CellId'])('`%s`: every value, and the finer precision named', (key) => {
    const fix = sg003(key).fix ?? '';
    expect(fix).toContain(
      `every value, not the hottest alone: \`${key}\` is named like a geospatial cell (a geohash, an H3 or S2 cell), whose hot cells move with the crowd (downtown at rush hour, an airport, a stadium) and are several at once`,
    );
    expect(fix).toContain(
      'or key dense areas by finer cells instead (a longer geohash, a finer H3 or S2 level, chosen by how densely the locations fall), which gives each crowd more key values',
    );
    expect(fix).toContain('where a hot cell is known ahead and stays, shard it alone (sharding.hotValues: 1)');
    expect(fix).not.toContain('the application keeps the hot value in a list in its configuration');
  });

  it('control: the same load on `zoneId` (a zone names an availability zone, a time zone as often) shards the hottest alone', () => {
    const fix = sg003('zoneId').fix ?? '';
    expect(fix).toContain('shard only the hottest `zoneId` value');
    expect(fix).not.toContain('geospatial cell');
  });
});

describe("the stranger's fan-out figures at eventual consistency", () => {
  it('27,000 RCU declared eventually consistent, 8 KB per cell: 50 shards read 675,000 RCU, each shard half of the 1 RCU read', () => {
    // Eventually consistent, an 8 KB read is 1 RCU unsharded; each of 50 shards returns 0.16 KB, charged half a unit:
    // 27,000 × 50 × ½ = 675,000. Strongly consistent it would be 2 RCU and 1 each: the same share of a peak declared so.
    const sharded = table({
      ...positions('geohashCell'),
      sharding: { strategy: 'calculated', shards: 50, sourceAttribute: 'driverId' },
      accessPatterns: [{ name: 'drivers-in-cell', keyAttributes: ['geohashCell'], share: 1, resultKb: 8, fanOut: true }],
    });
    const reads = lint(sharded).find((f) => f.ruleId === 'SG017' && f.message.includes('read peak')) as Finding;
    expect(reads.message).toContain('the derived read peak of the table, 675,000 RCU');
    expect(reads.message).toContain(
      "query all 50 shards for every read, each charged at least one read unit (half of one for an eventually consistent read, as the peak's read units are)",
    );
  });
});
