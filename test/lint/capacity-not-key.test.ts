// try24a item 1: a container whose only problem is its total RU/s (peak = 100% of autoscaleMax; SG017) judged SG003
// errors on tiny keys. At SG017's raise (peak ÷ headroom) the average partition sits exactly at its usable RU/s, so
// every value was "over" by its own weight × (1 − 1/P): 8 RU/s against "a usable 0.8 RU/s left" on 10 partitions of
// 5,000 RU/s. The neighbours alone fill that partition whatever the key: the container's capacity (SG017's), not a hot
// key. A genuinely hot value at the same container keeps SG003 with shards.
import { applyDesignEdits, lint, type CosmosContainerDesign, type DesignEdit, type DesignInput, type DynamoDbTableDesign } from '../../lib';
import { hotSiteTelemetry, siteTelemetry, table } from './../fixtures';

const telemetry = (over: Partial<CosmosContainerDesign> = {}): CosmosContainerDesign => siteTelemetry(over);
const found = (design: DesignInput, rule: string) => lint(design, { only: [rule] });
const fullKey = (design: CosmosContainerDesign) => found(design, 'SG003').filter((f) => f.path === 'partitionKey.paths');

describe('SG003 at a container whose peak fills its RU/s', () => {
  it('a tiny full-key value (8 RU/s of a 4,000 usable partition at SG017’s raise): no SG003, SG017 warns', () => {
    expect(fullKey(telemetry())).toEqual([]);
    expect(found(telemetry(), 'SG017').map((f) => [f.messageId, f.severity])).toEqual([['cosmosWithinHeadroom', 'warning']]);
  });

  it('SG017’s raise leaves nothing to report on the full key (one pass)', () => {
    const [sg017] = found(telemetry(), 'SG017');
    const raised = applyDesignEdits(telemetry(), sg017.edits as DesignEdit[]) as CosmosContainerDesign;
    // 59,000, not the peak's 50,000: the 40% site's fix (SG003 at paths[0]) leads with that raise in place, and SG017 carries it.
    expect(raised.throughput).toEqual({ autoscaleMax: 59_000 });
    expect(fullKey(raised)).toEqual([]);
    expect(found(raised, 'SG017')).toEqual([]);
  });

  it('a larger value under the 40% site: judged beside that site, it defers to the site’s fix, no shards, no raise of its own', () => {
    // Was "64 RU/s of 1,000 usable", the container's average neighbours, and a raise to 54,000 RU/s of its own: but the
    // device-day value sits under the 40% site, on that site's physical partition (verdict26, issue 13).
    const design = hotSiteTelemetry();
    const [hit] = fullKey(design);
    expect(hit.severity).toBe('error');
    expect(hit.messageId).toBe('hotKeyUnderFirstLevel');
    expect(hit.fix).toMatch(/^apply the fix of the hottest `\/siteId` value \(SG003 at `partitionKey\.paths\[0\]`\)/);
    expect(hit.fix).not.toMatch(/then shard|N = \d+|54,000/);
    expect(hit.edits).toBeUndefined();
  });

  it('a genuinely hot value at the same container (a flat key, 30% = 12,000 RU/s) keeps SG003 with shards', () => {
    const design = telemetry({ partitionKey: { paths: [{ path: '/siteId', cardinality: 2000, hotKeyShare: 0.3 }] }, accessPatterns: undefined });
    const [hit] = found(design, 'SG003');
    expect(hit.severity).toBe('error');
    expect(hit.fix).toMatch(/then shard only the hottest `\/siteId` value, into N = \d+ random shards/);
  });

  it('a first level over only by the container’s capacity, 18% of the usable above the average (the 2% site, 800 RU/s): the raise alone leads, no buckets (cap25)', () => {
    // Was led by "raise to 53,000 RU/s … then give the first level more values … 3 buckets", the raise alone after it.
    const [hit] = found(telemetry(), 'SG003').filter((f) => f.path === 'partitionKey.paths[0]');
    // Within its partition's full RU/s, above only the headroom: a warning (Decision 78; it was an error). Undeclared, the
    // raise is the container's creation: its 500 GB set its 10 partitions (59,000 RU/s alone would start 6), as in place.
    expect(hit.severity).toBe('warning');
    expect(hit.fix).toMatch(
      /^raise the container's throughput to 59,000 RU\/s \(10 physical partitions of 5,900 RU\/s: created at them, Azure starts the container on one physical partition per 50 GB of its storage, .*which serves the hottest `\/siteId` value as it is$/,
    );
    expect(hit.fix).not.toMatch(/bucket|53,000/);
    // cap26: the raise carries its edit (was none), so one --fix converges (test/cli/fix-capacity.test.ts).
    expect(hit.edits).toEqual([{ op: 'set', path: 'throughput.autoscaleMax', value: 59_000 }]);
  });

  it('the raise’s edits leave nothing to report: no SG003, no SG017 (cap26)', () => {
    const [hit] = found(telemetry(), 'SG003').filter((f) => f.path === 'partitionKey.paths[0]');
    const raised = applyDesignEdits(telemetry(), hit.edits as DesignEdit[]);
    expect(lint(raised, { only: ['SG003', 'SG017'] })).toEqual([]);
  });

  it('a first level within 1% of the usable above the average partition (0.1% of the sites, 40 RU/s): not reported', () => {
    const paths = [
      { path: '/siteId', cardinality: 2000, hotKeyShare: 0.001, largestGb: 8 },
      { path: '/deviceId', cardinality: 200_000 },
      { path: '/day', cardinality: 365 },
    ];
    expect(found(telemetry({ partitionKey: { paths } }), 'SG003')).toEqual([]);
  });

  it('a genuinely hot first level at the same container (10%, 4,000 RU/s beside 3,600) keeps its buckets', () => {
    const paths = [
      { path: '/siteId', cardinality: 2000, hotKeyShare: 0.1, largestGb: 8 },
      { path: '/deviceId', cardinality: 200_000 },
      { path: '/day', cardinality: 365 },
    ];
    const [hit] = found(telemetry({ partitionKey: { paths } }), 'SG003').filter((f) => f.path === 'partitionKey.paths[0]');
    expect(hit.severity).toBe('error');
    expect(hit.fix).toMatch(/^no bucket count up to 1,000 serves the hottest `\/siteId` value at this throughput/);
    expect(hit.fix).toMatch(/then give the first level more values/);
  });

  it('a genuinely hot first level (40% of the reads and writes) keeps its SG003 too', () => {
    const design = hotSiteTelemetry();
    expect(found(design, 'SG003').map((f) => [f.path, f.severity])).toContainEqual(['partitionKey.paths[0]', 'error']);
  });
});

