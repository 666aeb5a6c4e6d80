/**
 * Verdicts on Cosmos DB hierarchical keys an expert signs (try30b): the declared queries decide a hierarchical key's
 * order, a reorder that spreads a hot first-level value is offered before a raise and buckets, a bucketed level's
 * figures are one bucket's, and a bucket count judged at SG017's raise says it holds only with that raise.
 */
import { applyDesignEdits, lint, type CosmosContainerDesign, type CosmosKeyPathDesign, type DesignInput, type Finding } from '../../lib';

/** try30b/var/wp-wrong-order.json: watch progress keyed `/titleId` → `/userId`, half its queries by user alone. */
const watchProgress = (title: { hotKeyShare?: number } = {}, continueShare = 0.5): CosmosContainerDesign => ({
  name: 'watch-progress',
  partitionKey: {
    paths: [
      { path: '/titleId', cardinality: 20000, ...title },
      { path: '/userId', cardinality: 5000000 },
    ],
  },
  throughput: { autoscaleMax: 250000 },
  storage: { totalGb: 500, largestPartitionGb: 0.005 },
  workload: { peakReadUnits: 12000, peakWriteUnits: 180000 },
  accessPatterns: [
    { name: 'progress-point-read', keyAttributes: ['/titleId', '/userId'], share: 1 - continueShare },
    { name: 'continue-watching', keyAttributes: ['/userId'], share: continueShare },
  ],
});

/**
 * try30b/designs/inventory.json: a flagship store at 15%, over capacity at 60,000 RU/s. Declared on the 6 physical
 * partitions it has (`physicalPartitions`), SG017 asks 111,000 in place; undeclared, it is a container still to be created.
 */
const inventory = (first: CosmosKeyPathDesign, autoscaleMax = 60000, listing = '/storeId', physicalPartitions?: number): CosmosContainerDesign => ({
  name: 'inventory',
  ...(physicalPartitions === undefined ? {} : { physicalPartitions }),
  partitionKey: { paths: [first, { path: '/skuId', cardinality: 200000 }] },
  throughput: { autoscaleMax },
  storage: { totalGb: 120 },
  workload: { peakReadUnits: 20000, peakWriteUnits: 30000 },
  accessPatterns: [
    { name: 'stock-point-read-at-checkout', keyAttributes: [listing, '/skuId'], share: 0.7 },
    { name: 'store-stock-listing', keyAttributes: [listing], share: 0.2, ...(listing === '/storeId' ? {} : { fanOut: true }) },
    { name: 'sku-availability-nearby-stores', keyAttributes: ['/skuId'], share: 0.1 },
  ],
});
const flagship: CosmosKeyPathDesign = { path: '/storeId', cardinality: 2000, hotKeyShare: 0.15, largestGb: 0.12 };
const bucketedStore = (buckets: number, figures: { hotKeyShare: number; largestGb: number }): CosmosKeyPathDesign => ({
  path: '/storeIdBucket',
  cardinality: 2000 * buckets,
  ...figures,
  components: [
    { name: 'storeId', cardinality: 2000 },
    { name: 'bucket', cardinality: buckets },
  ],
});

const doc = (container: CosmosContainerDesign): DesignInput => ({ containers: [container] });
const rule = (findings: readonly Finding[], id: string) => findings.find((f) => f.ruleId === id);
const lintWithout = (design: DesignInput, off: string) => lint(design, { rules: { [off]: 'off' } });

/** Applies the first fixable finding's edits until none is left, as `--fix` does one round at a time. */
function fixed(design: DesignInput): { design: DesignInput; findings: Finding[] } {
  let current = design;
  for (let round = 0; round < 10; round++) {
    const findings = lint(current);
    const fixable = findings.find((f) => (f.edits?.length ?? 0) > 0);
    if (!fixable) return { design: current, findings };
    current = applyDesignEdits(current, fixable.edits ?? []);
  }
  throw new Error('no convergence in 10 rounds');
}

