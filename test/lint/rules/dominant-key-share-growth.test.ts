/**
 * SG014's growth headroom (`minGrowthHeadroom`, default 1.5): a declared hot value within maxHotKeyShare that fits its
 * partition today but saturates it before the traffic grows that much. Judged on the same growth SG014 gives a dominant
 * value (`growthOf`: the neighbours' load on a shared physical partition grows with the traffic too).
 */
import type { CosmosContainerDesign, DynamoDbTableDesign } from '../../../lib';
import { DEFAULT_THRESHOLDS, lint, UsageError, validateLintOptions } from '../../../lib';
import { container, table } from '../../fixtures';
import { testRule } from '../../support/rule-tester';

/**
 * The expert's multi-tenant carts: autoscale 60,000 RU/s on 6 physical partitions of 10,000 (8,000 usable); 35,000 RU/s
 * at peak, 6% on the biggest store (2,100 RU/s) under one first-level value, beside (35,000 − 2,100) ÷ 6 = 5,483.33 of
 * the other stores: 7,583.33 of 8,000, growth 8,000 ÷ 7,583.33 = 1.05×.
 */
const carts = (autoscaleMax = 60_000, hotKeyShare = 0.06): CosmosContainerDesign =>
  container({
    name: 'carts',
    partitionKey: {
      paths: [
        { path: '/storeId', cardinality: 20_000, hotKeyShare, largestGb: 8 },
        { path: '/cartId', cardinality: 'unique' },
      ],
    },
    throughput: { autoscaleMax },
    workload: { peakReadUnits: 20_000, peakWriteUnits: 15_000 },
    storage: { totalGb: 200, largestPartitionGb: 0.001 },
    accessPatterns: [
      { name: 'get-cart', keyAttributes: ['/storeId', '/cartId'], share: 0.95 },
      { name: 'store-abandoned-carts', keyAttributes: ['/storeId'], share: 0.05 },
    ],
  });

/**
 * A device writing 10% of 7,000 WCU (700, at maxHotKeyShare, not above it). 150,000 RCU of reads count 100 partitions
 * (twice the peak, 3,000 RCU each), so its neighbours are expected to take 6,300 ÷ 100 = 63 WCU: 700 of the 737 WCU they
 * leave of a usable 800, growth 737 ÷ 700 = 1.05× (SG003's model: DynamoDB's neighbours are judged at today's figure).
 */
const devices = (hotKeyShare = 0.1): DynamoDbTableDesign =>
  table({
    name: 'device-events',
    partitionKey: { name: 'deviceId', type: 'S', cardinality: 5_000 },
    workload: { peakReadUnits: 150_000, peakWriteUnits: 7_000, hotKeyShare, hotKeyOperations: 'writes' },
  });

