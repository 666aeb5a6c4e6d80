import { lint, lintDocument, lintNormalized, normalize } from '../../lib';
import * as fieldPathModule from '../../lib/design/field-path';
import { besideNeighbours, hashedPairFits } from '../../lib/design/hashed-pair';
import { dynamoDbProfile } from '../../lib/engines/dynamodb';
import * as adviceModule from '../../lib/lint/advice';
import { DesignAnalysis, SpaceAnalysis } from '../../lib/lint/analysis';
import * as hotValueAlone from '../../lib/lint/hot-value-alone';
import { unshardedDimensions } from '../../lib/lint/physical-partition';
import * as readRequestsModule from '../../lib/lint/read-requests';
import { writeCopies } from '../../lib/lint/rules/capacity-below-peak/copies';
import { hotKeyExceedsPartition } from '../../lib/lint/rules/hot-key-exceeds-partition';
import * as sparseIndexModule from '../../lib/lint/sparse-index';
import { warmLever } from '../../lib/lint/warm-partitions';
import { callsDuring } from '../support/calls-during';

/** How many times `run` has the engine judge a key's loads against its ceilings: counted, whatever the machine's speed. */
function judgements(run: () => void): number {
  return callsDuring(dynamoDbProfile, 'loadDimensions', run).length;
}

/** A table whose hottest key value takes 30% of 40,000 WCU: 12,000 WCU, which needs shards beside its neighbours. */
const hotTable = {
  engine: 'dynamodb',
  name: 'events',
  partitionKey: { name: 'tenantId', type: 'S', cardinality: 5000 },
  sortKey: { name: 'eventId', type: 'S', cardinality: 'unique' },
  workload: { peakReadUnits: 1000, peakWriteUnits: 40000, hotKeyShare: 0.3 },
} as const;

describe("the plan's shard count is found beside the neighbours, not by halving from 1,000", () => {
  it('is the smallest count at which the busiest shard fits beside its neighbours, and two on one partition its maximum', () => {
    const [{ design }] = normalize(hotTable).designs;
    const a = new DesignAnalysis(design).of(design.primaryKey);
    const n = a.plan.shards as number;
    // 80 partitions (twice 40,000 WCU), the tenant's 12,000 WCU: one of 40 fits the usable line (300 + 39,700 ÷ 80 =
    // 796.25), but two of N on one partition take 24,000 ÷ N + (40,000 − 24,000 ÷ N) ÷ 80: 1,004.26 at 47, 993.75 at 48.
    expect(n).toBe(48);
    const pairFits = (count: number) => hashedPairFits(count, a.dimensionsAt('random', count).flatMap(besideNeighbours));
    expect(a.dimensionsAt('random', n).every((d) => d.load <= d.usable)).toBe(true);
    expect(pairFits(n)).toBe(true);
    expect(pairFits(n - 1)).toBe(false);
    expect(a.dimensionsAt('random', 40).every((d) => d.load <= d.usable)).toBe(true);
    expect(a.dimensionsAt('random', 39).some((d) => d.load > d.usable)).toBe(true);
  });

  it('judges a handful of counts to find it (a search from 1,000 judges about 13)', () => {
    const [{ design }] = normalize(hotTable).designs;
    const a = new DesignAnalysis(design).of(design.primaryKey);
    // The key unsharded (1); the usable line's formula, 40, confirmed by 40 and 39 (2); the pair's, 48 from the figures
    // the search judged at 40, confirmed by 48 and 47 (2); the plan's own figures at its count (2). Walking up from 40 judged 14.
    expect(judgements(() => a.plan)).toBeLessThanOrEqual(7);
  });
});

