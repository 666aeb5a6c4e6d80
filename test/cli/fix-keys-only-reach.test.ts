/**
 * `--fix` on try36a's rate limiter (designs/ratelimit-flawed.json): its KEYS_ONLY index `by-plan` is hot only if the
 * table's hottest item's `ADD count` updates write it, which they do only where they change `planTier`
 * (lib/lint/hot-item-reach.ts). --fix wrote `by-plan-v2` keyed by `planTierShard`, 59 shards drawn afresh on every
 * update (2 index writes per update: 18,000 WCU where the index took none), and SG017 then warned at 97.5% of the
 * 40,000 WCU quota. Now --fix leaves the index as it is, and a second run changes nothing.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { cli, tempTree } from './helpers';

const RATE_LIMIT = `{
  "tables": [
    {
      "name": "api-usage-v1",
      "partitionKey": { "name": "apiKey", "type": "S", "cardinality": 50000 },
      "sortKey": { "name": "window", "type": "S", "cardinality": 2000 },
      "workload": { "peakReadUnits": 25000, "peakWriteUnits": 30000, "hotKeyShare": 0.3 },
      "invariants": [ { "kind": "running-total", "description": "ADD count :one per request" } ],
      "accessPatterns": [
        { "name": "usage-now", "keyAttributes": ["apiKey", "window"], "share": 0.9 },
        { "name": "keys-by-plan", "index": "by-plan", "keyAttributes": ["planTier"], "share": 0.1 }
      ],
      "globalSecondaryIndexes": [
        { "indexName": "by-plan", "partitionKey": { "name": "planTier", "type": "S", "cardinality": 4 }, "sortKey": { "name": "apiKey", "type": "S", "cardinality": 50000 }, "projectionType": "KEYS_ONLY" }
      ]
    }
  ]
}
`;

describe('--fix on a KEYS_ONLY index the hot item`s updates may not write', () => {
  it('writes no shard of the index and no capacity for one, and a second run changes nothing', async () => {
    const file = join(tempTree({ 'ratelimit.json': RATE_LIMIT }), 'ratelimit.json');
    const first = await cli(['lint', file, '--fix', '--no-color']);
    expect(first.stdout).not.toMatch(/fixed {3}SG\d+ api-usage-v1: set tables\[0\]\.globalSecondaryIndexes/);
    expect(first.stdout).toMatch(/warning SG003 hot-key-exceeds-partition {2}tables\[0\]\.globalSecondaryIndexes\[0\]\.partitionKey/);
    expect(first.stdout).not.toMatch(/SG017/);
    const index = JSON.parse(readFileSync(file, 'utf8')).tables[0].globalSecondaryIndexes[0];
    expect(index).toEqual(JSON.parse(RATE_LIMIT).tables[0].globalSecondaryIndexes[0]);
    const after = readFileSync(file, 'utf8');
    const second = await cli(['lint', file, '--fix', '--no-color']);
    expect(readFileSync(file, 'utf8')).toBe(after);
    expect(second.stdout).not.toMatch(/fixed {3}SG/);
  });
});
