import { cli, tempTree } from '../helpers';

/**
 * A hierarchical key whose hottest first level was declared at 0.4 (SG014's dominant share) and observed at 0.6: at 0.6
 * SG003 judges that value against its partitions and SG014 gives way to it. The note that SG014 no longer fires must
 * name what fires in its place, or it reads as a key the observed figures found healthier.
 */
const DESIGN = {
  containers: [
    {
      name: 'issues',
      partitionKey: {
        paths: [
          { path: '/tenantId', cardinality: 4000, hotKeyShare: 0.4, largestGb: 80 },
          { path: '/projectId', cardinality: 200000 },
          { path: '/issueId', cardinality: 50000000 },
        ],
      },
      workload: { peakReadUnits: 22000, peakWriteUnits: 8000, hotKeyShare: 0.001 },
      throughput: { autoscaleMax: 120000 },
      storage: { totalGb: 400, largestPartitionGb: 0.05 },
      accessPatterns: [
        { name: 'issue-with-comments', keyAttributes: ['/tenantId', '/projectId', '/issueId'], share: 0.6 },
        { name: 'project-board', keyAttributes: ['/tenantId', '/projectId'], share: 0.3 },
        { name: 'tenant-activity-feed', keyAttributes: ['/tenantId'], share: 0.1 },
      ],
    },
  ],
};

/** Three minutes of logged top keys: one tenant's 100 keys take 1,080,000 of each minute's 1,800,000 RU (0.6). */
function rows() {
  const row = (minute: number, key: string[], operation: string, charge: number) => ({
    TimeGenerated: `2026-12-01T18:0${minute}:00Z`,
    DatabaseName: 'pm',
    CollectionName: 'issues',
    PartitionKey: JSON.stringify(key),
    OperationName: operation,
    RequestCharge: charge,
  });
  return [0, 1, 2].flatMap((minute) => [
    ...Array.from({ length: 100 }, (_, i) => row(minute, ['acme', `p${i}`, `i${i}`], 'Query', 10800)),
    ...Array.from({ length: 200 }, (_, i) => row(minute, [`t${i}`, 'p0', 'i0'], 'Read', 3600)),
  ]);
}

describe('observe: a finding the observed figures silence', () => {
  it('names the finding they raise in its place, on the same key', async () => {
    const dir = tempTree({
      'design.json': JSON.stringify(DESIGN, null, 2),
      'ru.json': JSON.stringify(rows()),
      'manifest.json': JSON.stringify({ observations: [{ container: 'issues', database: 'pm', ruConsumption: 'ru.json' }] }),
    });
    const run = await cli(['observe', 'design.json', '--observations', 'manifest.json', '--format', 'json'], { cwd: dir });
    const notes: { path: string; message: string }[] = JSON.parse(run.stdout).files[0].notes;
    const silenced = notes.find((n) => n.message.startsWith('SG014 '));
    expect(silenced?.path).toBe('containers[0].partitionKey.paths');
    expect(silenced?.message).toContain(
      'SG014 dominant-key-share fires on the declared figures but not on those observed in the 3-minute window, where SG003 hot-key-exceeds-partition at containers[0].partitionKey.paths[0] (reported as SG020 observed-drift) fires instead: ',
    );
  });
});
