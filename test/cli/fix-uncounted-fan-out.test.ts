/**
 * --fix on Cosmos DB never reaches a clean lint by fanning reads out at a charge it cannot count. Each shard's query is
 * charged at least about 2.5 RU however little it loads ("Query an Azure Cosmos DB container"), and SG017 counts a
 * fan-out whose pattern declares no `resultKb` once: a PM SaaS keyed by `/tenantId` (its whale tenant 40% of 30,000 RU/s
 * and 80 GB) was fixed into 42 shards with `fanOut` on every read and re-linted clean, where with the 8 KB its reads load
 * it needed 631,000 RU/s of a 40,000 RU/s container. The fix leads with the hierarchical key Microsoft recommends for
 * such a tenant ("Hierarchical partition keys"), and --fix writes no sharding until the reads' size is declared.
 */
import { lint, type CosmosContainerDesign, type DesignInput, type DynamoDbTableDesign } from '../../lib';
import { fixDesignText } from '../../lib/cli/fix';

const issues = (resultKb?: number): CosmosContainerDesign => ({
  name: 'issues',
  partitionKey: { paths: [{ path: '/tenantId', cardinality: 4000, hotKeyShare: 0.4, largestGb: 80 }] },
  workload: { peakReadUnits: 22000, peakWriteUnits: 8000 },
  throughput: { autoscaleMax: 40000 },
  storage: { totalGb: 400 },
  accessPatterns: [
    { name: 'issue-with-comments', keyAttributes: ['/tenantId'], share: 0.7, ...(resultKb === undefined ? {} : { resultKb }) },
    { name: 'project-board', keyAttributes: ['/tenantId'], share: 0.3, ...(resultKb === undefined ? {} : { resultKb }) },
  ],
});

/** Seat inventory sharded by seat block (calculated on `seatBlock`), one pattern reading a block without naming it. */
const seats: CosmosContainerDesign = {
  name: 'seat-inventory',
  partitionKey: { paths: [{ path: '/flightBlock', cardinality: 3000, hotKeyShare: 0.3 }] },
  workload: { peakReadUnits: 18000, peakWriteUnits: 6000 },
  throughput: { autoscaleMax: 40000 },
  storage: { totalGb: 20, largestPartitionGb: 0.2 },
  sharding: { strategy: 'calculated', shards: 12, sourceAttribute: 'seatBlock', sourceCardinality: 12 },
  invariants: [{ kind: 'conditional-write', description: 'seat hold inside one seat block', splitPerShard: true }],
  accessPatterns: [
    { name: 'seat-block', keyAttributes: ['/flightBlock'], share: 0.7 },
    { name: 'whole-seat-map', keyAttributes: ['/flightBlock'], share: 0.3, fanOut: true, resultKb: 24 },
  ],
};

const text = (design: CosmosContainerDesign) => `${JSON.stringify({ containers: [design] }, null, 2)}\n`;
const fixed = (design: CosmosContainerDesign) => fixDesignText(text(design), {});

describe('--fix writes no fan-out it cannot count (Cosmos DB)', () => {
  it('the whale tenant: the hierarchical key leads, no sharding or fanOut is written, and the run says to declare resultKb', () => {
    const findings = lint({ containers: [issues()] } as DesignInput);
    const sg003 = findings.find((f) => f.ruleId === 'SG003');
    expect(sg003?.fix).toMatch(/^make the key hierarchical, `\/tenantId` → \(a finer attribute\): /);
    expect(sg003?.fix).toContain('; or shard `/tenantId` into N = 42 random shards');
    expect(sg003?.fix).toContain('--fix writes none of this until resultKb is declared on `issue-with-comments`, `project-board`');
    // The hierarchical key still leaves the whale short at today's RU/s (2 physical partitions of 5,000): said so.
    expect(sg003?.fix).toContain('there its hottest value still takes 12,000 RU/s against the usable 7,100 RU/s');
    expect(sg003?.edits).toBeUndefined();
    expect(findings.find((f) => f.ruleId === 'SG006')?.edits).toBeUndefined();

    const result = fixed(issues());
    expect(result.fixes).toEqual([]);
    expect(result.text).toBe(text(issues()));
    expect(result.skipped.map((s) => s.ruleId).sort()).toEqual(['SG003', 'SG006']);
    for (const s of result.skipped)
      expect(s.message).toMatch(/^its fix fans reads out with no declared size: declare resultKb .* on `issue-with-comments`, `project-board`/);
  });

  it('with its reads sized (resultKb), the fan-out is counted: nothing is withheld for want of the size', () => {
    const sg003 = lint({ containers: [issues(8)] } as DesignInput).find((f) => f.ruleId === 'SG003');
    expect(sg003?.fix).not.toContain('until resultKb is declared');
    expect(sg003?.data?.uncountedPatterns).toBeUndefined();
  });

  it('SG009 on calculated shards: the source leads, and --fix writes neither it nor a 12-way fan-out', () => {
    const sg009 = lint({ containers: [seats] } as DesignInput).find((f) => f.ruleId === 'SG009');
    expect(sg009?.fix).toMatch(/^supply `seatBlock` \(in the keyAttributes of `seat-block`\) to read one shard/);
    const result = fixed(seats);
    expect(result.fixes).toEqual([]);
    expect(result.text).toBe(text(seats));
    expect(result.skipped.map((s) => s.ruleId)).toEqual(['SG009']);
  });
});

