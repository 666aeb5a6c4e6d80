/**
 * Stranger20a problem 1: a serverless container has no raise in place; SG017's fix for a peak above what it serves is a
 * move to provisioned (manual) throughput. A key on such a container was judged on nothing but its logical partition's
 * ceiling, so `--fix` wrote 2 replicated copies (5,000 RU/s of peak on a container that serves 5,000, 240 GB on five
 * partitions of 1,000 RU/s) and the re-lint passed with a warning. The same design at SG017's 6,300 RU/s was an error.
 * Now the key is judged where SG017's move leaves it, as a provisioned container is judged at SG017's raise, and a count
 * of copies that needs the move (its RU/s grow with the copies' own writes) or past the 1 TB a serverless container
 * stores is not offered.
 */
import { lint, type CosmosContainerDesign, type Finding } from '../../lib';

/** The reviewer's device container: 120 GB serverless (three partitions sharing 5,000 RU/s), a device at 30% of 4,000 RU/s. */
const devices = (over: Partial<CosmosContainerDesign> = {}): CosmosContainerDesign => ({
  engine: 'cosmosdb',
  name: 'sl-120gb',
  partitionKey: { paths: [{ path: '/deviceId', cardinality: 100_000 }] },
  workload: { peakReadUnits: 3_000, peakWriteUnits: 1_000, hotKeyShare: 0.3 },
  throughput: 'serverless',
  storage: { totalGb: 120 },
  ...over,
});

const byRule = (findings: readonly Finding[], ruleId: string) => findings.filter((f) => f.ruleId === ruleId);

describe('a serverless container is judged where SG017 moves it', () => {
  it('the fix --fix wrote (2 copies, 240 GB) is refused: each copy 750 RU/s beside 850 on 1,250 RU/s partitions of the move', () => {
    const findings = lint(devices({ storage: { totalGb: 240 }, sharding: { strategy: 'replicated', shards: 2 } }));
    const [hot] = byRule(findings, 'SG003');
    // Before: no SG003 (0 errors, one SG017 warning). 5,000 RU/s ÷ 80% = 6,250 RU/s manual on the 5 partitions 240 GB
    // makes: 1,250 each, 1,000 usable, less (5,000 − 750) ÷ 5 = 850 of neighbours: 150 left for a 750 RU/s copy.
    expect(hot).toMatchObject({ severity: 'error', data: expect.objectContaining({ usable: 150, containerRu: 6_250, declaredRu: 5_000 }) });
    expect(hot.message).toContain(
      "(judged at the 6,250 RU/s SG017's move to manual throughput asks for, not the 5,000 RU/s serverless serves today: this key's physical partition stays short after that move)",
    );
  });

  it('offers the unsharded key no copies: every count needs the move, or stores more than 1 TB (before: 2, then 23)', () => {
    const [hot] = byRule(lint(devices()), 'SG003');
    expect(hot.edits).toBeUndefined();
    // The move to manual throughput leads (before: no raise was searched for a serverless container, and the copies'
    // refusal led): at 8,000 RU/s on the 3 partitions kept, 2,133.33 usable each, less (4,000 − 1,200) ÷ 3 = 933.33 of
    // neighbours, leaves exactly 1,200 for the device; 7,900 leaves 1,173.33.
    expect(hot.data).toMatchObject({ raiseTo: 8_000, raisedPartitions: 3, raiseToConverted: 15_000 });
    expect(hot.fix).toMatch(
      /^change the whole account to provisioned throughput, SG017's move .*manual throughput in place to 8,000 RU\/s \(3 physical partitions/,
    );
    expect(hot.fix).toContain('replicated copies do not serve it');
  });

  it("a tenant over its partition even at the move is SG003's error, not SG014's warning on a short container", () => {
    // Converted in place on the 3 partitions its 120 GB made (15,000 RU/s), raised in place to 18,000 ÷ 80% = 22,500 RU/s
    // (at most 3 × 10,000: no split): 7,500 each, 6,000 usable, less (18,000 − 5,400) ÷ 3 = 4,200 of neighbours: 1,800 for a
    // 5,400 RU/s tenant, which still throttles. (Was 1,350, on the 4 partitions a new container created at 22,500 gets.)
    const findings = lint(
      devices({
        name: 'tenant-events',
        partitionKey: { paths: [{ path: '/tenantId', cardinality: 500 }] },
        workload: { peakReadUnits: 6_000, peakWriteUnits: 12_000, hotKeyShare: 0.3 },
      }),
    );
    expect(byRule(findings, 'SG003')[0]?.data).toMatchObject({ usable: 1_800, containerRu: 22_500, physicalPartitions: 3, declaredRu: 5_000 });
    expect(byRule(findings, 'SG014')).toEqual([]);
    expect(byRule(findings, 'SG017')[0]?.severity).toBe('error');
  });

  // text29: at SG017's move the container's RU/s are its peak at 80%, so every partition is at its usable line and no
  // shard count fits there; the same container once moved, at those RU/s, is offered a raise in place and a count.
  // Before: "no count up to 1,000 keeps the hottest `/tenantId` value under its ceiling", as if the key's own were.
  it('says no shard count fits at the move, and that a raise once moved lets one fit (the moved design gets it)', () => {
    const writes = devices({
      name: 'tenant-writes',
      partitionKey: { paths: [{ path: '/tenantId', cardinality: 500 }] },
      workload: { peakReadUnits: 0, peakWriteUnits: 6_000, hotKeyShare: 0.2 },
    });
    const [hot] = byRule(lint(writes), 'SG003');
    expect(hot).toMatchObject({ severity: 'error', data: expect.objectContaining({ containerRu: 7_500, serverlessRu: 5_000 }) });
    expect(hot.fix).not.toContain('no count up to 1,000');
    expect(hot.fix).toMatch(
      /^no shard count fits at the 7,500 RU\/s of SG017's move to manual throughput, the peak at 80%, .*: once moved, a raise in place above 7,500 RU\/s lets one fit/,
    );
    const [moved] = byRule(lint({ ...writes, throughput: { manual: 7_500 } }), 'SG003');
    expect(moved.fix).toMatch(
      /^raise the container's throughput in place to 7,900 RU\/s .*, then shard only the hottest `\/tenantId` value, into N = 8 random shards/,
    );
  });

  it('a serverless key that fits is judged as before: on the partitions it has', () => {
    const findings = lint(devices({ workload: { peakReadUnits: 2_000, peakWriteUnits: 1_000, hotKeyShare: 0.05 } }));
    expect(byRule(findings, 'SG003')).toEqual([]);
  });
});

