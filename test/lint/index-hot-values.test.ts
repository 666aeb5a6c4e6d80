/**
 * index29 item 1: a GSI keyed by a value whose hottest is a declared whale (one merchant at 40% of a payments table's
 * writes, the rest spread over 20,000 merchants) was fixed by a separate shard attribute for every merchant, so every
 * merchant's queries fanned out 10×; the same whale on a table's key gets `sharding.hotValues: 1`. The index fix now
 * shards the hottest value alone where the others fit unsharded (the same judgement as the table's, hot-values.ts), the
 * separate attribute written on every item with the plain value for the others, and its edits re-lint clean.
 */
import { lint } from '../../lib';
import { fixedOnce, indexHotKeyHit, paymentsByMerchant } from '../fixtures';

describe('an index keyed by a declared whale shards that value alone', () => {
  // 3,200 of 8,000 WCU on 16 partitions, two shards on one partition: at 12, 2 × 266.67 + (8,000 − 266.67) ÷ 16 − 266.67
  // ÷ 16 = 1,000 WCU, within the 1,000 WCU maximum; at 11, 1,045.45; at 10, 1,100.
  it('payments by merchant: 3,200 WCU on one merchantId, 12 random shards for it alone, the others one query', () => {
    const hit = indexHotKeyHit(lint(paymentsByMerchant()));
    expect(hit).toMatchObject({ severity: 'error', data: { hotKeyLoad: 3200, shards: 12, shardAttribute: 'merchantIdShard', restUnit: 'WCU' } });
    expect(hit?.fix).toMatch(
      /^key index `by-merchant` by a separate attribute the application writes on each item, instead of by `merchantId` itself: `merchantIdShard` = `merchantId` for every value but the hottest, which alone takes `merchantId` \+ "#" \+ a random 0…11 \(N = 12 random shards; sharding.hotValues: 1\)/,
    );
    expect(hit?.fix).toContain('writing the attribute on every item, since an item without it has no entry in the index');
    expect(hit?.fix).toContain('every read of that value must then query all 12, while a read of any other value queries its plain value once');
    expect(hit?.edits).toContainEqual({
      op: 'set',
      path: 'globalSecondaryIndexes[0].sharding',
      value: { strategy: 'random', shards: 12, logicalAttribute: 'merchantId', hotValues: 1 },
    });
    expect(hit?.edits).toContainEqual({ op: 'set', path: 'globalSecondaryIndexes[0].partitionKey.name', value: 'merchantIdShard' });
  });

  it('--fix converges: the re-keyed index lints clean (no SG003, SG017 or SG009), its sharding of the hottest value kept', () => {
    const after = fixedOnce(paymentsByMerchant());
    expect(after.design.globalSecondaryIndexes?.[0]).toMatchObject({
      indexName: 'by-merchant-v2',
      partitionKey: { name: 'merchantIdShard' },
      sharding: { strategy: 'random', shards: 12, logicalAttribute: 'merchantId', hotValues: 1 },
    });
    expect(after.findings).toEqual([]);
  });

  it('a few merchants, the next hottest over unsharded (900 WCU of a usable 450): every value is sharded, and the fix says why', () => {
    const few = paymentsByMerchant(
      { partitionKey: { name: 'merchantId', type: 'S', cardinality: 3 } },
      { workload: { peakReadUnits: 2000, peakWriteUnits: 3000 } },
    );
    const hit = indexHotKeyHit(lint(few));
    expect(hit?.fix).toMatch(
      /^key index `by-merchant` by a separate attribute the application writes on each item, `merchantIdShard` = `merchantId` \+ "#" \+ a random/,
    );
    expect(hit?.fix).toContain(
      'every value, not the hottest alone (sharding.hotValues): the next hottest, at 900 WCU unsharded, would be over the usable 450 WCU',
    );
    const sharding = hit?.edits?.find((e) => e.path === 'globalSecondaryIndexes[0].sharding');
    expect(sharding).toBeDefined();
    expect(sharding).not.toHaveProperty('value.hotValues');
  });

  it('a count raised on an index sharded for its hottest value keeps hotValues where the others fit', () => {
    const declared = paymentsByMerchant(
      {
        indexName: 'by-merchant-v2',
        partitionKey: { name: 'merchantIdShard', type: 'S', cardinality: 20_000 },
        sharding: { strategy: 'random', shards: 8, logicalAttribute: 'merchantId', hotValues: 1 },
      },
      {
        accessPatterns: [
          { name: 'get-payment', keyAttributes: ['paymentId'], share: 0.7 },
          { name: 'payments-of-merchant', index: 'by-merchant-v2', keyAttributes: ['merchantIdShard'], share: 0.3, fanOut: true, resultKb: 480 },
        ],
      },
    );
    const hit = indexHotKeyHit(lint(declared));
    expect(hit?.fix).toBe(
      "raise sharding.shards from 8 to N = 12 (random); N = 12 assumes its shards hash onto different partitions of the 16: two share one 99.69% of the time, and that partition then takes 1,000 WCU, within the partition's 1,000 WCU maximum, over its usable 800, until adaptive capacity moves one of them to a partition of its own under sustained traffic; 3 or more of the 12 shards share one of the 16 partitions 48.95% of the time, and it then takes 1,250 WCU, past its 1,000 WCU maximum, until adaptive capacity moves one of them to a partition of its own under sustained traffic",
    );
    expect(hit?.edits).toEqual([
      { op: 'set', path: 'globalSecondaryIndexes[0].sharding', value: { strategy: 'random', shards: 12, logicalAttribute: 'merchantId', hotValues: 1 } },
    ]);
    expect(fixedOnce(declared).findings).toEqual([]);
  });
});
