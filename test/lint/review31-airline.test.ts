/**
 * Cosmos31a: a stranger's seat-inventory container (designs copied under review31/), 26,000 of 40,000 RU/s autoscale.
 * 1. `/flightId` (30,000) → `/departureDate` (365), no access patterns: SG004 refused it, speaking of a query by
 *    `/departureDate` nobody declared, and --fix wrote the date first. Azure, "Hierarchical partition keys": every level
 *    many values, the levels the queries filter on first; low to high is the order of levels that nest (tenant ⊃ user),
 *    while flights and dates cross, so with no queries declared the order is advice.
 * 2. `/airline` first, a 30% fare-sale airline: SG003's bucket fix (N = 2, from the load) applied left SG014 on the
 *    re-lint, whose fix asked to bucket the bucketed level again. Buckets that fit are the fix, as shards that fit are
 *    (domain brief): SG014 leaves them, and the share never raises N.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { lint, normalize, type CosmosContainerDesign, type CosmosKeyDesign, type DesignInput } from '../../lib';
import { reorderedFirstLevel } from '../../lib/lint/prefix-ingestion';

const design = (name: string) => JSON.parse(readFileSync(join(__dirname, 'review31', `${name}.json`), 'utf8')) as { containers: CosmosContainerDesign[] };
const container = (doc: { containers: CosmosContainerDesign[] }) => doc.containers[0];
const withContainer = (doc: { containers: CosmosContainerDesign[] }, change: Partial<CosmosContainerDesign>): DesignInput => ({
  ...doc,
  containers: [{ ...container(doc), ...change }],
});
const rule = (input: DesignInput, id: string) => lint(input).filter((f) => f.ruleId === id);

describe('SG004 with no declared queries: the cardinality order is advice (item 1)', () => {
  const flightFirst = design('airline-flight-first-noap');

  it('warns, naming what each order routes by prefix, asks for the queries, and speaks of no query as declared', () => {
    const [finding, ...rest] = rule(flightFirst, 'SG004');
    expect(rest).toEqual([]);
    expect(finding).toMatchObject({ severity: 'warning', messageId: 'unqueriedOrder', path: 'containers[0].partitionKey.paths' });
    expect(finding.message).toContain(
      'as it is, it routes by prefix the queries that give `/flightId`; ordered `/departureDate` → `/flightId`, those that give `/departureDate`',
    );
    expect(finding.message).not.toMatch(/a query by `\/departureDate` gives no prefix|becomes cross-partition/);
    expect(finding.fix).toMatch(/^declare the queries \(accessPatterns keyAttributes\): they decide the order/);
  });

  it('--fix writes no reorder: the design is left as declared', () => {
    const findings = lint(flightFirst);
    expect(findings.filter((f) => f.edits !== undefined)).toEqual([]);
    expect(findings.some((f) => f.severity === 'error')).toBe(false);
  });

  it('the queries declared decide it: by date, the date first is an error with its edit; by flight, the order stands', () => {
    const byDate = withContainer(flightFirst, {
      accessPatterns: [
        { name: 'flights-of-day', keyAttributes: ['departureDate'], share: 0.5 },
        { name: 'seat-map', keyAttributes: ['flightId', 'departureDate'], share: 0.5 },
      ],
    });
    const [reorder] = rule(byDate, 'SG004');
    expect(reorder).toMatchObject({ severity: 'error', messageId: 'hierarchical' });
    expect(reorder.edits?.[0]).toMatchObject({ op: 'set', value: [{ path: '/departureDate' }, { path: '/flightId' }] });
    const byFlight = withContainer(flightFirst, {
      accessPatterns: [
        { name: 'seat-map', keyAttributes: ['flightId', 'departureDate'], share: 0.97 },
        { name: 'flight-all-dates', keyAttributes: ['flightId'], share: 0.03 },
      ],
    });
    expect(rule(byFlight, 'SG004')).toEqual([]);
  });

  it('a unique level before a coarser one stays an error whatever the queries, with its edit', () => {
    const [flight, date] = container(flightFirst).partitionKey.paths;
    const unique = withContainer(flightFirst, { partitionKey: { paths: [{ ...flight, path: '/seatId', cardinality: 'unique' }, date] } });
    const [finding] = rule(unique, 'SG004');
    expect(finding).toMatchObject({ severity: 'error', messageId: 'hierarchical' });
    expect(finding.edits).toBeDefined();
  });

  it('the date first, judged as SG003 judges a first level (reorderOverload): 71.23 RU/s on its partition, which fits', () => {
    const normalized = normalize(flightFirst).designs[0].design as CosmosKeyDesign;
    const [flight, date] = normalized.primaryKey.partitionKey;
    const judged = reorderedFirstLevel(normalized, [date, flight]);
    // 365 uniform dates over 4 physical partitions: 1/365 of 26,000 RU/s, beside (26,000 − 71.23) ÷ 4 of the rest.
    expect(judged).toMatchObject({ level: '/departureDate', overloaded: false });
    expect(judged?.load).toBeCloseTo(71.23, 2);
    expect(judged?.usable).toBeCloseTo(1571.23, 2);
  });

  it('a declared hot date the reorder would overload: the date-first order is named with its cost, never written', () => {
    const [flight, date] = container(flightFirst).partitionKey.paths;
    const hotDate = withContainer(flightFirst, {
      partitionKey: { paths: [flight, { ...date, hotKeyShare: 0.3 }] },
      workload: { peakReadUnits: 14000, peakWriteUnits: 12000 },
      accessPatterns: [
        { name: 'flights-of-day', keyAttributes: ['departureDate'], share: 0.5 },
        { name: 'seat-map', keyAttributes: ['flightId', 'departureDate'], share: 0.5 },
      ],
    });
    const [finding] = rule(hotDate, 'SG004');
    expect(finding.edits).toBeUndefined();
    expect(finding.data).toMatchObject({ overloadLevel: '/departureDate', overloadShare: 0.3 });
  });
});

describe('a bucketed first level whose buckets fit: the buckets are the fix (item 2)', () => {
  const bucketed = design('airline-bucketed2');
  const [first, ...deeper] = container(bucketed).partitionKey.paths;
  const withFirst = (level: typeof first) => withContainer(bucketed, { partitionKey: { paths: [level, ...deeper] } });
  // A first level with no declared bucket part has no buckets a read could fan out over: its patterns drop fanOut (refused there).
  const unbucketed = (level: typeof first) =>
    withContainer(bucketed, {
      partitionKey: { paths: [level, ...deeper] },
      accessPatterns: container(bucketed).accessPatterns?.map(({ fanOut: _, ...p }) => p),
    });

  it('SG003 sizes the buckets of the 30% airline by load: 2, not more for the share', () => {
    const [finding] = rule(design('airline-airline-first'), 'SG003');
    expect(finding.data).toMatchObject({ buckets: 2 });
    expect(finding.fix).toContain("why N = 2: a bucket's 1,975 RU/s");
    expect(finding.fix).toContain('`{ hotKeyShare: 0.15, largestGb: 17.5 }`');
  });

  it('applied as the fix says (2 buckets, 15% each, fitting their partitions), the re-lint is clean: no SG014', () => {
    expect(lint(bucketed)).toEqual([]);
  });

  it('a bucketed level named so, without its bucket part declared, is as quiet', () => {
    const { components: _, ...named } = first;
    expect(rule(unbucketed(named), 'SG014')).toEqual([]);
  });

  it('nor where the full key’s hottest value is estimated from the buckets’ share (one flight date under each bucket)', () => {
    const [flight, date] = deeper;
    const oneEach = withContainer(bucketed, { partitionKey: { paths: [first, { ...flight, cardinality: 1 }, { ...date, cardinality: 1 }] } });
    expect(rule(oneEach, 'SG014')).toEqual([]);
  });

  it('the same 15% on a level of its own values (not buckets) is still SG014’s warning', () => {
    const { components: _, ...rest } = first;
    const [finding] = rule(unbucketed({ ...rest, path: '/airline' }), 'SG014');
    expect(finding).toMatchObject({ severity: 'warning', messageId: 'dominant' });
    expect(finding.fix).toMatch(/^plan a bucketed first level now/);
  });

  it('buckets that do not fit (30% each) are SG003’s finding alone, its count from the load: 2 → 4; SG014 adds nothing', () => {
    const findings = lint(withFirst({ ...first, hotKeyShare: 0.3 }));
    expect(findings.map((f) => f.ruleId)).toEqual(['SG003']);
    expect(findings[0].fix).toMatch(/^raise the bucket count of `\/airlineBucket` from 2 to 4 /);
  });
});
