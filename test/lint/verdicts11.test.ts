/**
 * Verdicts left from review 10 and the planner's questions (session 11): two SG003 findings on one hierarchical key
 * give one fix; SG001 and SG003 do not report one hot key twice; SG003's first-level check takes the share SG001 and
 * SG014 take.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { lint, type DesignInput, type Finding } from '../../lib';
import { container, reviewEvents, table } from '../fixtures';

const review10 = (file: string): DesignInput => JSON.parse(readFileSync(join(__dirname, 'review10', file), 'utf8')) as DesignInput;
const sg003 = (findings: readonly Finding[], path: string) => findings.find((f) => f.ruleId === 'SG003' && f.path.endsWith(path));

describe('two SG003 findings on one hierarchical key agree (review 10 item 11)', () => {
  it('the full key defers to the first level, whose buckets (hashed on `cartId`, finer than the key) split the hot store too', () => {
    // The carts container runs today (the flash sale is on it), on the 5 partitions its 50,000 RU/s started it on.
    const design = review10('cart-hot-store.json') as unknown as { containers: object[] };
    const findings = lint({ ...design, containers: [{ ...design.containers[0], physicalPartitions: 5 }] } as unknown as DesignInput);
    const fullKey = sg003(findings, 'partitionKey.paths');
    const firstLevel = sg003(findings, 'partitionKey.paths[0]');
    expect(fullKey?.edits).toBeUndefined();
    expect(fullKey?.fix).toMatch(/^apply the fix of the hottest `\/tenantId` value \(SG003 at `partitionKey.paths\[0\]`\): its buckets hash `cartId`/);
    expect(fullKey?.fix).not.toMatch(/RU\/s/);
    // 50,000 RU/s on 5 partitions, 40,000 at peak: every partition's average is at its 8,000 usable. A raise to 6–9
    // partitions leaves unsplit ones holding 1/5 of the key space, as full ("Best practices for scaling provisioned
    // throughput"); 10 = 2 × 5, past 90,000: 91,000 (9,100 each, 7,280 usable), 6 buckets of 3,333.33 beside 36,666.67 ÷
    // 10: 7,000 (5: 4,000 + 3,600 = 7,600). Before, judged as if 6 were even: 53,000 with 42 buckets.
    expect(firstLevel?.fix).toContain("raise the container's throughput in place to 91,000 RU/s");
  });

  it("the first level's fix, applied as it says (91,000 RU/s, 6 buckets of the hot tenant on cartId), passes the design", () => {
    const [carts] = (review10('cart-hot-store.json') as unknown as { containers: { workload: Record<string, number> }[] }).containers;
    const bucketed = {
      ...carts,
      partitionKey: {
        paths: [
          { path: '/tenantIdBucket', cardinality: 50 + 5, hotKeyShare: 0.5 / 6 },
          { path: '/storeId', cardinality: 2000 },
        ],
      },
      workload: { ...carts.workload, hotKeyShare: 0.2 / 6 },
      throughput: { autoscaleMax: 91_000 },
      physicalPartitions: 10,
      accessPatterns: [
        { name: 'cart-by-id', keyAttributes: ['/tenantIdBucket', '/storeId'], share: 0.9 },
        { name: 'store-report', keyAttributes: ['/tenantIdBucket'], share: 0.1 },
      ],
    };
    expect(lint({ containers: [bucketed] } as unknown as DesignInput)).toEqual([]);
  });

  // The key ends in the item's id: its hottest value is one document, which no bucket of the tenant splits.
  const events = reviewEvents({
    workload: { peakReadUnits: 20000, peakWriteUnits: 30000, hotKeyShare: 0.18 },
    storage: { totalGb: 120, largestPartitionGb: 1.5 },
  });

  it('a full key whose hottest value is one item keeps its own fix, and the first level says no bucket splits that item', () => {
    const findings = lint(events);
    expect(sg003(findings, 'partitionKey.paths')?.fix).toMatch(/^no shard count serves: the reads of one item/);
    const firstLevel = sg003(findings, 'partitionKey.paths[0]');
    expect(firstLevel?.fix).toContain('hash(id) mod 65');
    expect(firstLevel?.fix).toContain('is one item, which no bucket splits: that value needs its own plan (SG003 on the full key)');
    expect(firstLevel?.fix).not.toContain('a hash of any key level keeps that value whole');
    expect(firstLevel?.data?.skippedSource).toBeUndefined();
  });

  it("a full key whose plan also fixes its size defers to the first level's buckets, which hash `id` and split its size too (hier27)", () => {
    const messages = container({
      name: 'messages',
      partitionKey: {
        paths: [
          { path: '/tenantId', cardinality: 300, hotKeyShare: 0.45, largestGb: 400 },
          { path: '/roomId', cardinality: 60_000, hotKeyShare: 0.12, largestGb: 25 },
        ],
      },
      throughput: { autoscaleMax: 100_000 },
      storage: { totalGb: 1500 },
      workload: { peakReadUnits: 40_000, peakWriteUnits: 60_000 },
    });
    const findings = lint(messages);
    expect(sg003(findings, 'partitionKey.paths[0]')?.data).toMatchObject({ source: 'id', skippedSource: 'roomId' });
    const size = findings.find((f) => f.ruleId === 'SG006');
    // hier27 item 2: the first level's 30 buckets hash `id`, so each holds 25 ÷ 30 = 0.83 GB of the largest room too;
    // before, both asked for 63 shards of the full key at 132,000 RU/s, under the one tenant the first level sends to buckets.
    expect(size?.fix).toMatch(/^apply the fix of the hottest `\/tenantId` value \(SG003 at `partitionKey.paths\[0\]`\)/);
    expect(size?.fix).toContain('25 GB ÷ 30 = 0.83 GB per bucket, within the 16 GB usable');
    expect(sg003(findings, 'partitionKey.paths')?.fix).toContain('25 GB ÷ 30 = 0.83 GB per bucket');
    expect(sg003(findings, 'partitionKey.paths')?.fix).not.toContain('random shards');
  });
});

describe('SG001 and SG003 report one hot key once (planner question 6)', () => {
  // A 4-valued status index at 6,000 WCU: its hottest status takes 1,500 WCU (the uniform 1/4) against 800 usable.
  const orders = (indexWorkload?: { hotKeyShare: number }) =>
    table({
      partitionKey: { name: 'orderId', type: 'S', cardinality: 'unique' },
      workload: { peakReadUnits: 1000, peakWriteUnits: 6000 },
      globalSecondaryIndexes: [
        {
          indexName: 'by-status',
          partitionKey: { name: 'status', type: 'S', cardinality: 4, mutable: false },
          ...(indexWorkload ? { workload: indexWorkload } : {}),
        },
      ],
    });
  const onIndex = (findings: readonly Finding[]) => findings.filter((f) => f.index === 'by-status').map((f) => f.ruleId);

  it('on the uniform share alone: one finding, SG001, whose fix and edits are the shards SG003 gave', () => {
    const findings = lint(orders());
    expect(onIndex(findings)).toEqual(['SG001']);
    const [sg001] = findings;
    // Beside the other statuses' 4,500 WCU ÷ 12 partitions (twice the index's 6,000 WCU, more than its reads need): 425 left;
    // N = 5 fits the usable line, 300 + 5,700 ÷ 12 = 775 (at 4, 375 + 468.75 = 843.75), but two of the 5 on one partition
    // take 600 + 475 − 25 = 1,050 of the hard 1,000 WCU; N = 6: 500 + 479.17 − 20.83 = 958.33.
    expect(sg001.message).toContain('1,500 of the 425 WCU its neighbours leave of a usable 800');
    expect(sg001.fix).toMatch(/`statusShard` = `status` \+ "#" \+ a random 0…5 \(N = 6 random shards\)/);
    expect(sg001.fix).toContain("two share one 77.72% of the time, and that partition then takes 958.33 WCU, within the partition's 1,000 WCU maximum");
    expect(sg001.edits).toBeDefined();
  });

  it('with a share declared above the uniform one, both stay: the skew is a finding of its own', () => {
    expect(onIndex(lint(orders({ hotKeyShare: 0.4 })))).toEqual(['SG001', 'SG003']);
  });

  it("a table's primary key and a Cosmos DB container the same way", () => {
    const byStatus = (hotKeyShare?: number) =>
      table({
        partitionKey: { name: 'state', type: 'S', cardinality: 4 },
        sortKey: { name: 'orderId', type: 'S', cardinality: 'unique' },
        workload: { peakReadUnits: 1000, peakWriteUnits: 6000, ...(hotKeyShare ? { hotKeyShare } : {}) },
      });
    expect(lint(byStatus()).map((f) => f.ruleId)).toEqual(['SG001']);
    expect(lint(byStatus(0.4)).map((f) => f.ruleId)).toEqual(['SG001', 'SG003']);
    const tenants = (hotKeyShare?: number) =>
      container({
        partitionKey: { paths: [{ path: '/tenantId', cardinality: 4 }] },
        workload: { peakReadUnits: 20000, peakWriteUnits: 20000, ...(hotKeyShare ? { hotKeyShare } : {}) },
      });
    expect(lint(tenants()).map((f) => f.ruleId)).toEqual(['SG001']);
    expect(lint(tenants(0.4)).map((f) => f.ruleId)).toEqual(['SG001', 'SG003']);
  });
});
