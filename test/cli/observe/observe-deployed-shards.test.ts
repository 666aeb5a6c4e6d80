/** The shard count a sharded key space is observed at is the one its telemetry shows deployed, not
 *  the design's: after `lint --fix` raises the shards, the old telemetry must not raise them again. */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { plainKeys } from '../../../lib/cli/observe/privacy';
import { deployedShards, shardMismatch } from '../../../lib/cli/observe/shard-count';
import { cli, root, tempTree } from '../helpers';
import { ruConsumptionRows } from './recorded';
import { findingsOf } from './support';

const EXAMPLE = join(root, 'examples/observe');
const read = (path: string) => readFileSync(path, 'utf8');

/** examples/observe in a fresh directory; `report` replaces the Contributor Insights export; `resultKb`, declared on the
 *  sales count, lets --fix write a raise of its fan-out (with none, each shard's Query goes uncounted and none is written). */
function exampleTree(report?: unknown, resultKb?: number): string {
  const week = join(EXAMPLE, 'week-2026-11-17');
  const tickets = read(join(EXAMPLE, 'tickets.json'));
  return tempTree({
    'tickets.json':
      resultKb === undefined ? tickets : tickets.replace('"share": 0.05, "fanOut": true }', `"share": 0.05, "fanOut": true, "resultKb": ${resultKb} }`),
    'week/manifest.json': read(join(week, 'manifest.json')),
    'week/tickets.metrics.json': read(join(week, 'tickets.metrics.json')),
    'week/tickets.pkc.json': report === undefined ? read(join(week, 'tickets.pkc.json')) : JSON.stringify(report),
  });
}

const observe = (dir: string, ...args: string[]) =>
  cli(['observe', 'tickets.json', '--observations', 'week/manifest.json', '--no-color', ...args], { cwd: dir });
const design = (dir: string) =>
  JSON.parse(read(join(dir, 'tickets.json'))) as { tables: { sharding: { shards: number }; workload: { hotKeyShare: number } }[] };