/**
 * Live TV voting (DynamoDB): 12 contestants, 20,000 WCU of votes, 35% on the leader, and a results page that Queries
 * each contestant's key. Each shard's Query is a request of its own, charged at least one read unit (half if eventually
 * consistent) however little it returns ("Capacity unit consumption for read operations"; API Reference, "Query": a
 * query that returns nothing consumes the minimum), and SG017 counts a fan-out whose pattern declares no resultKb once:
 * the fix sharded the key 41 ways and fanned the page out to 41 Queries a view, and the next lint was clean.
 */
const votes = (resultKb?: number): DynamoDbTableDesign => ({
  name: 'votes',
  partitionKey: { name: 'contestantId', type: 'S', cardinality: 12 },
  sortKey: { name: 'viewerId', type: 'S', cardinality: 'unique' },
  workload: { peakReadUnits: 60000, peakWriteUnits: 20000, hotKeyShare: 0.35 },
  invariants: [{ kind: 'running-total', description: 'votes count per contestant kept as ADD on a #TOTAL item', splitPerShard: true }],
  accessPatterns: [
    { name: 'results-per-contestant', keyAttributes: ['contestantId'], share: 0.98, ...(resultKb === undefined ? {} : { resultKb }) },
    { name: 'has-viewer-voted', keyAttributes: ['contestantId', 'viewerId'], share: 0.02 },
  ],
});

const tableText = (design: DynamoDbTableDesign) => `${JSON.stringify({ tables: [design] }, null, 2)}\n`;

