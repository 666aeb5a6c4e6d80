/**
 * Stranger17b item 2: a container on shared database throughput is judged on the database's physical partitions. They
 * divide the database's RU/s ("Provision standard (manual) throughput on a database": containers in the same database
 * share partitions) and host the logical partitions of all its containers ("Introduction to provisioned throughput"),
 * so a hot key's neighbours are every busy container's keys there: on the `containers` field's even split,
 * (containers × this container's peak − the key's load) ÷ P. Before, the container got a slice of its own
 * (sharedDatabase ÷ containers over its own partitions).
 */
import { lint, normalize, type CosmosContainerDesign, type Finding } from '../../lib';
import type { CosmosKeyDesign } from '../../lib/design/key-design';
import { hotValueReach } from '../../lib/lint/reachable';

/** The reviewer's container b: 10,000 RU/s shared by 3 busy containers, 120 GB (3 partitions), a 2,000 RU/s peak. */
const b = (hotKeyShare: number): CosmosContainerDesign => ({
  engine: 'cosmosdb',
  name: 'b',
  partitionKey: { paths: [{ path: '/userId', cardinality: 100_000 }] },
  workload: { peakReadUnits: 1_500, peakWriteUnits: 500, hotKeyShare },
  storage: { totalGb: 120 },
  throughput: { sharedDatabase: 10_000, containers: 3 },
});

const normalized = (input: CosmosContainerDesign) => normalize(input).designs[0].design as CosmosKeyDesign;

const ruleOf = (findings: readonly Finding[], ruleId: string) => findings.find((f) => f.ruleId === ruleId);

describe('shared database throughput: the database partitions carry every busy container', () => {
  // 3 partitions of 10,000 ÷ 3 = 3,333.33 RU/s, 2,666.67 usable at 80%; the hot key's 400 RU/s (20%) meets
  // (3 × 2,000 − 400) ÷ 3 = 1,866.67 RU/s of neighbours: 800 RU/s left, enough (before: 3,333.33 ÷ 3 = 1,111.11 each,
  // 888.89 usable, less (2,000 − 400) ÷ 3 = 533.33: 355.56 left, an SG003 error).
  it("fits the reviewer's 400 RU/s hot key beside 1,866.67 RU/s of neighbours", () => {
    const findings = lint(b(0.2));
    expect(ruleOf(findings, 'SG003')).toBeUndefined();
    const share = ruleOf(findings, 'SG014');
    expect(share?.data).toMatchObject({ physicalPartitions: 3, databaseRu: 10_000, sharedContainers: 3 });
    expect(share?.data?.partitionRu).toBeCloseTo(3_333.33, 2);
    expect(share?.data?.neighbourRu).toBeCloseTo(1_866.67, 2);
    expect(share?.message).toMatch(
      /the database's 10,000 RU\/s \(shared by its 3 busy containers, .*\) are divided among 3 physical partitions of 3,333\.33 RU\/s/,
    );
  });

  // At 60% the key takes 1,200 RU/s beside (6,000 − 1,200) ÷ 3 = 1,600: 2,800 > 2,666.67. The database needs
  // 0.8 × D ÷ 3 ≥ 2,800: D ≥ 10,500 (3 partitions of 3,500), on its grid; the edit sets throughput.sharedDatabase.
  it('asks for the database raise its partitions need, and edits throughput.sharedDatabase', () => {
    const hot = ruleOf(lint(b(0.6)), 'SG003');
    expect(hot?.fix).toMatch(
      /^redistribute the database's shared throughput \(Update-AzCosmosDBSqlDatabasePerPartitionThroughput; [^)]*\) across [^;]*, which adds no RU\/s \(preview; [^)]*\); or raise the database's shared throughput \(throughput\.sharedDatabase\) in place to 10,500 RU\/s \(3 physical partitions of 3,500 RU\/s, which carry the keys of all 3 busy containers, this one's part 3,500 RU\/s;/,
    );
    expect(hot?.fix).not.toMatch(/the container's throughput/);
    expect(hot?.edits).toEqual([{ op: 'set', path: 'throughput.sharedDatabase', value: 10_500 }]);
  });

  // The hot-key alert's reach is the same share: 3,333.33 − 1,866.67 = 1,466.67 RU/s (before: 1,111.11 − 533.33 = 577.78).
  it("gives the hot-key alert the database partition's reach", () => {
    expect(hotValueReach(normalized(b(0.2))).key).toBeCloseTo(1_466.67, 2);
  });

  // One busy container on the database: the figures of dedicated throughput of the database's RU/s, 3 partitions
  // (120 GB) of 3,333.33, less (2,000 − 400) ÷ 3 = 533.33: 2,800 RU/s.
  it('with one busy container, judges as dedicated throughput does', () => {
    const alone = hotValueReach(normalized(Object.assign({}, b(0.2), { throughput: { sharedDatabase: 10_000 } })));
    expect(alone.key).toBeCloseTo(2_800, 6);
    expect(hotValueReach(normalized(Object.assign({}, b(0.2), { throughput: { manual: 10_000 } }))).key).toBeCloseTo(alone.key, 6);
  });
});