/**
 * Verdict28 A: on a serverless container short of RU/s, SG002 judged a time bucket on what serverless serves (5,000
 * RU/s over 3 partitions: 1,666.67 each) while SG003 judged the key on SG017's move to manual throughput (7,500 RU/s on
 * the 3 partitions the conversion keeps: 2,500 each): two partition figures for one container in one report. Both now
 * judge at the move ("Change from serverless to provisioned capacity mode": every container converted to manual
 * throughput in place), and say so in one clause.
 */
describe('SG002 and SG003 on one serverless container quote one partition', () => {
  const events = devices({
    name: 'events',
    partitionKey: {
      paths: [
        { path: '/day', kind: 'time-bucket', cardinality: 365 },
        { path: '/deviceId', cardinality: 1_000 },
      ],
    },
    workload: { peakReadUnits: 3_000, peakWriteUnits: 3_000, hotKeyShare: 0.3 },
  });
  const clause = "(judged at the 7,500 RU/s SG017's move to manual throughput asks for, not the 5,000 RU/s serverless serves today: ";

  it('both at the 7,500 RU/s of the move, on 3 partitions of 2,500 (before: SG002 on 1,666.67 of 5,000)', () => {
    const findings = lint(events);
    const [bucket] = byRule(findings, 'SG002');
    const [hot] = byRule(findings, 'SG003');
    const figures = { containerRu: 7_500, physicalPartitions: 3, partitionRu: 2_500, declaredRu: 5_000, serverlessRu: 5_000 };
    expect(bucket).toMatchObject({ messageId: 'timeFirst', severity: 'error', data: expect.objectContaining({ ...figures, usable: 2_000 }) });
    expect(hot).toMatchObject({ messageId: 'hotKey', severity: 'error', data: expect.objectContaining(figures) });
    expect(bucket.message).toContain(`${clause}the current bucket's physical partition stays short after that move)`);
    expect(hot.message).toContain(`${clause}this key's physical partition stays short after that move)`);
    // SG017 names the same move and the same figure.
    expect(byRule(findings, 'SG017')[0]?.data).toMatchObject({ capacity: 5_000, needed: 7_500 });
  });

  it('a provisioned container keeps the raise-in-place words', () => {
    const [bucket] = byRule(lint({ ...events, throughput: { manual: 5_000 } }), 'SG002');
    expect(bucket.message).toContain("(judged at the 7,500 RU/s the container's peak needs, not its declared 5,000 RU/s: ");
    expect(bucket.data).not.toHaveProperty('serverlessRu');
  });
});

