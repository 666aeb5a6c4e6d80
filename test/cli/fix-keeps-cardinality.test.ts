/**
 * A reviewer read a sharded key's `cardinality` as stale after `--fix` wrote the shards: it counts the key's values
 * before sharding (skewguard counts one stored key per shard of each), so --fix keeps it, and now says so.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { KEPT_CARDINALITY, shardingsSet } from '../../lib/cli/fix-consequences';
import { cli, examples, tempTree } from './helpers';

// 50 devices, the hottest taking half of 3,000 WCU: 1,500 WCU, over the usable 800 of one partition; beside the other
// devices on 6 partitions (on demand, for twice 100 RCU and 3,000 WCU: max(⌈200 ÷ 3,000⌉, ⌈6,000 ÷ 1,000⌉, 4)), 5 shards
// fit: 300 + 2,700 ÷ 6 = 750 (4: 375 + 2,625 ÷ 6 = 812.5).
const design = JSON.stringify(
  {
    tables: [
      {
        name: 'events',
        partitionKey: { name: 'deviceId', type: 'S', cardinality: 50 },
        workload: { peakReadUnits: 100, peakWriteUnits: 3000, hotKeyShare: 0.5 },
      },
    ],
  },
  null,
  2,
);

describe('--fix keeps a sharded key’s cardinality, and says why', () => {
  it('writes the shards, leaves cardinality 50, and notes that it counts the values before sharding', async () => {
    const file = join(tempTree({ 'design.json': design }), 'design.json');
    const { stdout } = await cli(['lint', file, '--fix']);
    const fixed = JSON.parse(readFileSync(file, 'utf8'));
    expect(fixed.tables[0].sharding).toEqual({ strategy: 'random', shards: 5, hotValues: 1 });
    expect(fixed.tables[0].partitionKey.cardinality).toBe(50);
    expect(stdout).toMatch(
      /note {4}tables\[0\]\.sharding \(.*design\.json:\d+:\d+\): --fix kept each sharded key's cardinality as declared: it counts the key's values before sharding/,
    );
  });

  it('puts the note in the JSON report’s notes', async () => {
    const file = join(tempTree({ 'design.json': design }), 'design.json');
    const { stdout } = await cli(['lint', file, '--fix', '--format', 'json']);
    const notes = JSON.parse(stdout).files[0].notes as { path: string; message: string }[];
    expect(notes).toContainEqual(expect.objectContaining({ path: 'tables[0].sharding', message: KEPT_CARDINALITY }));
  });

  it('says nothing of it where the fix removes the sharding', async () => {
    const file = join(tempTree({ 'design.json': readFileSync(join(examples, 'bad/over-sharded-uuid.json'), 'utf8') }), 'design.json');
    const { stdout } = await cli(['lint', file, '--fix']);
    expect(stdout).toContain('removed tables[0].sharding');
    expect(stdout).not.toContain('kept each sharded key');
  });

  it('names each sharding an edit sets, once', () => {
    expect(
      shardingsSet([
        { op: 'set', path: 'tables[0].sharding', value: { strategy: 'random', shards: 2 } },
        { op: 'set', path: 'tables[0].globalSecondaryIndexes[1].sharding.shards', value: 4 },
        { op: 'set', path: 'tables[0].globalSecondaryIndexes[1].sharding.strategy', value: 'random' },
        { op: 'remove', path: 'containers[0].sharding' },
        { op: 'set', path: 'tables[0].accessPatterns[0].fanOut', value: true },
      ]),
    ).toEqual(['tables[0].sharding', 'tables[0].globalSecondaryIndexes[1].sharding']);
  });
});