describe("the warm-throughput lever's own count is found from the load, not by halving from 1,000", () => {
  it('judges a handful of counts where a search from 1,000 judges 12', () => {
    const [{ design }] = normalize(hotTable).designs;
    const a = new DesignAnalysis(design).of(design.primaryKey);
    // A write-sharding plan (the lever's case), made before counting: the lever's own judgements alone are counted.
    expect(a.plan.layout).toMatch(/^(random|calculated)$/);
    expect(judgements(() => warmLever(a))).toBeLessThanOrEqual(4);
  });

  it("stops at the most shards it may offer, half the plan's count, where a search past them judged 40 counts", () => {
    // Every write and read of today's orderDate: 3,735 WCU and 32,993 RCU, planned as 35 calculated shards beside 22
    // partitions. The lever's own count is 14 (32,993 ÷ 2,400 RCU usable, 13.75), within the 17 that halve the 35; at
    // the 40 partitions write warm throughput makes under the default 40,000 WCU table quota, 17 shards leave no 5%
    // free, so no fewer do and no lever is offered.
    const [{ design }] = normalize({
      engine: 'dynamodb',
      name: 'orders',
      partitionKey: { name: 'orderDate', type: 'S', cardinality: 'unique' },
      sortKey: { name: 'itemId', type: 'S', cardinality: 'unique' },
      billing: 'on-demand',
      workload: { peakReadUnits: 32993, peakWriteUnits: 3735 },
    }).designs;
    const a = new DesignAnalysis(design).of(design.primaryKey);
    expect([a.plan.layout, a.plan.shards]).toEqual(['calculated', 35]);
    let lever: ReturnType<typeof warmLever> = undefined;
    // Its own count (3: one key, 14 and 13), then 14 and 17 at 40 partitions.
    expect(judgements(() => (lever = warmLever(a)))).toBeLessThanOrEqual(5);
    expect(lever).toBeUndefined();
  });
});

describe("an unsharded key's hottest value is judged once, by the analysis", () => {
  it("unshardedDimensions gives the analysis's perKey without judging the key again", () => {
    const [{ design }] = normalize(hotTable).designs;
    const a = new DesignAnalysis(design).of(design.primaryKey);
    let dimensions: ReturnType<typeof unshardedDimensions> | undefined;
    expect(judgements(() => (dimensions = unshardedDimensions(a)))).toBe(0);
    expect(dimensions).toBe(a.perKey);
  });

  it("judges a sharded key's hottest value unsharded once, for its plan and every rule that asks", () => {
    const [{ design }] = normalize({ ...hotTable, sharding: { strategy: 'random', shards: 4 } }).designs;
    const a = new DesignAnalysis(design).of(design.primaryKey);
    // The plan's count search starts from it (made first: its own count's judgements are not the ones counted).
    void a.plan;
    let dimensions: ReturnType<typeof unshardedDimensions> | undefined;
    expect(judgements(() => (dimensions = unshardedDimensions(a)))).toBe(0);
    expect(dimensions).toBe(unshardedDimensions(a));
    // 12,000 WCU on one key: over its 1,000 WCU partition maximum.
    expect(dimensions?.find((d) => d.label === 'write')?.load).toBe(12000);
  });
});

describe('SG001 asks the size need, not the plan, of a few-valued key that fits', () => {
  it('makes no plan for it', () => {
    const getter = Object.getOwnPropertyDescriptor(SpaceAnalysis.prototype, 'plan') as PropertyDescriptor;
    let plans = 0;
    Object.defineProperty(SpaceAnalysis.prototype, 'plan', {
      configurable: true,
      get(this: SpaceAnalysis) {
        plans++;
        return getter.get?.call(this);
      },
    });
    try {
      const findings = lint({
        engine: 'dynamodb',
        name: 'orders',
        partitionKey: { name: 'region', type: 'S', cardinality: 12 },
        sortKey: { name: 'orderId', type: 'S', cardinality: 'unique' },
        workload: { peakReadUnits: 100, peakWriteUnits: 100 },
        monitoring: { contributorInsights: true, latencyAlarms: true },
      });
      expect(findings.map((f) => `${f.ruleId} ${f.messageId}`)).toContain('SG001 fewValuesFits');
    } finally {
      Object.defineProperty(SpaceAnalysis.prototype, 'plan', getter);
    }
    expect(plans).toBe(0);
  });
});

describe('SG014 judges a first-level value on its partition only where its share can be dominant', () => {
  it('derives nothing for a hierarchical key of uniform shares', () => {
    const once = jest.spyOn(SpaceAnalysis.prototype, 'once');
    try {
      const findings = lint(
        {
          engine: 'cosmosdb',
          name: 'sessions',
          partitionKey: {
            paths: [
              { path: '/tenantId', cardinality: 500 },
              { path: '/userId', cardinality: 200000 },
            ],
          },
          workload: { peakReadUnits: 2000, peakWriteUnits: 2000 },
        },
        { only: ['SG014'] },
      );
      expect(findings).toEqual([]);
      expect(once).not.toHaveBeenCalled();
    } finally {
      once.mockRestore();
    }
  });
});

