/**
 * `--fix` on a time bucket behind a separate shard attribute (review u9 item 1): the user's design keys a GSI by
 * `hourBucketShard` = `hourBucket` + "#" + hash(orderId) mod 8 at 4,000 WCU. Every write of the current hour reaches
 * that hour's 8 keys, 500 WCU each, where one key would take all 4,000 of a usable 800 (AWS, "Best practices for
 * handling time series data in DynamoDB"; "Using write sharding to distribute workloads evenly"). Before, SG007
 * called the sharding needless (4,000 ÷ 24 values = 166.67 WCU each) and --fix removed it.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { lintDocument } from '../../lib';
import { fixDesignText } from '../../lib/cli/fix';
import { applicationChange } from '../../lib/cli/fix-consequences';
import { cli, fixtures, tempTree } from './helpers';

const ordersSound = readFileSync(join(fixtures, 'designs/orders-sound.json'), 'utf8');
const sharding = (text: string) => JSON.parse(text).tables[0].globalSecondaryIndexes[0].sharding;

describe('--fix on a sharded hourly index (orders-sound.json)', () => {
  // The user's 8 shards fitted the retired sum count's 12 partitions. The index auto scales (2,000–12,000 RCU, 1,000–8,000
  // WCU at the default 70% target): at its 6,000 RCU / 4,000 WCU peak it has ⌈6,000 ÷ 0.7⌉ = 8,572 RCU and ⌈4,000 ÷ 0.7⌉ =
  // 5,715 WCU, 6 partitions (max(⌈8,572 ÷ 3,000⌉, ⌈5,715 ÷ 1,000⌉)), on which 25 shards carry 160 + 3,840 ÷ 6 = 800 WCU
  // of a usable 800 (24: 166.67 + 638.89 = 805.56). Its maximum's 8 partitions gave 12.
  // warm20: 25 on 6 partitions is the neighbours' count (5 alone), so the fix pre-warms the index and raises the count.
  // Two of N shards hashed onto one partition must fit its hard 1,000 WCU: 2 × 4,000 ÷ N + (4,000 − 2 × 4,000 ÷ N) ÷ P,
  // over 1,000 at any P for N ≤ 8 (8: 1,000 + 3,000 ÷ P), so the fewest is 9, at P = 28 (28,000 WCU): 888.89 + 3,111.11
  // ÷ 28 = 1,000, each 444.44 + 126.98 = 571.43 of the 760 that leave 5% free; 25 on the 6 partitions follow in the text.
  // Raising 8 to 9 widens `orders-this-hour`'s fan-out, which --fix writes only with its resultKb declared.
  const sized = ordersSound.replace('"share": 0.05, "fanOut": true }', '"share": 0.05, "fanOut": true, "resultKb": 400 }');

  it('withholds the raise of the fan-out until resultKb is declared on the pattern it widens', () => {
    const result = fixDesignText(ordersSound, {});
    expect(result.fixes).toEqual([]);
    expect(result.skipped.map((f) => f.ruleId)).toEqual(['SG003']);
    expect(result.skipped[0].message).toMatch(/^on index by-hour: its fix fans reads out with no declared size: declare resultKb .* on `orders-this-hour`/);
  });

  it('keeps the calculated sharding and raises its count to the 9 that fit once pre-warmed (25 as it is); the re-lint finds nothing', async () => {
    expect(sized).not.toBe(ordersSound);
    const result = fixDesignText(sized, {});
    expect(result.fixes.map((f) => f.ruleId)).toEqual(['SG003']);
    expect(sharding(result.text)).toEqual({ strategy: 'calculated', shards: 9, sourceAttribute: 'orderId', logicalAttribute: 'hourBucket' });
    expect(JSON.parse(result.text).tables[0].globalSecondaryIndexes[0].warmThroughput).toEqual({ writeUnitsPerSecond: 28000 });

    const file = join(tempTree({ 'design.json': sized }), 'design.json');
    const { code, stdout } = await cli(['lint', file, '--fix']);
    // Exit 1: the raised count needs the application to write 9 shards, so CI never passes on --fix alone.
    expect(code).toBe(1);
    expect(stdout).toContain('application change needed');
    expect(stdout).toContain('✔ no findings');
    expect(stdout).not.toContain('SG007');
    expect(sharding(readFileSync(file, 'utf8'))).toEqual(sharding(result.text));
  });

  // At 600 WCU (1.33× unsharded, short of minGrowthHeadroom 1.5) the shards keep the growth the design asks for: 500.
  it('at 500 WCU removes the sharding it no longer needs, keeping the time bucket declared: the re-lint warns at 800 ÷ 500 = 1.6×', () => {
    const low = ordersSound.replace('"peakWriteUnits": 4000', '"peakWriteUnits": 500');
    const result = fixDesignText(low, {});
    expect(result.fixes.map((f) => f.ruleId)).toEqual(['SG007']);
    expect(sharding(result.text)).toBeUndefined();
    expect(JSON.parse(result.text).tables[0].globalSecondaryIndexes[0].partitionKey).toEqual({
      name: 'hourBucketShard',
      type: 'S',
      cardinality: 24,
      kind: 'time-bucket',
    });
    const relint = lintDocument(JSON.parse(result.text)).findings;
    expect(relint.map((f) => `${f.ruleId} ${f.messageId}`)).toEqual(['SG002 timeKeyFits']);
    expect(relint[0].message).toContain('(500 of a usable 800 WCU): fine today, saturated when traffic grows 1.6×');
  });

  it("names no application change for a key attribute's declared kind, and still names a Cosmos DB key's Hash/MultiHash", () => {
    expect(applicationChange({ op: 'set', path: 'tables[0].globalSecondaryIndexes[0].partitionKey.kind', value: 'time-bucket' })).toBeUndefined();
    expect(applicationChange({ op: 'set', path: 'containers[0].partitionKey.kind', value: 'MultiHash' })).toMatch(/^the partition key changes/);
  });
});