describe('observe: the shard count deployed when the telemetry was taken', () => {
  it('a matching deployment is judged as before: the stored key’s share × the 25 shards the report lists', async () => {
    const run = await observe(exampleTree(), '--format', 'json');
    const findings = findingsOf(run.stdout);
    const share = findings.find((f) => f.messageId === 'exceedsDeclared' && f.path === 'tables[0].workload.hotKeyShare');
    expect(share?.data).toMatchObject({ declared: 0.25, bound: 'estimate' });
    expect(share?.data?.observed).toBeCloseTo(0.6, 6);
    expect(share?.message).toContain('× 25 shards deployed (the stored keys sha256:');
    expect(findings.filter((f) => f.messageId === 'shardsNotDeployed')).toEqual([]);
  });

  it('after observe --update and lint --fix raise the shards 25 → 180, the same telemetry is judged at 25 and does not raise them again', async () => {
    const dir = exampleTree(undefined, 1000);
    await observe(dir, '--update');
    expect(design(dir).tables[0].workload.hotKeyShare).toBe(0.6);
    await cli(['lint', 'tickets.json', '--fix', '--no-color'], { cwd: dir });
    // Beside the neighbours (160 partitions for twice 6,000 RCU and 80,000 WCU: max(4, 160)): 48,000 ÷ 159 = 301.89 +
    // 79,698.11 ÷ 160 = 800 ≤ 800 usable (158: 801.9), but two of 159 on one partition take 603.77 + 498.11 − 1.89 = 1,100
    // of its hard 1,000 WCU. Past 160, one partition holds ⌈N ÷ 160⌉ + 1 = 3 beside the other 32,000 WCU's 200:
    // 3 × 48,000 ÷ N + 200 ≤ 1,000 first at 180 (3 × 266.67 + 200 = 1,000; 179: 1,004.47). Above the default maxShards
    // 100, so the example raises it to 200.
    expect(design(dir).tables[0].sharding.shards).toBe(180);

    const run = await observe(dir, '--format', 'json');
    const findings = findingsOf(run.stdout);
    const mismatch = findings.find((f) => f.messageId === 'shardsNotDeployed');
    expect(mismatch).toMatchObject({
      ruleId: 'SG020',
      severity: 'warning',
      path: 'tables[0].sharding.shards',
      data: { declared: 180, deployed: 25, deployedKind: 'counted' },
    });
    expect(mismatch?.message).toMatch(
      /^the telemetry shows 25 shards deployed \(.*\); the design declares 180: .* judged at 25 shards, .*; re-observe after the application writes 180$/,
    );
    expect(findings.filter((f) => f.path === 'tables[0].workload.hotKeyShare')).toEqual([]);
    // Nothing raises the shards again; but production, still at 25, is judged as deployed (review 18): 1,920 WCU per shard.
    expect(findings.filter((f) => f.path === 'tables[0].sharding.shards' && !['shardsNotDeployed', 'firesAsDeployed'].includes(f.messageId))).toEqual([]);
    expect(findings.find((f) => f.messageId === 'firesAsDeployed')).toMatchObject({ severity: 'error', data: { rule: 'SG003' } });
    // The note still shows the figure, judged at the count deployed: 0.024 × 25, not × 180 (capped at 1).
    expect(run.stdout).toMatch(/hottest key share ≈ 0\.6 \(.*× 25 shards deployed/);

    // The nightly workflow's loop: nothing to write, and lint --fix finds nothing more to raise.
    await observe(dir, '--update');
    await cli(['lint', 'tickets.json', '--fix', '--no-color'], { cwd: dir });
    expect(design(dir).tables[0]).toMatchObject({ sharding: { shards: 180 }, workload: { hotKeyShare: 0.6 } });
  });

  it('a top-N report that lists only some shards bounds the share from below (× the highest shard number + 1), so it cannot ratchet', async () => {
    // The review's export: two shards of the hot event (#17, #3) in a report cut at the top contributors.
    const report = JSON.parse(read(join(EXAMPLE, 'week-2026-11-17/tickets.pkc.json'))) as { Contributors: { Keys: string[] }[] };
    report.Contributors = report.Contributors.filter((c) => ['evt-8841#17', 'evt-8841#3'].includes(c.Keys[0]));
    const dir = exampleTree(report);
    const text = read(join(dir, 'tickets.json')).replace('"hotKeyShare": 0.25', '"hotKeyShare": 0.6').replace('"shards": 25', '"shards": 180');
    const raised = tempTree({ 'tickets.json': text });
    const run = await cli(['observe', join(raised, 'tickets.json'), '--observations', join(dir, 'week/manifest.json'), '--format', 'json'], { cwd: dir });
    const findings = findingsOf(run.stdout);
    // 0.024 × at least 18 = 0.43: no drift of the 0.6 declared, no shard raise, and no mismatch proven.
    expect(findings.filter((f) => f.path.startsWith('tables[0].workload.hotKeyShare') || f.path === 'tables[0].sharding.shards')).toEqual([]);
    expect(run.stdout).toContain('× at least 18 shards deployed');
  });
});

describe('observe: Cosmos DB, the shards the logged PartitionKey values show', () => {
  /** A container keyed by /eventId, sharded over `shards` keys; the logs show the hot event over 4. */
  async function observeEvents(shards: number) {
    const hot = Array.from({ length: 4 }, (_, n) =>
      ruConsumptionRows({ container: 'events', periods: 30, reads: () => 1000, writes: () => 3000, hotShare: 0.2, hotKey: `["evt-final#${n}"]` }),
    );
    // The nine light keys once: each carries 0.8 / 9 of a period's units, under each hot shard's 0.2.
    const rows = hot.flatMap((r, n) => (n === 0 ? r : r.filter((row) => String(row.PartitionKey).startsWith('["evt-final'))));
    const design = {
      containers: [
        {
          name: 'events',
          partitionKey: { paths: [{ path: '/eventId', cardinality: 5000 }] },
          workload: { peakReadUnits: 4000, peakWriteUnits: 12000, hotKeyShare: 0.25 },
          sharding: { strategy: 'random', shards },
        },
      ],
    };
    const dir = tempTree({
      'design.json': JSON.stringify(design, null, 2),
      'ru.json': JSON.stringify(rows),
      'manifest.json': JSON.stringify({ observations: [{ container: 'events', database: 'shop', ruConsumption: 'ru.json' }] }),
    });
    const run = await cli(['observe', 'design.json', '--observations', 'manifest.json', '--format', 'json'], { cwd: dir });
    return { run, findings: findingsOf(run.stdout) };
  }

  it('a matching deployment scales the hottest stored key by the 4 shards logged', async () => {
    const { run, findings } = await observeEvents(4);
    expect(findings.filter((f) => f.messageId === 'shardsNotDeployed')).toEqual([]);
    expect(run.stdout).toContain('× 4 shards deployed');
    // 0.2 ÷ (4 × 0.2 + 0.8) = 0.125 per shard, × 4: the logical key's 0.5 of the 6,400 RU/s logged.
    expect(run.stdout).toContain('hottest key share ≈ 0.5 ');
    // Its 3,200 RU/s are 0.2 of the 16,000 RU/s declared, which the 0.25 declared covers (review 10: the share is
    // restated against the peaks the lint multiplies it by, since the logged total is a lower bound).
    expect(findings.filter((f) => f.ruleId === 'SG020' && f.path === 'containers[0].workload.hotKeyShare')).toEqual([]);
  });

  it('a design raised to 16 shards is judged at the 4 logged, and its share is not drift', async () => {
    const { run, findings } = await observeEvents(16);
    expect(findings.find((f) => f.messageId === 'shardsNotDeployed')).toMatchObject({
      path: 'containers[0].sharding.shards',
      data: { declared: 16, deployed: 4 },
    });
    expect(findings.filter((f) => f.ruleId === 'SG020' && f.path === 'containers[0].workload.hotKeyShare')).toEqual([]);
    expect(run.stdout).not.toContain('× 16 shards');
  });
});

describe('deployedShards', () => {
  const listed = (keys: string[], weight = 10) => keys.map((key) => ({ key, weight }));
  const shards = (n: number, from = 0) => Array.from({ length: n }, (_, i) => `evt#${i + from}`);

  it('counts N when shards 0…N-1 are listed, none higher, and a lighter key is listed after them', () => {
    const keys = [...listed(shards(25)), { key: 'other#2', weight: 1 }];
    expect(deployedShards(keys, 'evt#17', '#', false, plainKeys)).toMatchObject({ kind: 'counted', shards: 25 });
  });

  it('says only “at least” when the list may have been cut among the shards', () => {
    // No lighter key after them: shard 25… might be just below the cut.
    expect(deployedShards(listed(shards(25)), 'evt#17', '#', false, plainKeys)).toMatchObject({ kind: 'atLeast', shards: 25 });
    // Not contiguous from 0: a top-N cut among equal shards.
    const cut = [...listed(['evt#3', 'evt#17', 'evt#40']), { key: 'other#2', weight: 1 }];
    expect(deployedShards(cut, 'evt#17', '#', false, plainKeys)).toMatchObject({ kind: 'atLeast', shards: 41 });
  });

  it('reads the declared separator and takes a hottest key without a shard suffix as unsharded', () => {
    expect(deployedShards(listed(['evt_0', 'evt_1', 'x']), 'evt_1', '_', true, plainKeys)).toMatchObject({ kind: 'counted', shards: 2 });
    expect(deployedShards(listed(['evt', 'x#1']), 'evt', '#', true, plainKeys)).toMatchObject({ kind: 'unsharded', shards: 1 });
    // Cosmos DB logs the values as a JSON array.
    expect(deployedShards(listed(['["evt#0"]', '["evt#1"]', '["x"]']), '["evt#1"]', '#', true, plainKeys)).toMatchObject({ kind: 'counted', shards: 2 });
  });

  it('a mismatch is a different count, or at least more than declared', () => {
    expect(shardMismatch({ kind: 'counted', shards: 25, evidence: '' }, 25)).toBe(false);
    expect(shardMismatch({ kind: 'counted', shards: 25, evidence: '' }, 60)).toBe(true);
    expect(shardMismatch({ kind: 'atLeast', shards: 18, evidence: '' }, 60)).toBe(false);
    expect(shardMismatch({ kind: 'atLeast', shards: 61, evidence: '' }, 60)).toBe(true);
    expect(shardMismatch({ kind: 'unsharded', shards: 1, evidence: '' }, 60)).toBe(true);
  });
});

describe('observe: a deployment that writes another shard count is judged as deployed (review 18)', () => {
  /** A week of hourly exports of `jobs`: 1,000 RCU + 2,000 WCU at the peak hour, the hot queue taking
   *  `share` of the capacity units, written to stored keys q-hot#0 … #(hotShards-1); 19 light queues over 4 shards. */
  function jobsTree(hotShards: number, share: number) {
    const periods = 7 * 24;
    const start = Date.parse('2026-11-24T00:00:00Z');
    const at = (i: number) => new Date(start + i * 3_600_000).toISOString();
    const load = (i: number) => 0.55 + 0.45 * Math.sin((2 * Math.PI * (i % 24)) / 24);
    const units = (i: number) => (1000 + 3 * 2000) * 3600 * load(i);
    const keys: [string, number][] = [
      ...Array.from({ length: hotShards }, (_, n): [string, number] => [`q-hot#${n}`, share / hotShards]),
      ...Array.from({ length: 19 * 4 }, (_, k): [string, number] => [`q${Math.floor(k / 4) + 1}#${k % 4}`, (1 - share) / 76]),
    ];
    const series = (i: number) => Array.from({ length: periods }, (_, p) => i * units(p));
    const pkc = {
      KeyLabels: ['PartitionKey'],
      AggregationStatistic: 'Sum',
      AggregateValue: series(1).reduce((a, b) => a + b, 0),
      ApproximateUniqueCount: keys.length,
      Contributors: keys
        .map(([key, s]) => ({
          Keys: [key],
          ApproximateAggregateValue: series(s).reduce((a, b) => a + b, 0),
          Datapoints: series(s).map((v, p) => ({ Timestamp: at(p), ApproximateValue: v })),
        }))
        .sort((a, b) => b.ApproximateAggregateValue - a.ApproximateAggregateValue),
      MetricDatapoints: series(1).map((v, p) => ({
        Timestamp: at(p),
        UniqueContributors: keys.length,
        MaxContributorValue: Math.max(...keys.map(([, s]) => s * v)),
        Sum: v,
      })),
    };
    const metric = (id: string, label: string, peak: number) => ({
      Id: id,
      Label: label,
      Timestamps: Array.from({ length: periods }, (_, p) => at(p)),
      Values: Array.from({ length: periods }, (_, p) => peak * 3600 * load(p)),
      StatusCode: 'Complete',
    });
    const empty = (id: string) => ({ Id: id, Label: id, Timestamps: [], Values: [], StatusCode: 'Complete' });
    const metrics = {
      MetricDataResults: [
        metric('consumedRead', 'ConsumedReadCapacityUnits', 1000),
        metric('consumedWrite', 'ConsumedWriteCapacityUnits', 2000),
        empty('readThrottles'),
        empty('writeThrottles'),
      ],
      Messages: [],
    };
    const jobs = {
      tables: [
        {
          name: 'jobs',
          partitionKey: { name: 'queueId', type: 'S', cardinality: 20 },
          sortKey: { name: 'jobId', type: 'S', cardinality: 'unique' },
          workload: { peakReadUnits: 1000, peakWriteUnits: 2000, hotKeyShare: 0.2 },
          sharding: { strategy: 'random', shards: 4 },
        },
      ],
    };
    return tempTree({
      'jobs.json': JSON.stringify(jobs, null, 2),
      'jobs.pkc.json': JSON.stringify(pkc),
      'jobs.metrics.json': JSON.stringify(metrics),
      'manifest.json': JSON.stringify({
        periodSeconds: 3600,
        observations: [{ table: 'jobs', contributorInsights: 'jobs.pkc.json', metrics: 'jobs.metrics.json' }],
      }),
    });
  }
  const observeJobs = async (dir: string) => {
    const run = await cli(['observe', 'jobs.json', '--observations', 'manifest.json', '--format', 'json'], { cwd: dir });
    return { run, findings: findingsOf(run.stdout) };
  };

  it('a key written to shard #0 only of the 4 declared is counted as 1 shard deployed and judged at its load: SG003 fails the run', async () => {
    // warm20: 0.45, was 0.4. At 0.4 the one stored key's 800 WCU fit the usable 800 alone, over only beside its neighbours,
    // which SG003 now calls a warning (adaptive capacity isolates it); 0.45 puts 900 WCU on it, over a partition by itself.
    const { run, findings } = await observeJobs(jobsTree(1, 0.45));
    expect(findings.find((f) => f.messageId === 'shardsNotDeployed')).toMatchObject({ data: { declared: 4, deployed: 1, deployedKind: 'counted' } });
    // Not the first such finding: as declared the 4 shards keep the hot queue's growth (unsharded it would be short of
    // minGrowthHeadroom), so SG001 judges the key sharded and its few-values warning also fires only as deployed.
    const hot = findings.find((f) => f.messageId === 'firesAsDeployed' && f.data?.rule === 'SG003');
    expect(hot).toMatchObject({ ruleId: 'SG020', severity: 'error', data: { rule: 'SG003' } });
    expect(hot?.message).toMatch(/^as deployed \(1 shard deployed, 4 declared: .*\), SG003 hot-key-exceeds-partition fires: .*takes 45% \(observed\)/);
    expect(run.code).not.toBe(0);
  });

  it('8 shards deployed against 4 declared: the observed share is reported, and no “remove the sharding” fix the telemetry contradicts', async () => {
    const { run, findings } = await observeJobs(jobsTree(8, 0.4));
    expect(findings.find((f) => f.messageId === 'shardsNotDeployed')).toMatchObject({ data: { declared: 4, deployed: 8 } });
    expect(findings.filter((f) => f.ruleId === 'SG007' || f.data?.rule === 'SG007')).toEqual([]);
    expect(run.stdout).toContain("the hottest key's share observed at 8 shards: 0.4, declared 0.2");
  });
});

describe('deployedShards: one shard', () => {
  it('counts 1 when only key#0 is listed in a complete list or above a lighter key', () => {
    const keys = [{ key: 'q-hot#0', weight: 40 }, ...['q1#0', 'q1#1'].map((key) => ({ key, weight: 1 }))];
    expect(deployedShards(keys, 'q-hot#0', '#', true, plainKeys)).toMatchObject({ kind: 'counted', shards: 1 });
    expect(deployedShards(keys, 'q-hot#0', '#', false, plainKeys)).toMatchObject({ kind: 'counted', shards: 1 });
  });
});