describe('--fix writes no fan-out it cannot count (DynamoDB)', () => {
  it('the vote tally with no resultKb: no sharding or fanOut is written, and the fix says the 60 Queries a read costs at least', () => {
    // Each shard takes 0.98 × 21,000 ÷ N of the pages' reads and all 420 of `has-viewer-voted` (tried on every shard, a
    // Query of its own: AWS "Query"), and the table is charged 58,800 + 1,200 × N RCU; on demand its partitions follow
    // twice that peak as charged: at 60, 130,800 RCU on ⌈261,600 ÷ 3,000⌉ = 88 partitions, two shards on one take
    // 2 × 763 + (130,800 − 1,526) ÷ 88 = 2,995.02 of its hard 3,000 RCU; at 59, 129,600 RCU on 87, 2 × 768.81 + 1,471.98
    // = 3,009.61 (at 49, 117,600 RCU on 79: 2 × 840 + 1,467.34 = 3,147.34, where the declared peak's 40 partitions gave 2,991).
    const findings = lint({ tables: [votes()] });
    for (const id of ['SG001', 'SG003']) {
      const f = findings.find((g) => g.ruleId === id);
      expect(f?.edits).toBeUndefined();
      expect(f?.data).toMatchObject({ uncountedPatterns: ['results-per-contestant'], uncountedShards: 60, uncountedFloor: 60, uncountedEventualFloor: 30 });
      expect(f?.fix).toContain(
        '--fix writes none of this until resultKb is declared on `results-per-contestant`: a read over all 60 shards is 60 Queries, each charged at least half a read unit however little it returns, the Queries of `results-per-contestant` being eventually consistent (no consistentRead): at least 30 read units a read, where one Query of the unsharded key returning 4 KB or less was charged half a unit, which the peak SG017 checks cannot count without its size',
      );
    }

    const result = fixDesignText(tableText(votes()), {});
    expect(result.fixes).toEqual([]);
    expect(result.text).toBe(tableText(votes()));
    const skipped = result.skipped.filter((s) => s.ruleId !== 'SG017');
    expect(skipped.map((s) => s.ruleId).sort()).toEqual(['SG001', 'SG003']);
    for (const s of skipped) expect(s.message).toMatch(/^its fix fans reads out with no declared size: declare resultKb .* on `results-per-contestant`/);
  });

  it('with a 1 KB result declared, a cache leads and write shards follow, as each shard would be charged the whole read', () => {
    const sg003 = lint({ tables: [votes(1)] }).find((f) => f.ruleId === 'SG003');
    expect(sg003?.fix).toMatch(/^no shard count serves: every read of the hottest `contestantId` value by `results-per-contestant` queries all the shards/);
    expect(sg003?.fix).toContain('put DAX in front of them');
    // The writes' own count beside the reads the cache takes: 7,000 WCU on 40 partitions, two of 28 on one take
    // 2 × 250 + 493.75 − 6.25 = 987.5 of 1,000 WCU (two of 27, 1,005.56; the usable line alone gave 23).
    expect(sg003?.fix).toContain('shard `contestantId` into N = 28 random shards');
    expect(sg003?.data?.uncountedPatterns).toBeUndefined();
  });

  it('with a large result declared, the fan-out is counted and the shards are written', () => {
    // A 400 KB page is 1,176 reads a second (58,800 RCU ÷ 50 RCU), each shard's Query charged its share rounded up to
    // 4 KB (AWS "Query"): from 50 to 99 shards ⌈100 ÷ N⌉ = 2 units, 1 RCU eventually consistent, so a hot shard takes
    // 411.6 + 420 RCU at every such count (at 50, 118,800 RCU on 80 partitions: 2 × 831.6 + 1,464.21 = 3,127.41, past
    // 3,000); at 100, 4 KB a Query, 0.5 RCU: 205.8 + 420 = 625.8 a shard, 58,800 + 120,000 = 178,800 RCU on 120
    // partitions, 2 × 625.8 + 1,479.57 = 2,731.17. 100 is the least that fits.
    const result = fixDesignText(tableText(votes(400)), {});
    const design = JSON.parse(result.text) as { tables: DynamoDbTableDesign[] };
    expect(design.tables[0].sharding).toEqual({ strategy: 'random', shards: 100 });
    expect(design.tables[0].accessPatterns?.map((p) => p.fanOut)).toEqual([true, true]);
  });

  it('a fanOut declared ahead of shards withheld for the size is kept: SG009 names the sharding, and --fix removes nothing', () => {
    const tickets: DynamoDbTableDesign = {
      name: 'tickets',
      partitionKey: { name: 'eventId', type: 'S', cardinality: 5000 },
      sortKey: { name: 'userId', type: 'S', cardinality: 'unique' },
      workload: { peakReadUnits: 6000, peakWriteUnits: 30000, hotKeyShare: 0.25 },
      accessPatterns: [
        { name: 'tickets-of-user', keyAttributes: ['eventId', 'userId'], share: 0.95 },
        { name: 'event-sales-count', keyAttributes: ['eventId'], share: 0.05, fanOut: true },
      ],
    };
    const sg009 = lint({ tables: [tickets] }).find((f) => f.ruleId === 'SG009');
    // 7,500 of 30,000 WCU on the hot event, 60 partitions: two of 25 take 2 × 300 + 495 − 5 = 1,090 of 1,000 WCU, two of 30,
    // 2 × 250 + 495.83 − 4.17 = 991.67 (29: 1,008.62).
    expect(sg009).toMatchObject({ messageId: 'fanOutUnsharded', data: { plannedBy: 'SG003', plannedStrategy: 'calculated', plannedShards: 30 } });
    expect(sg009?.edits).toBeUndefined();
    const result = fixDesignText(tableText(tickets), {});
    expect(result.text).toBe(tableText(tickets));
  });

  it('the vote tally read half strongly consistent: each floor, named by its patterns', () => {
    // 60 Queries a read (the count above: reads split across the patterns alike): 60 read units for `results-audit`
    // (consistentRead), 30 for `results-per-contestant`.
    const mixed: DynamoDbTableDesign = Object.assign({}, votes(), {
      accessPatterns: [
        { name: 'results-per-contestant', keyAttributes: ['contestantId'], share: 0.49 },
        { name: 'results-audit', keyAttributes: ['contestantId'], share: 0.49, consistentRead: true },
        { name: 'has-viewer-voted', keyAttributes: ['contestantId', 'viewerId'], share: 0.02 },
      ],
    });
    expect(lint({ tables: [mixed] }).find((f) => f.ruleId === 'SG003')?.fix).toContain(
      'a read over all 60 shards is 60 Queries, each charged at least one read unit however little it returns, the Queries of `results-audit` being strongly consistent (consistentRead): at least 60 read units a read; and half a read unit however little it returns, the Queries of `results-per-contestant` being eventually consistent (no consistentRead): at least 30 read units a read, where one Query of the unsharded key returning 4 KB or less was charged one unit or half a unit, which',
    );
  });

  it('SG009 on random shards read whole with no resultKb: no fanOut written, the floor said; with resultKb, fanOut is written', () => {
    const sharded = (resultKb?: number): DynamoDbTableDesign => ({
      name: 'events',
      partitionKey: { name: 'deviceId', type: 'S', cardinality: 50000 },
      sortKey: { name: 'at', type: 'S', cardinality: 'unique' },
      workload: { peakReadUnits: 2000, peakWriteUnits: 2000 },
      sharding: { strategy: 'random', shards: 8 },
      accessPatterns: [{ name: 'device-history', keyAttributes: ['deviceId'], share: 1, ...(resultKb === undefined ? {} : { resultKb }) }],
    });
    const sg009 = lint({ tables: [sharded()] }).find((f) => f.ruleId === 'SG009');
    expect(sg009?.edits).toBeUndefined();
    expect(sg009?.fix).toContain(
      'on the fan-out, --fix writes no edit until resultKb is declared on `device-history`: a read over all 8 shards is 8 Queries, each charged at least half a read unit',
    );
    expect(sg009?.data).toMatchObject({ uncountedFloor: 8, uncountedEventualFloor: 4 });
    const sized = lint({ tables: [sharded(64)] }).find((f) => f.ruleId === 'SG009');
    expect(sized?.edits).toEqual([{ op: 'set', path: 'tables[0].accessPatterns[0].fanOut', value: true }]);
  });
});
