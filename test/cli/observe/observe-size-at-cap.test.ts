/**
 * A logical partition observed near Cosmos DB's 20 GB cap (https://learn.microsoft.com/azure/cosmos-db/concepts-limits)
 * is a floor of what its key value would hold: writes past the cap are refused, so the size stops there. Below a larger
 * declaration it is no over-declaration, and `--update` never lowers the declaration to it. Under the usable share of the
 * cap (16 GB at the default 80% headroom) a size far below its declaration is still over-declared.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { cli, tempTree } from '../helpers';
import { keyStatisticsRows } from './recorded';
import { findingsOf } from './support';

const DESIGN = {
  containers: [
    {
      name: 'telemetry',
      partitionKey: { paths: [{ path: '/tenantId', cardinality: 500 }] },
      throughput: { autoscaleMax: 50000 },
      workload: { peakReadUnits: 10000, peakWriteUnits: 30000, hotKeyShare: 0.3 },
      storage: { totalGb: 1000, largestPartitionGb: 60 },
    },
  ],
};

async function observeSize(largestKb: number, args: string[] = ['--format', 'json']) {
  const dir = tempTree({
    'design.json': JSON.stringify(DESIGN, null, 2),
    'stats.json': JSON.stringify(keyStatisticsRows('telemetry', [['["tenant-whale"]', largestKb]])),
    'manifest.json': JSON.stringify({ observations: [{ container: 'telemetry', database: 'shop', partitionKeyStatistics: 'stats.json' }] }),
  });
  const run = await cli(['observe', 'design.json', '--observations', 'manifest.json', ...args], { cwd: dir });
  return { ...run, design: () => JSON.parse(readFileSync(join(dir, 'design.json'), 'utf8')) };
}

const SIZE = 'containers[0].storage.largestPartitionGb';

describe('observe: a logical partition near its size cap', () => {
  it('19.5 of 20 GB (97.5%) is a floor: no over-declaration warning, a note, and --update keeps the declared 60 GB', async () => {
    const run = await observeSize(20_447_232); // 19.5 GB, the largest SizeKb ÷ 1,048,576
    const json = JSON.parse(run.stdout);
    expect(findingsOf(run.stdout).filter((f) => f.path === SIZE && f.ruleId === 'SG020')).toEqual([]);
    const notes = (json.files[0].notes as { path: string; message: string }[]).filter((n) => n.path === SIZE);
    expect(notes).toEqual([
      expect.objectContaining({
        message: expect.stringContaining('kept largestPartitionGb 60: the observed 19.5 GB is 97.5% of the 20 GB one key value can hold'),
      }),
    ]);
    // The declared 60 GB stays the design's own SG006 finding.
    expect(findingsOf(run.stdout)).toContainEqual(expect.objectContaining({ ruleId: 'SG006', path: SIZE }));
    const updated = await observeSize(20_447_232, ['--update']);
    expect(updated.design().containers[0].storage.largestPartitionGb).toBe(60);
  });

  it('prints the size to three significant digits: 19.5 GB, not 20 GB, which reads as a partition at the cap', async () => {
    const run = await observeSize(20_447_232, []);
    expect(run.stdout).toContain('largest logical partition 19.5 GB');
    expect(run.stdout).not.toContain('over-declaring');
  });

  it('under the usable 16 GB, a size far below its declaration is still over-declared', async () => {
    const run = await observeSize(10 * 1_048_576); // 10 GB against 60 declared: under half, and under 16 GB
    expect(findingsOf(run.stdout).find((f) => f.path === SIZE && f.ruleId === 'SG020')).toMatchObject({
      messageId: 'belowDeclared',
      data: { declared: 60, observed: 10 },
    });
  });
});
