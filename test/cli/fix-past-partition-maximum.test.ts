/**
 * fix27b (review r26, t9/s20.json): the leaderboard index sharded 20 ways, its hottest shard expected at 570 WCU of its
 * own and 476.25 of its neighbours', 1,046.25 WCU, past a partition's 1,000. A warning let CI pass (exit 0 at
 * --fail-on error); it is an error now. --fix raises the count to 37, sized with the sibling shards among the
 * neighbours (308.11 + 487.16 = 795.27 of 800), and the re-lint finds nothing over the partition.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { cli, fixtures, tempTree } from './helpers';

const s20 = readFileSync(join(fixtures, 'designs/game-index-20-shards.json'), 'utf8');

describe('a shard past the partition maximum (game-index-20-shards.json)', () => {
  it('fails the lint, and --fix raises the shards to 37, after which the lint is clean', async () => {
    const file = join(tempTree({ 'game.json': s20 }), 'game.json');
    const before = await cli(['lint', file]);
    expect(before.code).toBe(1);
    expect(before.stdout).toContain('error   SG003 hot-key-exceeds-partition');
    expect(before.stdout).toContain('its partition takes 1,046.25 WCU, past the 1,000 WCU one partition serves');

    const fixed = await cli(['lint', file, '--fix']);
    expect(fixed.stdout).toContain('fixed   SG003 season-scores');
    const index = JSON.parse(readFileSync(file, 'utf8')).tables[0].globalSecondaryIndexes[0];
    expect(index.sharding).toEqual({ strategy: 'calculated', shards: 37, sourceAttribute: 'playerId', logicalAttribute: 'seasonId' });

    const after = await cli(['lint', file]);
    expect(after.stdout).toContain('✔ no findings');
    expect(after.code).toBe(0);
  });
});