// cap25: the same at a provisioned DynamoDB table whose capacity is its peak (100%). At SG017's raise (peak ÷ 80%:
// 5,000 WCU, 5 partitions of 1,000 WCU, AWS's per-partition ceiling) the average partition sits at its usable 800 WCU,
// so every value with a declared share was "over" by its own writes × (1 − 1/5), and got an SG003 warning with a pre-warm.
const events = (share: number, over: Partial<DynamoDbTableDesign> = {}): DynamoDbTableDesign =>
  table({
    name: 'events',
    partitionKey: { name: 'tenantId', type: 'S', cardinality: 5000 },
    sortKey: { name: 'eventId', type: 'S', cardinality: 'unique' },
    capacity: { read: { fixed: 12_000 }, write: { fixed: 4000 } },
    workload: { peakReadUnits: 12_000, peakWriteUnits: 4000, hotKeyShare: share, hotKeyOperations: 'both' },
    globalSecondaryIndexes: [
      {
        indexName: 'by-user',
        partitionKey: { name: 'userId', type: 'S', cardinality: 100_000 },
        sortKey: { name: 'ts', type: 'S' },
        workload: { hotKeyShare: share },
      },
    ],
    accessPatterns: [
      { name: 'tenant-events', keyAttributes: ['tenantId'], share: 0.8 },
      { name: 'user-events', index: 'by-user', keyAttributes: ['userId'], share: 0.2 },
    ],
    ...over,
  });

describe('SG003 at a provisioned DynamoDB table whose peak is its capacity', () => {
  it('values of 0.2% (8 WCU, 24 RCU: 6.4 WCU above the average partition’s 800) on the table and its GSI: no SG003, SG017 warns on both', () => {
    expect(found(events(0.002), 'SG003')).toEqual([]);
    expect(found(events(0.002), 'SG017').map((f) => [f.path, f.severity])).toEqual([
      ['capacity.write.fixed', 'warning'],
      ['globalSecondaryIndexes[0].capacity.write', 'warning'],
    ]);
  });

  it('SG017’s raise (5,000 WCU) leaves nothing to report either', () => {
    const raised = events(0.002, { capacity: { read: { fixed: 15_000 }, write: { fixed: 5000 } } });
    expect(found(raised, 'SG003')).toEqual([]);
  });

  it('a 5% tenant (200 WCU, its partition 160 WCU above the average): SG003 warns, its fix the pre-warm alone, no shards', () => {
    const hits = found(events(0.05), 'SG003');
    expect(hits.map((f) => [f.path, f.severity])).toEqual([
      ['globalSecondaryIndexes[0].partitionKey', 'warning'],
      ['partitionKey', 'warning'],
    ]);
    for (const hit of hits) {
      expect(hit.fix).toMatch(
        /^pre-warm (the table|index `by-user`) to 7,000 write units a second \(warmThroughput\).*which serves the hottest `(tenantId|userId)` value as it is/,
      );
      expect(hit.fix).not.toMatch(/shard/);
    }
  });

  it('a genuinely hot tenant at the same table (30%, 1,200 WCU: past a partition’s 1,000 WCU) keeps SG003 with shards', () => {
    const [hit] = found(events(0.3), 'SG003').filter((f) => f.path === 'partitionKey');
    expect(hit.severity).toBe('error');
    expect(hit.fix).toMatch(/then shard only the hottest `tenantId` value, into N = \d+ calculated shards/);
  });
});