describe('SG004: the declared queries decide a hierarchical key’s order, not only its cardinalities', () => {
  // The design declared the by-user query with fanOut too: that is refused now (a query giving no /titleId crosses
  // partitions as keyAttributes say; fan-out-without-shards.test.ts), so only the query as keyAttributes say it is judged.
  it('`/titleId` → `/userId` read by user is an error with the reorder as its edit', () => {
    const findings = lint(doc(watchProgress({}, 0.5)));
    const order = rule(findings, 'SG004');
    expect(order).toMatchObject({
      severity: 'error',
      path: 'containers[0].partitionKey.paths',
      messageId: 'queriesMissFirstLevel',
      data: { order: ['/userId', '/titleId'], crossing: ['continue-watching'], crossingShare: 0.5, stillCrossingShare: 0 },
    });
    expect(order?.edits).toEqual([
      {
        op: 'set',
        path: 'containers[0].partitionKey.paths',
        value: [
          { path: '/userId', cardinality: 5000000 },
          { path: '/titleId', cardinality: 20000 },
        ],
      },
    ]);
    expect(order?.fix).toMatch(/^order it `\/userId` → `\/titleId`: with `\/userId` first, .*cannot be changed in place.*: an error\)$/);
    // SG012 names the reorder as the fix of the queries it strands.
    expect(rule(findings, 'SG012')).toMatchObject({ data: { order: ['/userId', '/titleId'], newFirst: '/userId', afterShare: 0 } });
    expect(rule(findings, 'SG012')?.fix).toMatch(/^order the key `\/userId` → `\/titleId` \(SG004\)/);
  });

  it('--fix writes the reorder and the re-lint is clean: both queries are routed by prefix', () => {
    const { design, findings } = fixed(doc(watchProgress()));
    expect(findings).toEqual([]);
    expect((design as { containers: CosmosContainerDesign[] }).containers[0].partitionKey.paths.map((p) => p.path)).toEqual(['/userId', '/titleId']);
  });

  it('a few stranded queries (3%, within maxCrossPartitionShare) make it a warning, not an error', () => {
    const order = rule(lint(doc(watchProgress({}, 0.03))), 'SG004');
    expect(order).toMatchObject({ severity: 'warning', data: { crossingShare: 0.03 } });
    expect(order?.fix).toMatch(/which this gain may not repay \(a warning\)$/);
    expect(rule(lint(doc(watchProgress({}, 0.03))), 'SG012')).toBeUndefined();
  });

  it('stays quiet where the queries give the first level', () => {
    const byTitle = watchProgress();
    const container = { ...byTitle, accessPatterns: [{ name: 'viewers-of-title', keyAttributes: ['/titleId'], share: 0.5 }, byTitle.accessPatterns?.[0]] };
    expect(rule(lint(doc(container as CosmosContainerDesign)), 'SG004')).toBeUndefined();
  });

  it('stays quiet where the first level the queries give would overload its physical partition (a 30% user)', () => {
    const hotUser = watchProgress();
    const paths = [hotUser.partitionKey.paths[0], { ...hotUser.partitionKey.paths[1], hotKeyShare: 0.3 }];
    const findings = lint(doc({ ...hotUser, partitionKey: { paths } }));
    expect(rule(findings, 'SG004')).toBeUndefined();
    expect(rule(findings, 'SG012')?.fix).toMatch(/^carry the partition key \(or its first level\), or maintain a change-feed projection/);
  });
});

