// try24a item 1: a container whose only problem is its total RU/s (peak = 100% of autoscaleMax; SG017) judged SG003
// errors on tiny keys. At SG017's raise (peak ÷ headroom) the average partition sits exactly at its usable RU/s, so
// every value was "over" by its own weight × (1 − 1/P): 8 RU/s against "a usable 0.8 RU/s left" on 10 partitions of
// 5,000 RU/s. The neighbours alone fill that partition whatever the key: the container's capacity (SG017's), not a hot
// key. A genuinely hot value at the same container keeps SG003 with shards.
import { applyDesignEdits, lint, type CosmosContainerDesign, type DesignEdit } from '../../lib';
import { container } from './../fixtures';

const telemetry = (over: Partial<CosmosContainerDesign> = {}): CosmosContainerDesign =>
  container({
    name: 'telemetry',
    partitionKey: {
      paths: [
        { path: '/siteId', cardinality: 2000, hotKeyShare: 0.02, largestGb: 8 },
        { path: '/deviceId', cardinality: 200_000 },
        { path: '/day', cardinality: 365 },
      ],
    },
    workload: { peakReadUnits: 10_000, peakWriteUnits: 30_000 },
    throughput: { autoscaleMax: 40_000 },
    storage: { totalGb: 500 },
    accessPatterns: [
      { name: 'device-day', keyAttributes: ['/siteId', '/deviceId', '/day'], share: 0.7 },
      { name: 'site-dashboard', keyAttributes: ['/siteId'], share: 0.3 },
    ],
    ...over,
  });
// try24a's flawed telemetry: 200 sites, the hottest 40%; 2,000 GB (40 physical partitions); a device-day value 64 RU/s.
const hotSites = () =>
  telemetry({
    partitionKey: {
      paths: [
        { path: '/siteId', cardinality: 200, hotKeyShare: 0.4, largestGb: 50 },
        { path: '/deviceId', cardinality: 50_000 },
        { path: '/day', cardinality: 365 },
      ],
    },
    storage: { totalGb: 2000 },
  });
const found = (design: CosmosContainerDesign, rule: string) => lint(design, { only: [rule] });
const fullKey = (design: CosmosContainerDesign) => found(design, 'SG003').filter((f) => f.path === 'partitionKey.paths');

describe('SG003 at a container whose peak fills its RU/s', () => {
  it('a tiny full-key value (8 RU/s of a 4,000 usable partition at SG017’s raise): no SG003, SG017 warns', () => {
    expect(fullKey(telemetry())).toEqual([]);
    expect(found(telemetry(), 'SG017').map((f) => [f.messageId, f.severity])).toEqual([['cosmosWithinHeadroom', 'warning']]);
  });

  it('SG017’s raise leaves nothing to report on the full key (one pass)', () => {
    const [sg017] = found(telemetry(), 'SG017');
    const raised = applyDesignEdits(telemetry(), sg017.edits as DesignEdit[]) as CosmosContainerDesign;
    expect(raised.throughput).toEqual({ autoscaleMax: 50_000 });
    expect(fullKey(raised)).toEqual([]);
    expect(found(raised, 'SG017')).toEqual([]);
  });

  it('a larger value whose partition the neighbours fill (64 RU/s of 1,000 usable): the raise alone leads, no shards', () => {
    const design = hotSites();
    const [hit] = fullKey(design);
    expect(hit.severity).toBe('error');
    expect(hit.fix).toMatch(/^raise the container's throughput in place to 54,000 RU\/s \(40 physical partitions of 1,350 RU\/s/);
    expect(hit.fix).not.toMatch(/then shard|N = \d+/);
    expect(hit.edits).toBeUndefined();
  });

  it('a genuinely hot value at the same container (a flat key, 30% = 12,000 RU/s) keeps SG003 with shards', () => {
    const design = telemetry({ partitionKey: { paths: [{ path: '/siteId', cardinality: 2000, hotKeyShare: 0.3 }] }, accessPatterns: undefined });
    const [hit] = found(design, 'SG003');
    expect(hit.severity).toBe('error');
    expect(hit.fix).toMatch(/then shard only the hottest `\/siteId` value, into N = \d+ random shards/);
  });

  it('a genuinely hot first level (40% of the reads and writes) keeps its SG003 too', () => {
    const design = hotSites();
    expect(found(design, 'SG003').map((f) => [f.path, f.severity])).toContainEqual(['partitionKey.paths[0]', 'error']);
  });
});