testRule('SG014', {
  valid: [
    // 1.05× left is at least the 1.05 asked for.
    { name: 'the carts at minGrowthHeadroom 1.05', design: carts(), options: { thresholds: { minGrowthHeadroom: 1.05 } } },
    // 3% of 7,000 = 210 WCU, 2.88× left, more than 1.5.
    { name: 'a device with growth to spare', design: devices(0.03) },
    { name: 'the device at minGrowthHeadroom 1.04', design: devices(), options: { thresholds: { minGrowthHeadroom: 1.04 } } },
    // The noise guard: 1% of 20,000 RU/s (200) on 3 partitions of 10,000, beside (20,000 − 200) ÷ 3 = 6,600. The
    // partition saturates when traffic grows 8,000 ÷ 6,800 = 1.18×, about the container's own 1.2× (SG017's line), but
    // the customer alone could grow 1,400 ÷ 200 = 7×: its share costs no headroom, and no key change would help.
    {
      name: 'a value of little weight on a partition its neighbours fill: the container is short, not the key',
      design: container({
        name: 'orders',
        partitionKey: { paths: [{ path: '/customerId', cardinality: 10_000 }] },
        throughput: { manual: 30_000 },
        workload: { peakReadUnits: 10_000, peakWriteUnits: 10_000, hotKeyShare: 0.01 },
      }),
    },
  ],
  invalid: [
    {
      name: "the carts' biggest store: 1.05× left, less than 1.5",
      design: carts(),
      findings: [
        {
          messageId: 'nearCeiling',
          severity: 'warning',
          path: 'partitionKey.paths',
          notes: ['declaredAtLevel', 'belowMinGrowth', 'firstLevelPartition', 'firstLevelPhysicalShare'],
          data: {
            key: ['/storeId'],
            share: 0.06,
            load: 2_100,
            usable: 2_516.66666667,
            neighbourRu: 5_483.33333333,
            growthToCeiling: 1.05494505495,
            valueGrowth: 1.19841269841,
            minGrowth: 1.5,
            grownLoad: 3_150,
            grownContainerPeak: 52_500,
            grownContainerUsable: 48_000,
            grownContainerRaise: 66_000,
            grownBuckets: 6,
            grownBucketsRaiseTo: 70_000,
            grownRaiseTo: 105_000,
          },
          message:
            /^the hottest `\/storeId` value takes 6% of traffic \(declared at partitionKey\.paths\[0\]\.hotKeyShare\), within maxHotKeyShare 10%, but 2,100 of a usable 2,516\.67 RU\/s today: saturated when traffic grows 1\.05× \(1\.2× if only this value grows\), less than minGrowthHeadroom 1\.5×/,
          // At SG017's 66,000 RU/s (7 partitions of 9,428.57, 7,542.86 usable) the store's 3,150 RU/s meet (52,500 − 3,150) ÷ 7
          // = 7,050 of the others: 10,200, over. Its 6 buckets serve at 70,000 (7 of 10,000: 525 + 51,975 ÷ 7 = 7,950 of
          // 8,000; 5 make 8,040), the least raise that leaves a count 5% of room; alone it fits at 105,000 (11 of 9,545.45:
          // 3,150 + 49,350 ÷ 11 = 7,636.36 of 7,636.36; 104,000 leaves 7,563.64).
          fix: /^plan a bucketed first level .* before traffic grows 1\.05×; at 1\.5× today's peak the container's 52,500 RU\/s pass its usable 48,000 RU\/s: SG017's raise to 66,000 RU\/s comes first, and this value still needs more; at 1\.5× today's peak \(3,150 RU\/s on this value\) it needs N = 6 buckets at 70,000 RU\/s, as SG003 would size them then; at 1\.5× today's peak, 105,000 RU\/s of container throughput serve it as it is; and watch it with the skew alarms$/,
        },
      ],
    },
    {
      // 7% on 7 partitions of 10,000, no raise at 1.5× (52,500 of 56,000 usable): 7 buckets serve at today's RU/s
      // (525 + 51,975 ÷ 7 = 7,950 of 8,000; 6 make 8,025), so no RU/s are named with the count.
      name: "a bigger store on the carts' 70,000 RU/s: its buckets serve at the RU/s it has",
      design: carts(70_000, 0.07),
      findings: [
        {
          messageId: 'nearCeiling',
          severity: 'warning',
          path: 'partitionKey.paths',
          data: { grownBuckets: 7, grownRaiseTo: 117_000 },
          fix: /; at 1\.5× today's peak \(3,675 RU\/s on this value\) it needs N = 7 buckets, as SG003 would size them then; /,
        },
      ],
    },
    {
      name: 'a DynamoDB device at 700 of the 737 WCU left of a usable 800: 1.05× left',
      design: devices(),
      findings: [
        {
          messageId: 'nearCeiling',
          path: 'workload.hotKeyShare',
          notes: ['belowMinGrowth'],
          data: {
            key: ['deviceId'],
            share: 0.1,
            load: 700,
            unit: 'WCU',
            growthToCeiling: 1.04849279161,
            usable: 737,
            minGrowth: 1.5,
            grownLoad: 1_050,
            // Two of 2 shards on one partition are the whole 1,050 WCU, past its hard 1,000: 3.
            grownShards: 3,
          },
          fix: /^plan sharding for this key before traffic grows 1\.05×; at 1\.5× today's peak \(1,050 WCU on this value\) it needs N = 3 shards, as SG003 would size them then; and watch it with the skew alarms$/,
        },
      ],
    },
  ],
});