describe('SG003: a reorder that spreads the hot first-level value leads a raise with buckets', () => {
  const hotTitle = doc(watchProgress({ hotKeyShare: 0.05 }));

  it('the 5% title: `/userId` first fits at today’s RU/s, before 253,000 RU/s + 24 buckets', () => {
    const hot = rule(lint(hotTitle), 'SG003');
    expect(hot).toMatchObject({
      severity: 'error',
      path: 'containers[0].partitionKey.paths[0]',
      data: { level: '/titleId', reorderOrder: ['/userId', '/titleId'], reorderFirst: '/userId', reorderCrossing: 0, crossingNow: 0.5 },
    });
    // Undeclared, the container is sized at its creation: 253,000 ÷ 10,000 → 26 partitions of 9,730.77, evenly (usable
    // 7,784.62); a bucket of 24: 9,600 ÷ 24 = 400 + (192,000 − 400) ÷ 26 = 7,369.23 → 7,769.23 fits; 23 would make 7,785.95.
    // 252,000 leaves the average partition (192,000 ÷ 26 = 7,384.62) within 5% of its 7,753.85 usable: no count is offered.
    expect(hot?.fix).toMatch(
      /so it comes first; or raise the container's throughput to 253,000 RU\/s \(26 physical partitions of 9,730.77 RU\/s: created at them.*mod 24/,
    );
    expect(hot?.fix).not.toContain('throughput in place');
    expect(hot?.fix).not.toContain('4-6 hours');
    expect(hot?.edits?.[0]).toMatchObject({ op: 'set', path: 'containers[0].partitionKey.paths' });
    expect(hot?.fix).toMatch(/^order the key `\/userId` → `\/titleId`: with `\/userId` first/);
  });

  it('--fix converges: the reorder leaves no SG003, SG004 or SG012', () => {
    expect(fixed(hotTitle).findings).toEqual([]);
  });

  it('a reorder that strands queries the current order serves is not offered (the flagship store)', () => {
    const hot = rule(lint(doc(inventory(flagship, 60000, '/storeId', 6))), 'SG003');
    expect(hot?.data?.reorderOrder).toBeUndefined();
    expect(hot?.fix).toMatch(/^give the first level more values/);
  });
});

describe('SG003: a bucketed level’s figures are one bucket’s, and the fix says what to declare', () => {
  it('the synthetic level’s fix gives the figures divided among its buckets, and the hand-applied key fits', () => {
    const hot = rule(lint(doc(inventory(flagship, 60000, '/storeId', 6))), 'SG003');
    expect(hot?.data).toMatchObject({ buckets: 3, bucketFigures: { hotKeyShare: 0.05, largestGb: 0.04 } });
    expect(hot?.fix).toMatch(/`\{ hotKeyShare: 0\.05, largestGb: 0\.04 \}`/);
    // Applied by hand as the text says, with SG017's raise (which it holds only with): no SG003 left.
    const applied = lint(doc(inventory(bucketedStore(3, { hotKeyShare: 0.05, largestGb: 0.04 }), 111000, '/storeIdBucket', 12)));
    expect(rule(applied, 'SG003')).toBeUndefined();
  });

  it('the whole value’s 15% kept on the bucketed level (try30b/fix2): more buckets, with the share each then takes, and that converges', () => {
    const kept = lint(doc(inventory(bucketedStore(3, { hotKeyShare: 0.15, largestGb: 0.12 }), 111000, '/storeIdBucket')));
    const hot = rule(kept, 'SG003');
    expect(hot).toMatchObject({ data: { buckets: 7, declaredBuckets: 3 } });
    expect(hot?.fix).toMatch(
      /^raise the bucket count of `\/storeIdBucket` from 3 to 7 .*, and set the figures it declares of its hottest value, now one of 7 buckets, to `\{ hotKeyShare: 0\.0642857142857, largestGb: 0\.0514285714286 \}`/,
    );
    const figures = hot?.data?.bucketFigures as { hotKeyShare: number; largestGb: number };
    expect(figures.hotKeyShare).toBeCloseTo((0.15 * 3) / 7, 10);
    // The text's figures, declared by hand with the new count, are what --fix writes; the re-lint asks nothing more.
    expect(hot?.edits).toEqual(expect.arrayContaining([{ op: 'set', path: 'containers[0].partitionKey.paths[0].hotKeyShare', value: figures.hotKeyShare }]));
    const byHand = lint(doc(inventory(bucketedStore(7, figures), 111000, '/storeIdBucket')));
    expect(rule(byHand, 'SG003')).toBeUndefined();
  });
});

