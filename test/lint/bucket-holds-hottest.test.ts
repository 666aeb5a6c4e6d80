/**
 * edits30 item 3: a bucket fix said the full key's hottest value "cannot split" (one item no bucket splits, or a scope
 * that keeps it whole, or a source finer than the key) from its share of the first-level value alone (more than 1/N).
 * A bucket holds each full key value whole, so the bucket holding it takes its share and 1/N of the rest; where that
 * fits, the buckets serve it. An order at 94% of a customer's 8,200 RU/s, in one of 2 buckets: 7,708 + 492 ÷ 2 = 7,954
 * of the 8,000 usable (80% of a 10,000 RU/s partition). It was told it "needs its own plan (SG003 on the full key)",
 * and the full key had no finding. One judgement (prefix-ingestion.ts, `heldWhole`) now gives the notes both read.
 */
import { lint, type CosmosContainerDesign } from '../../lib';
import { container } from '../fixtures';

/** A customer at `customerShare` of 10,000 RU/s; its hottest order (one document, or many under a batch's scope) at 94% of it. */
function orders(customerShare: number, order: 'one' | 'scoped'): CosmosContainerDesign {
  return container({
    name: 'orders',
    partitionKey: {
      paths: [
        { path: '/customerId', cardinality: 1000, hotKeyShare: customerShare },
        { path: '/orderId', cardinality: order === 'one' ? 'unique' : 100_000 },
      ],
    },
    workload: { peakReadUnits: 6000, peakWriteUnits: 4000, hotKeyShare: customerShare * 0.94 },
    ...(order === 'scoped' ? { invariants: [{ kind: 'transactional-batch', scopeAttribute: '/orderId' }] } : {}),
  });
}

const sg003 = (design: CosmosContainerDesign) => lint(design).filter((f) => f.ruleId === 'SG003');

describe('a full key value held whole in a bucket that fits', () => {
  for (const order of ['one', 'scoped'] as const) {
    it(`${order === 'one' ? 'one item' : "a batch's scope"}: 94% of the customer in one of 2 buckets, 7,954 of 8,000 RU/s, is served, not "cannot split"`, () => {
      const [customer, ...others] = sg003(orders(0.82, order));
      // The full key's value fits with its neighbours, as its bucket does: no finding of its own to point at.
      expect(others).toEqual([]);
      expect(customer).toMatchObject({ path: 'partitionKey.paths[0]', data: { buckets: 2, insideShare: 0.94, heldBucketLoad: 7954, heldBucketUsable: 8000 } });
      expect(customer.fix).toContain('hash(orderId) mod 2');
      expect(customer.fix).toContain(
        'the hottest (`/customerId`, `/orderId`) value, 94% of the hottest /customerId value, stays whole in one bucket, which then takes 7,954 of the 8,000 RU/s usable there: within it',
      );
      expect(customer.fix).not.toContain('needs its own plan');
      expect(customer.fix).not.toContain('no bucket splits');
    });
  }

  it("where the bucket holding it is over (a customer at 90%: 8,460 + 540 ÷ 2 = 8,730), the note stays, and so does the full key's finding", () => {
    const found = sg003(orders(0.9, 'one'));
    const customer = found.find((f) => f.path === 'partitionKey.paths[0]');
    expect(customer?.fix).toContain('is one item, which no bucket splits: that value needs its own plan (SG003 on the full key)');
    expect(customer?.data?.heldBucketLoad).toBeUndefined();
    expect(found.map((f) => f.path)).toContain('partitionKey.paths');
  });
});