describe('minGrowthHeadroom', () => {
  it('prints a growth short of it rounded down, never as the threshold it is below', () => {
    // 5,333.35 of a usable 8,000 RU/s: 1.49999× to grow, which two decimals rounded would print as 1.5×.
    const design = container({
      partitionKey: { paths: [{ path: '/tenantId', cardinality: 150 }] },
      workload: { peakReadUnits: 5226, peakWriteUnits: 101441, hotKeyShare: 0.05 },
    });
    const [finding] = lint(design).filter((f) => f.messageId === 'nearCeiling');
    expect(finding.message).toMatch(/saturated when traffic grows 1\.49× \(1\.49× if only this value grows\), less than minGrowthHeadroom 1\.5×/);
    expect(finding.fix).toMatch(/^plan sharding for this key before traffic grows 1\.49×/);
  });

  it('defaults to 1.5', () => {
    expect(DEFAULT_THRESHOLDS.minGrowthHeadroom).toBe(1.5);
  });

  it('raises the bar for every design (a project threshold)', () => {
    // 3% of the device table, 2.88× left: quiet at 1.5, a finding at 4.
    const findings = lint(devices(0.03), { thresholds: { minGrowthHeadroom: 4 } }).filter((f) => f.ruleId === 'SG014');
    expect(findings.map((f) => f.messageId)).toEqual(['nearCeiling']);
  });

  it('is not a second finding beside a dominant one (SG014 above maxHotKeyShare says the growth already)', () => {
    const findings = lint(devices(0.3)).filter((f) => f.ruleId === 'SG014' || f.ruleId === 'SG003');
    expect(findings.filter((f) => f.messageId === 'nearCeiling')).toEqual([]);
  });

  it.each([0.9, 1, Number.NaN, 'x', Infinity])('refuses %p, naming the field', (value) => {
    const check = () => validateLintOptions({ thresholds: { minGrowthHeadroom: value } });
    expect(check).toThrow(UsageError);
    expect(check).toThrow(/options\.thresholds\.minGrowthHeadroom.*> 1/);
  });

  it('accepts a factor above 1', () => {
    expect(validateLintOptions({ thresholds: { minGrowthHeadroom: 1.2 } }).thresholds).toEqual({ minGrowthHeadroom: 1.2 });
  });
});

/**
 * A share above maxHotKeyShare is quiet where the value's growth left times its share is at least minGrowthHeadroom:
 * even were it to take the key space's whole peak, grown that much, its partition would hold it, so no skew saturates it
 * before the growth the design plans for (`shareCannotSaturate`).
 */
describe('a dominant share with far more growth left than minGrowthHeadroom', () => {
  // A vote tally of 12 contestants at 12 WCU, the leader 50%: 6 WCU, 106.67× left (SG001 says so: 12 values, all fit).
  const tally = (peakWriteUnits: number): DynamoDbTableDesign =>
    table({
      name: 'tally',
      partitionKey: { name: 'contestantId', type: 'S', cardinality: 12 },
      sortKey: { name: 'viewerId', type: 'S', cardinality: 'unique' },
      workload: { peakReadUnits: 12, peakWriteUnits, hotKeyShare: 0.5 },
    });
  // One customer at 20% of a flat table's writes on one partition: 250 WCU leave it 8× (× 20% = 1.6), 280 WCU 7.14× (1.43).
  const orders = (peakWriteUnits: number): DynamoDbTableDesign =>
    table({
      name: 'orders',
      partitionKey: { name: 'customerId', type: 'S', cardinality: 'unique' },
      workload: { peakReadUnits: 0, peakWriteUnits, hotKeyShare: 0.2 },
    });
  const sg014 = (design: DynamoDbTableDesign, minGrowthHeadroom?: number) =>
    lint(design, minGrowthHeadroom === undefined ? {} : { thresholds: { minGrowthHeadroom } }).filter((f) => f.ruleId === 'SG014');

  it('a 12 WCU tally whose leader has 106.67× left: SG001 alone, no share warning beside it', () => {
    const findings = lint(tally(12));
    expect(findings.map((f) => `${f.ruleId} ${f.messageId}`)).toEqual(['SG001 fewValuesFits']);
  });

  it('the same tally at 1,200 WCU (1.07× left): the share warning stays', () => {
    const [finding] = sg014(tally(1200));
    expect(finding).toMatchObject({ messageId: 'dominant', data: { share: 0.5, growthToCeiling: expect.closeTo(1.0667, 3) } });
  });

  it('at the cut: 8× left at 20% (1.6) is quiet, 7.14× (1.43) warns', () => {
    expect(sg014(orders(250))).toEqual([]);
    const [finding] = sg014(orders(280));
    expect(finding).toMatchObject({ messageId: 'dominant', data: { growthToCeiling: expect.closeTo(7.1429, 3) } });
  });

  it('follows minGrowthHeadroom: a design that plans for 2× growth keeps the warning at 8× left and 20%', () => {
    expect(sg014(orders(250), 2).map((f) => f.messageId)).toEqual(['dominant']);
  });
});
