/**
 * fix27a: one `--fix` raises a Cosmos DB container once for one cause. The huge design's 1,000 `/status` containers
 * (40,000 RU/s of peak, 4 values, 30,000 autoscale): `--fix` wrote SG017's 51,000 (the peak ÷ headroom, evenly
 * split), and the re-lint's SG001 then asked for 53,000 and 21 shards, a second raise for the same hot key. SG017 now
 * asks for the raise the key's fix leads with. And a raise in place that keeps the partition count a new container
 * would not get (manual RU/s, one partition per 6,000 at creation) declares it, so the re-lint judges the layout the
 * findings promised (verdict26: `manual: 50000` without `physicalPartitions: 8`).
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { cli, tempTree } from './helpers';

/** The same load on a key --fix may shard: 25 tenants, the hottest a quarter of the peak (a 4-valued `/status` is a
 *  category, whose fix is a re-key that --fix does not write: categorical-key.ts). */
const TENANTS = {
  name: 'tenants',
  partitionKey: { paths: [{ path: '/tenantId', cardinality: 25 }] },
  workload: { peakReadUnits: 20000, peakWriteUnits: 20000, hotKeyShare: 0.25 },
  throughput: { autoscaleMax: 30000 },
  storage: { totalGb: 30 },
};

/** 20,000 RU/s of peak, a fifth of it on one `/storeId`, on 24,000 manual RU/s (4 partitions, 5 if created at 26,400). */
const STORES = {
  name: 'stores',
  partitionKey: { paths: [{ path: '/storeId', cardinality: 50 }] },
  workload: { peakReadUnits: 10000, peakWriteUnits: 10000, hotKeyShare: 0.2 },
  throughput: { manual: 24000 },
  storage: { totalGb: 30 },
};

interface ReportFinding {
  readonly ruleId: string;
  readonly resource: string;
  readonly fix?: string;
}

/** The findings of a lint of `file` whose fix asks for more RU/s. */
async function raisesLeft(file: string): Promise<ReportFinding[]> {
  const { stdout } = await cli(['lint', file, '--format', 'json']);
  const findings = JSON.parse(stdout).files[0].findings as ReportFinding[];
  return findings.filter((f) => f.ruleId === 'SG017' || /raise (the container's )?throughput/.test(f.fix ?? ''));
}

describe('--fix raises a Cosmos DB container once for its hot key and its peak', () => {
  it('writes the raise the hot key’s fix leads with (53,000, not 51,000), then its shards; the re-lint asks for no raise', async () => {
    const file = join(tempTree({ 'design.json': JSON.stringify({ containers: [TENANTS] }, null, 2) }), 'design.json');
    const { stdout } = await cli(['lint', file, '--fix', '--no-color']);
    expect(stdout).toContain('fixed   SG017 tenants: set containers[0].throughput.autoscaleMax to 53000');
    expect(stdout).toContain('fixed   SG001 tenants: set containers[0].sharding to {"strategy":"random","shards":21}');
    const written = JSON.parse(readFileSync(file, 'utf8')).containers[0];
    expect(written).toMatchObject({ throughput: { autoscaleMax: 53000 }, sharding: { strategy: 'random', shards: 21 } });
    expect(await raisesLeft(file)).toEqual([]);
  });

  it('raises a categorical key’s container for its peak alone (50,000: created there, 5 even partitions of 10,000): the key’s fix is a re-key, which --fix does not write', async () => {
    const statuses = {
      ...TENANTS,
      name: 'statuses',
      partitionKey: { paths: [{ path: '/status', cardinality: 4 }] },
      workload: { peakReadUnits: 20000, peakWriteUnits: 20000 },
    };
    const file = join(tempTree({ 'design.json': JSON.stringify({ containers: [statuses] }, null, 2) }), 'design.json');
    const { stdout } = await cli(['lint', file, '--fix', '--no-color']);
    expect(stdout).toContain('fixed   SG017 statuses: set containers[0].throughput.autoscaleMax to 50000');
    expect(stdout).not.toContain('fixed   SG001');
    expect(JSON.parse(readFileSync(file, 'utf8')).containers[0].sharding).toBeUndefined();
  });

  it('declares the partitions a raise in place keeps, so the re-lint judges the layout the shards were sized on', async () => {
    const file = join(tempTree({ 'design.json': JSON.stringify({ containers: [STORES] }, null, 2) }), 'design.json');
    const { stdout } = await cli(['lint', file, '--fix', '--no-color']);
    expect(stdout).toContain('fixed   SG017 stores: set containers[0].throughput.manual to 26400; set containers[0].physicalPartitions to 4');
    const written = JSON.parse(readFileSync(file, 'utf8')).containers[0];
    // The shards SG001's fix named at 26,400 RU/s on 4 partitions (on the 5 a new container gets: 15, for every value).
    expect(written).toMatchObject({ physicalPartitions: 4, sharding: { strategy: 'random', shards: 11, hotValues: 1 } });
    expect(await raisesLeft(file)).toEqual([]);
  });
});