describe("SG017 counts a key's written copies from its fix only where the plan is copies", () => {
  it('makes no advice for a key whose plan shards it: shards are written once', () => {
    const [{ design }] = normalize(hotTable).designs;
    const analysis = new DesignAnalysis(design);
    const primary = analysis.of(design.primaryKey);
    // Over its ceiling, with a plan of write shards: the case SG017 asks about on most tables.
    expect(primary.over.length).toBeGreaterThan(0);
    expect(primary.plan.layout).toMatch(/^(random|calculated)$/);
    const advice = jest.spyOn(adviceModule, 'adviceFor');
    try {
      expect(writeCopies(analysis)).toEqual({ copies: 1, from: 'declared' });
      expect(advice).not.toHaveBeenCalled();
    } finally {
      advice.mockRestore();
    }
  });
});

describe("the read peak a key's fix leaves is counted once", () => {
  it("counts the fix's fan-out once for its quotas, its uncounted fan-out and SG017's pre-warm, and today's reads from the analysis", () => {
    const [{ design }] = normalize(hotTable).designs;
    const a = new DesignAnalysis(design).of(design.primaryKey);
    expect(a.plan.layout).toMatch(/^(random|calculated)$/);
    const over = jest.spyOn(readRequestsModule, 'readRequestsOver');
    const today = jest.spyOn(readRequestsModule, 'readRequests');
    try {
      adviceModule.adviceFor(a);
      expect(over).toHaveBeenCalledTimes(1);
      expect(today.mock.calls.length).toBeLessThanOrEqual(1);
    } finally {
      over.mockRestore();
      today.mockRestore();
    }
  });

  it("SG017 counts a key space's reads once, however many of its checks hold them against a ceiling", () => {
    const today = jest.spyOn(readRequestsModule, 'readRequests');
    try {
      const findings = lint(
        {
          engine: 'dynamodb',
          name: 'events',
          partitionKey: { name: 'tenantId', type: 'S', cardinality: 5000 },
          sortKey: { name: 'eventId', type: 'S', cardinality: 'unique' },
          // On demand, within the headroom of the 40,000 RCU table-level quota: checked against it, and the quota.
          workload: { peakReadUnits: 38000, peakWriteUnits: 100 },
        },
        { only: ['SG017'] },
      );
      expect(findings.map((f) => f.messageId)).toEqual(['nearQuota']);
      expect(today).toHaveBeenCalledTimes(1);
    } finally {
      today.mockRestore();
    }
  });
});

describe('the order the declared queries lead is judged once per lint', () => {
  it('SG004 and SG012 ask which crossing queries `/userId` first would leave once between them', () => {
    // Watch progress keyed `/titleId` → `/userId`, half its queries by user alone: both rules offer `/userId` first.
    const crossing = jest.spyOn(DesignAnalysis.prototype, 'crossPartition');
    try {
      const findings = lint(
        {
          containers: [
            {
              name: 'watch-progress',
              partitionKey: {
                paths: [
                  { path: '/titleId', cardinality: 20000 },
                  { path: '/userId', cardinality: 5000000 },
                ],
              },
              throughput: { autoscaleMax: 250000 },
              storage: { totalGb: 500, largestPartitionGb: 0.005 },
              workload: { peakReadUnits: 12000, peakWriteUnits: 180000 },
              accessPatterns: [
                { name: 'progress-point-read', keyAttributes: ['/titleId', '/userId'], share: 0.5 },
                { name: 'continue-watching', keyAttributes: ['/userId'], share: 0.5 },
              ],
            },
          ],
        },
        { only: ['SG004', 'SG012'] },
      );
      expect(findings.map((f) => `${f.ruleId}:${f.messageId}`)).toEqual(['SG004:queriesMissFirstLevel', 'SG012:crossingOne']);
      // SG012's fix is SG004's reorder: the one judgement, named by both.
      expect(findings.map((f) => f.data?.newFirst)).toEqual(['/userId', '/userId']);
      expect(crossing.mock.calls.filter(([first]) => first === '/userId')).toHaveLength(1);
    } finally {
      crossing.mockRestore();
    }
  });
});