/**
 * A serverless container's move is Azure's in-place conversion ("Change from serverless to provisioned capacity mode":
 * every container converted to manual throughput in place, at number of partitions × 5,000 RU/s), so its keys are judged
 * on the partitions it keeps, raised in place to SG017's figure, not on the layout a container created there gets.
 */
describe('a serverless container is judged on the layout its conversion keeps', () => {
  // The expert's sl-4900.json: 40 GB (1 partition), 4,900 RU/s of peak, a club at 30%.
  const club = (peakReadUnits: number, peakWriteUnits: number, over: Partial<CosmosContainerDesign> = {}): CosmosContainerDesign => ({
    engine: 'cosmosdb',
    name: 'club',
    partitionKey: { paths: [{ path: '/clubId', cardinality: 50_000 }] },
    workload: { peakReadUnits, peakWriteUnits, hotKeyShare: 0.3 },
    throughput: 'serverless',
    storage: { totalGb: 40 },
    ...over,
  });

  it('4,900 RU/s: no SG003 error, 6,200 RU/s on the 1 partition kept leave 1,530 for a 1,470 RU/s club', () => {
    // Before: an error at 765 RU/s left on 2 partitions of 3,100 (a new container created at 6,200). By hand: 6,200 × 80%
    // = 4,960 usable on 1 partition, less the other 70% (3,430): 1,530 ≥ 1,470.
    const findings = lint(club(3_920, 980));
    expect(byRule(findings, 'SG003')).toEqual([]);
    const [capacity] = byRule(findings, 'SG017');
    expect(capacity.data).toMatchObject({ needed: 6_200, convertedRu: 5_000, keptPartitions: 1, createdPartitions: 2 });
    expect(capacity.fix).toContain('set this container to { manual } of at least 6,200 RU/s');
    expect(capacity.fix).toContain('in place: it keeps its 1 physical partition, on which SG003 judges its keys (declare physicalPartitions: 1)');
    expect(capacity.fix).toContain('(a new container there, the data copied, which created at 6,200 RU/s gets 2 physical partitions, not 1)');
  });

  it('4,700 RU/s (sl-4700.json) passes as before, and the moved design SG017 describes is judged alike', () => {
    expect(byRule(lint(club(3_760, 940)), 'SG003')).toEqual([]);
    const moved = lint(club(3_920, 980, { throughput: { manual: 6_200 }, physicalPartitions: 1 }));
    expect(byRule(moved, 'SG003').filter((f) => f.severity === 'error')).toEqual([]);
  });

  it('a club on 2 kept partitions still throttles after the conversion', () => {
    // 100 GB: 2 partitions, converted at 10,000 RU/s; 9,000 ÷ 80% = 11,300 in place keeps 2 (≤ 20,000): 5,650 each,
    // 4,520 usable, less the other 70% halved (3,150): 1,370 left for a 2,700 RU/s club.
    const findings = lint(club(7_200, 1_800, { storage: { totalGb: 100 } }));
    const [hot] = byRule(findings, 'SG003');
    expect(hot).toMatchObject({ severity: 'error', data: expect.objectContaining({ containerRu: 11_300, physicalPartitions: 2, serverlessRu: 5_000 }) });
    expect(hot.data?.usable).toBeCloseTo(1_370, 6);
    expect(byRule(findings, 'SG017')[0]?.data).toMatchObject({ convertedRu: 10_000, keptPartitions: 2 });
  });
});
