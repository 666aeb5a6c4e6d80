/**
 * edits30 items 2 and 4: a fix of the hottest value alone (`sharding.hotValues: 1`, or buckets for the hottest first-level
 * value only) rests on the one hottest share the design declares.
 * - Where that value takes all the traffic (`hotKeyShare: 1`), there is no next hottest load to quote: it printed
 *   "the next hottest, at 0 WCU"; it says no other value carries traffic.
 * - A second whale is what the fix assumes away (it lints clean while a second 20% value would throttle unsharded): the
 *   fix names the most one other value can take and still fit, from the same ceilings it judged the next hottest on.
 */
import { lint, type CosmosContainerDesign, type DynamoDbTableDesign } from '../../lib';
import { container } from '../fixtures';

const events = (hotKeyShare: number): DynamoDbTableDesign => ({
  engine: 'dynamodb',
  name: 'events',
  partitionKey: { name: 'tenantId', type: 'S', cardinality: 500 },
  sortKey: { name: 'eventId', type: 'S', cardinality: 'unique' },
  workload: { peakReadUnits: 100, peakWriteUnits: 3000, hotKeyShare },
});

const tableFix = (design: DynamoDbTableDesign) => lint(design).find((f) => f.ruleId === 'SG003' && f.index === undefined);

describe('a fix of the hottest value alone', () => {
  it('hotKeyShare 1: no "next hottest, at 0 WCU", but that no other value carries traffic', () => {
    const finding = tableFix(events(1));
    expect(finding?.fix).toContain('sharding.hotValues: 1');
    expect(finding?.fix).not.toContain('the next hottest, at 0');
    expect(finding?.fix).toContain(
      '(no other value carries traffic, the hottest taking all of it; where which value is hot is not known ahead or moves, set `workload.hotKeyMoves` to true, and the fix shards every value)',
    );
    expect(finding?.data).toMatchObject({ restIdle: true });
    expect(finding?.data?.otherMaxShare).toBeUndefined();
  });

  it('names the most a second value can take unsharded: 11.99% of 3,000 WCU beside 1/6 of the rest fits the usable 800', () => {
    const finding = tableFix(events(0.5));
    expect(finding?.fix).toContain(
      '300.5 WCU left; this assumes no other value takes more than 11.99% of the peak, the most one can and still fit unsharded: where one does, shard every value instead; where which value is hot is not known ahead or moves, set `workload.hotKeyMoves` to true, and the fix shards every value)',
    );
    const most = finding?.data?.otherMaxShare as number;
    expect(most).toBe(0.1199);
    // By hand, on the 6 partitions counted: a value of s × 3,000 WCU beside (3,000 − s × 3,000) ÷ 6 fits 800 up to s = 12%.
    const over = (share: number) => share * 3000 + (3000 - share * 3000) / 6;
    expect(over(most)).toBeLessThanOrEqual(800);
    expect(over(most + 0.0002)).toBeGreaterThan(800);
  });

  it('a bucket fix of a whale tenant alone names the most another tenant can take unbucketed (2.22%)', () => {
    const users: CosmosContainerDesign = container({
      name: 'users',
      partitionKey: {
        paths: [
          { path: '/tenantId', cardinality: 2000, hotKeyShare: 0.3 },
          { path: '/userId', cardinality: 400_000 },
        ],
      },
      workload: { peakReadUnits: 30_000, peakWriteUnits: 10_000 },
      throughput: { manual: 60_000 },
      storage: { totalGb: 300 },
    });
    const [tenant] = lint(users).filter((f) => f.ruleId === 'SG003' && f.path === 'partitionKey.paths[0]');
    expect(tenant.fix).toContain(
      'values less hot can keep one bucket (`/tenantIdBucket` = /tenantId, their queries on one partition; the application lists the bucketed values); bucket any other /tenantId value above 2.22% of the peak, the most one fits unbucketed',
    );
    // 2.22% of 40,000 RU/s beside 1/10 of the rest fits the 4,800 usable on a partition of 6,000; 2.23% does not.
    const total = (share: number) => share * 40_000 + (40_000 - share * 40_000) / 10;
    expect(total(0.0222)).toBeLessThanOrEqual(4800);
    expect(total(0.0223)).toBeGreaterThan(4800);
  });

  it('a raise-and-shard fix judges the other values at the raise it names, not the declared RU/s (stock-hot)', () => {
    // uniq32 item 2: judged at the declared 20,000 RU/s (2 partitions the hot value's neighbours fill) it said the next
    // hottest "fits unsharded in its usable 0.2 RU/s" and that no other value may take more than 0% of the peak.
    const stock: CosmosContainerDesign = container({
      name: 'stock-hot',
      partitionKey: { paths: [{ path: '/productId', cardinality: 50_000 }] },
      throughput: { autoscaleMax: 20_000 },
      storage: { totalGb: 1 },
      // The stock container runs today on the 2 partitions 20,000 RU/s started it on: its raise is sized in place.
      physicalPartitions: 2,
      workload: { peakReadUnits: 4000, peakWriteUnits: 12_000, hotKeyShare: 0.5, hotKeyOperations: 'writes' },
      invariants: [{ kind: 'conditional-write', description: 'stock decremented with If-Match ETag; never below 0' }],
      accessPatterns: [{ name: 'stock-of-product', keyAttributes: ['productId'], share: 1 }],
    });
    const finding = lint(stock).find((f) => f.ruleId === 'SG003');
    expect(finding?.data).toMatchObject({ shardRaiseTo: 31_000, shardRaisedPartitions: 4, shardRaisedEach: 7750 });
    // At 31,000 RU/s: 4 partitions of 7,750, 6,200 usable; a value of s × 16,000 beside (16,000 − s × 16,000) ÷ 4.
    const beside = (share: number) => share * 16_000 + (16_000 - share * 16_000) / 4;
    const most = finding?.data?.otherMaxShare as number;
    expect(most).toBe(0.1833);
    expect(beside(most)).toBeLessThanOrEqual(6200);
    expect(beside(most + 0.0002)).toBeGreaterThan(6200);
    // 6,200 usable less 1/4 of the rest of the 16,000 RU/s peak (the value's own fraction of an RU/s left out of it).
    const usable = finding?.data?.restUsable as number;
    expect(usable).toBeGreaterThan(6200 - 16_000 / 4);
    expect(usable).toBeLessThan(6200 - 16_000 / 4 + 1);
    expect(finding?.fix).toContain('fits unsharded in its usable 2,200.2 RU/s; this assumes no other value takes more than 18.33% of the peak');
  });
});