describe('SG003: a bucket count judged at SG017’s raise holds only with it', () => {
  it.each(['SG017 on', 'SG017 off'])('says N = 3 together with the raise in place to 111,000 RU/s of the 6 partitions declared (%s)', (mode) => {
    const design = doc(inventory(flagship, 60000, '/storeId', 6));
    const findings = mode === 'SG017 on' ? lint(design) : lintWithout(design, 'SG017');
    const hot = rule(findings, 'SG003');
    expect(hot?.data).toMatchObject({ buckets: 3, containerRu: 111000, declaredRu: 60000 });
    expect(hot?.fix).toMatch(/N = 3 holds only together with the raise to 111,000 RU\/s SG017 asks for/);
  });

  it('a container with the RU/s it needs says nothing of a raise', () => {
    const hot = rule(lint(doc(inventory(flagship, 111000))), 'SG003');
    expect(hot?.fix).toMatch(/^give the first level more values/);
    expect(hot?.fix).not.toMatch(/holds only together with/);
  });
});

describe('SG003: a container still to be created (no physicalPartitions) is sized at its creation, as SG017 sizes it', () => {
  // 50,000 RU/s of peak on a 60,000 maximum: SG017's peak alone needs 50,000 ÷ 0.8 = 62,500 → 63,000, 7 partitions of 9,000
  // at creation (usable 7,200; the average partition 7,142.86 is 0.79% below it, where a bucket count needs 5%).
  const design = doc(inventory(flagship));

  it('the flagship store: the raise is the least creation at which a bucket count serves, 66,000 RU/s on 7 partitions, not 111,000 in place', () => {
    const findings = lint(design);
    const hot = rule(findings, 'SG003');
    // 66,000 ÷ 7 = 9,428.57 each, 7,542.86 usable (7,142.86 is 5.3% below it); a bucket of 17: 7,500 ÷ 17 = 441.18 +
    // (50,000 − 441.18) ÷ 7 = 7,079.83 → 7,521.01 fits; 16 would make 7,544.64. 65,000: 7,428.57 usable, 3.8% over the average.
    expect(hot?.data).toMatchObject({ bucketRaiseTo: 66000, bucketRaisedPartitions: 7, buckets: 17, bucketRaiseToWay: 'atCreation' });
    expect(hot?.fix).toMatch(
      /^raise the container's throughput to 66,000 RU\/s \(7 physical partitions of 9,428.57 RU\/s: created at them, Azure starts the container on one physical partition per 10,000 RU\/s of an autoscale maximum, evenly split; where the container exists already, declare its physicalPartitions and the raise is sized in place;/,
    );
    expect(hot?.fix).not.toContain('in place to');
    expect(hot?.fix).not.toContain('4-6 hours');
    expect(hot?.fix).not.toContain('once raised');
    // SG017 asks for the peak's own 63,000: the buckets are a synthetic first level, a new key --fix does not write, so
    // a raise to their 66,000 would be paid for a layout the container does not get.
    expect(rule(findings, 'SG017')?.edits).toEqual([{ op: 'set', path: 'containers[0].throughput.autoscaleMax', value: 63000 }]);
  });

  it("--fix writes the peak's 63,000 with no layout, and the re-lint still leads the store with 66,000 and its buckets, by hand", () => {
    const { design: after, findings } = fixed(design);
    const container = (after as { containers: CosmosContainerDesign[] }).containers[0];
    expect(container.throughput).toEqual({ autoscaleMax: 63000 });
    expect(container.physicalPartitions).toBeUndefined();
    expect(rule(findings, 'SG017')).toBeUndefined();
    expect(rule(findings, 'SG003')?.fix).toMatch(/^raise the container's throughput to 66,000 RU\/s/);
    expect(rule(findings, 'SG003')?.fix).toContain('a synthetic first level `/storeIdBucket` = /storeId + "-" + hash(skuId) mod 17');
    expect(rule(findings, 'SG003')?.edits).toBeUndefined();
  });

  it('declared on the partitions it has, the same container keeps the raise in place: 111,000 RU/s, 12 partitions', () => {
    const findings = lint(doc(inventory(flagship, 60000, '/storeId', 6)));
    expect(rule(findings, 'SG017')?.data).toMatchObject({ needed: 111000, neededPartitions: 12 });
    expect(rule(findings, 'SG003')?.fix).toContain("raise the container's throughput in place to 954,000 RU/s");
  });
});
