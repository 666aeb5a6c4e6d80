/**
 * A GSI whose hottest value only a cache serves (it cannot keep replicated copies) said "write sharding cannot spread
 * the reads of one item" whatever its reads were. Of a ticketing design's seat map (section-reads/ticketing.json: the
 * `seat-map` GSI keyed eventId + section, each section's 1,200 seats read whole, 60 KB a read) that is false: a section
 * holds many items, and shards of a separate attribute divide each read's items among them ("Using write sharding to
 * distribute workloads evenly"). They divide its read units only down to a floor, though: each shard's Query is charged
 * its own items' size rounded up to 4 KB, at least one read unit ("Capacity unit consumption for read operations").
 * The one-item wording is now kept for reads of one item; a value of many items read in ranges says that floor, with
 * its figures, and the fan-out each read would then make.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { lint, type DesignInput, type Finding } from '../../lib';
import { table } from '../fixtures';

const ticketing = JSON.parse(readFileSync(join(__dirname, 'section-reads', 'ticketing.json'), 'utf8')) as DesignInput;

const sg003At = (design: DesignInput, path: string): Finding | undefined => lint(design).find((f) => f.ruleId === 'SG003' && f.path === path);

const ONE_ITEM = 'write sharding cannot spread the reads of one item';

describe("a GSI only a cache serves says why by what its hottest value's reads read", () => {
  it('a section of many items read whole: shards divide its reads down to one read unit a shard, not "one item"', () => {
    const hit = sg003At(ticketing, 'tables[0].globalSecondaryIndexes[0].partitionKeys');
    expect(hit?.fix).toMatch(/^put DAX in front of the reads of the hottest \(`eventId`, `section`\) value/);
    expect(hit?.fix).not.toContain(ONE_ITEM);
    expect(hit?.fix).toContain('write shards of a separate attribute would divide its reads only in part');
    expect(hit?.fix).toContain('every read of the hottest (`eventId`, `section`) value by `seat-map` reads many of its items');
    // 5% of 300,000 RCU: 15,000 RCU, 2,000 reads a second of ⌈60 ÷ 4⌉ = 15 units × ½ (eventually consistent) = 7.5 RCU.
    // At N = 15 each shard's Query returns 4 KB, one unit (0.5 RCU): 2,000 × 0.5 = 1,000 RCU, 1/15 = 6.67% of 15,000; at
    // N = 14, ⌈60 ÷ 14 ÷ 4⌉ = 2 units, 2,000 RCU. Beside it, 1/125 of the other 299,000 RCU (2,392) of a usable 2,400: 8 left.
    expect(hit?.fix).toContain(
      "at the least, from N = 15 shards on, 1,000 RCU (6.67% of its 15,000 RCU of reads) still reach each shard, over the usable 8 RCU its partition's neighbours leave it, so no count serves, and every read would be 15 or more queries, one per shard, where the cache answers a repeated read without reading the table",
    );
  });

  it('a value of one item (a unique key, read by its full key): the reads of one item, as before', () => {
    const hit = sg003At(
      table({
        globalSecondaryIndexes: [
          { indexName: 'by-sku', partitionKey: { name: 'sku', type: 'S', cardinality: 'unique' }, workload: { peakReadUnits: 5000, hotKeyShare: 0.9 } },
        ],
        accessPatterns: [{ name: 'sku-lookup', index: 'by-sku', keyAttributes: ['sku'], share: 1 }],
      }),
      'globalSecondaryIndexes[0].partitionKey',
    );
    expect(hit?.fix).toMatch(/^put DAX in front of the reads of the hottest `sku` value/);
    expect(hit?.fix).toMatch(new RegExp(`a global secondary index holds one entry per base item, so it cannot keep replicated copies, and ${ONE_ITEM}$`));
  });
});