describe("a fix reads the key's name for a moving hottest value only where the key may shard that value alone", () => {
  it('asks no name of a few-valued key whose hottest value takes the even share (nothing declares it hotter)', () => {
    const moving = jest.spyOn(hotValueAlone, 'movingHotValue');
    try {
      // 3 values of 9,000 WCU: 3,000 WCU on the hottest, the even share, so no sharding of it alone (hot-values.ts).
      const findings = lint({
        engine: 'dynamodb',
        name: 'orders',
        partitionKey: { name: 'region', type: 'S', cardinality: 3 },
        sortKey: { name: 'orderId', type: 'S', cardinality: 'unique' },
        workload: { peakReadUnits: 100, peakWriteUnits: 9000 },
      });
      expect(findings.map((f) => f.ruleId)).toContain('SG001');
      expect(moving).not.toHaveBeenCalled();
    } finally {
      moving.mockRestore();
    }
  });
});

describe('a fix asks whether an index is a state only where its re-key leads', () => {
  it("asks it once of a table key's plan (its sparse-index alternative), not again for a re-key no table key takes", () => {
    const sparse = jest.spyOn(sparseIndexModule, 'sparseIndexKey');
    try {
      // 3 regions of 9,000 WCU: the table's key is sharded (random), so its fix weighs the sparse-index alternative once
      // (keptAdvice); a table key is never an index keyed by a category (categoricalIndexFirst), so nothing asks again.
      const findings = lint({
        engine: 'dynamodb',
        name: 'orders',
        partitionKey: { name: 'region', type: 'S', cardinality: 3 },
        sortKey: { name: 'orderId', type: 'S', cardinality: 'unique' },
        workload: { peakReadUnits: 100, peakWriteUnits: 9000 },
      });
      expect(findings.map((f) => f.ruleId)).toContain('SG001');
      expect(sparse).toHaveBeenCalledTimes(1);
    } finally {
      sparse.mockRestore();
    }
  });
});

describe("a design's place in the file is prefixed to its paths once", () => {
  it("prefixes the design's location once, then each finding's and each edit's path, however many rules report", () => {
    // A file of one table whose hot tenant (30% of 40,000 WCU) is over its partition (SG003, with its shard count as an
    // edit) and whose writes near the table quota (SG017): two rules report. Each rule with findings, the unused
    // waivers and the broad ones each prefixed the table's location again.
    const document = normalize({ tables: [hotTable] });
    const spy = jest.spyOn(fieldPathModule, 'prefixPath');
    try {
      const { findings, notJudged } = lintNormalized(document);
      expect(findings.map((f) => f.ruleId)).toEqual(['SG003', 'SG017']);
      const edits = findings.flatMap((f) => f.edits ?? []);
      // Each figure not judged (here the on-demand table's undeclared `launchAtPeak`) prefixes its path and its field.
      expect(notJudged.map((n) => n.kind)).toEqual(['servedPeak']);
      expect(spy.mock.calls.length).toBe(1 + findings.length + edits.length + 2 * notJudged.length);
    } finally {
      spy.mockRestore();
    }
  });
});

describe('lint() returns the findings alone', () => {
  it('does not ask the rules what they left unjudged, which lintDocument() lists', () => {
    // 5,000 tenants and no hotKeyShare: SG003 takes the hottest as uniform (1/5,000 of the load), a note only
    // lintDocument() returns; lint() would build it and drop it.
    const design = { ...hotTable, workload: { peakReadUnits: 1000, peakWriteUnits: 4000 } };
    const unjudged = jest.spyOn(hotKeyExceedsPartition, 'unjudged');
    try {
      lint(design);
      expect(unjudged).not.toHaveBeenCalled();
      expect(lintDocument(design).notJudged.map((n) => n.kind)).toEqual(['hottestValue']);
      expect(unjudged).toHaveBeenCalledTimes(1);
    } finally {
      unjudged.mockRestore();
    }
  });
});
