/**
 * A Query of a range of a key value's items (`rangeAttribute`) over a sharded key is no read of one item: no shard holds
 * the range, so every shard is queried, each charged at least one read unit of what the read cost unsharded
 * (gathered-reads.ts, `leastCharged`). The fix that no count serves says so, and what its figure is part of: a stranger's
 * booking table read 16,600 RCU "of one item", half its 33,200 RCU hot read, with no reason given.
 */
import { lint, type DesignInput } from '../../lib';

const slots = (sortKey: boolean): DesignInput => ({
  tables: [
    {
      name: 'slots',
      partitionKey: { name: 'restaurantId', type: 'S', cardinality: 20000 },
      ...(sortKey ? { sortKey: { name: 'dateSlot', type: 'S', cardinality: 12000 } } : {}),
      billing: 'on-demand',
      workload: { peakReadUnits: 40000, peakWriteUnits: 6000, hotKeyShare: 0.83 },
      ...(sortKey ? { invariants: [{ kind: 'conditional-write', description: 'one booking per table slot', scopeAttribute: 'dateSlot' }] } : {}),
      accessPatterns: [
        sortKey
          ? { name: 'availability', keyAttributes: ['restaurantId'], rangeAttribute: 'dateSlot', share: 1, resultKb: 8 }
          : { name: 'availability', keyAttributes: ['restaurantId'], share: 1 },
      ],
    },
  ],
});
const sg003Fix = (design: DesignInput) => lint(design).find((f) => f.ruleId === 'SG003')?.fix ?? '';

describe('the reads no shard count spreads: a range read, or one item', () => {
  it('a range of `dateSlot` (8 KB, 2 read units): every shard queried, each charged at least 1 of the 2, half the 33,200 RCU', () => {
    const fix = sg003Fix(slots(true));
    expect(fix).not.toContain('the reads of one item');
    expect(fix).toContain(
      'every read of the hottest `restaurantId` value by `availability` reads many of its items (a range of them, or all), not one, and queries all the shards',
    );
    expect(fix).toContain('each shard is charged at least one of the read units the unsharded read cost, whatever the count');
    expect(fix).toContain('16,600 RCU of the hottest `restaurantId` value, 50% of its 33,200 RCU of reads, what each shard is charged at least');
  });

  it('a key of one item (no sort key): its reads stay on the one shard that holds it', () => {
    const fix = sg003Fix(slots(false));
    expect(fix).toContain('the reads of one item stay on the one shard that holds it whatever the count');
    expect(fix).not.toContain('reads many of its items');
  });
});
