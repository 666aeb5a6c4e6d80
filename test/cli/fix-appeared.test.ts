/**
 * `--fix` labels an error its own fixes made fire ("it appeared in this run"), so a "not fixed" line never reads as a
 * finding the design had before; and SG009's fanOut is not written where it would make such an error fire (SG017 past
 * a throughput quota, which no design edit lifts). The rules' own edits on real designs, no synthetic findings.
 */
import { join } from 'node:path';
import { lint, type DesignInput, type DynamoDbTableDesign } from '../../lib';
import { NO_EDITS } from '../../lib/cli/fix';
import { budgetPacing } from '../fixtures';
import { cli, tempTree } from './helpers';

const APPEARED = 'it appeared in this run, caused by the fixes above; ';

/**
 * A job queue keyed by status, sorted by jobId: `get` reads one job by status and jobId, which does not say its shard.
 * Its hottest status is a share of the writes (`hotKeyOperations: 'writes'`), which the shards are for: a read of one
 * item on random shards tries every shard, each charged in full, so shards never served a hot `get` (reads32).
 */
const queue = (table: Partial<DynamoDbTableDesign>): DesignInput => ({
  tables: [
    {
      name: 'jobs',
      partitionKey: { name: 'status', type: 'S', cardinality: 5 },
      sortKey: { name: 'jobId', type: 'S', cardinality: 'unique' },
      ...table,
    } as DynamoDbTableDesign,
  ],
});

async function fixed(design: DesignInput, config?: object) {
  const dir = tempTree({ 'jobs.json': JSON.stringify(design, null, 2), ...(config ? { 'skewguard.config.json': JSON.stringify(config) } : {}) });
  const configured = config ? ['--config', join(dir, 'skewguard.config.json')] : [];
  const { code, stdout } = await cli(['lint', join(dir, 'jobs.json'), '--fix', '--format', 'json', ...configured]);
  const [file] = JSON.parse(stdout).files;
  return { code, file, ruleIds: (list: { ruleId: string }[]) => list.map((f) => f.ruleId) };
}

describe("SG009's fanOut respects SG017", () => {
  it('on demand: the fan-out would take the reads past the table-level quota, so the fix says so and writes no edit', async () => {
    // Half the reads poll for any queued job (one random shard each), half `get` one job: fanning `get` out over the 4
    // shards makes 10,000 + 4 × 10,000 = 50,000 RCU of read requests, over the 40,000 quota.
    const jobs = queue({
      billing: 'on-demand',
      workload: { peakReadUnits: 20000, peakWriteUnits: 3500, hotKeyShare: 0.5, hotKeyOperations: 'writes' },
      sharding: { strategy: 'random', shards: 4 },
      accessPatterns: [
        { name: 'poll', keyAttributes: ['status'], share: 0.5, wants: 'any' },
        { name: 'get', keyAttributes: ['status', 'jobId'], share: 0.5 },
      ],
    });
    const sg009 = lint(jobs).find((f) => f.ruleId === 'SG009');
    expect(sg009?.edits).toBeUndefined();
    expect(sg009?.fix).toContain(
      "; but fanning out `get` makes the table read 50,000 RCU at the peak (20,000 RCU of reads, each shard's query a request of its own, as SG017 counts them), which at 80% utilization take 62,500 RCU of read throughput for the table, above the default table-level read throughput quota of 40,000, so --fix writes no edit: request the quota increase",
    );
    const { file, ruleIds } = await fixed(jobs);
    // No fanOut is written. Moved (fixes: SG003's raise to 5 shards → none; findings SG009 → SG003, SG009): the hottest
    // status is read as often as any, 20,000 ÷ 5 = 4,000 RCU, half of it `get`, which tries every shard: each shard takes
    // 2,000 + 2,000 ÷ 4 = 2,500 RCU, past the usable 2,400 alone, at any count, so SG003 errs with no edit (DAX first).
    expect(file.fixes).toEqual([]);
    expect(ruleIds(file.findings)).toEqual(['SG003', 'SG009']); // no SG017 of the fix's making
  });

  it('provisioned: the fan-out would need a capacity raise past the quota, so the fix says so and writes no edit', async () => {
    // 13,000 RCU of `get` over 3 shards: 39,000 RCU of read requests against 33,000 provisioned; SG017's raise
    // (39,000 ÷ 0.8 = 48,750) passes the 40,000 quota, so SG017 could write no edit either. The hottest status takes 33%
    // of 3,500 WCU, so its 3 shards fit beside their neighbours (11 partitions, max(11, 5): 385 + 3,115 ÷ 11 = 668.18 WCU).
    const jobs = queue({
      billing: 'provisioned',
      capacity: { read: { fixed: 33000 }, write: { fixed: 5000 } },
      workload: { peakReadUnits: 13000, peakWriteUnits: 3500, hotKeyShare: 0.33, hotKeyOperations: 'writes' },
      sharding: { strategy: 'random', shards: 3 },
      accessPatterns: [{ name: 'get', keyAttributes: ['status', 'jobId'], share: 1 }],
    });
    const sg009 = lint(jobs).find((f) => f.ruleId === 'SG009');
    expect(sg009).toMatchObject({ ruleId: 'SG009', edits: undefined });
    // The figures SG017 weighs, from the one function both use (lib/lint/throughput-quota.ts); before, only that
    // SG017 would fire ("would make SG017 fire with a fix --fix cannot write"), as the quota check knew no headroom.
    expect(sg009?.fix).toContain(
      "; but fanning out `get` makes the table read 39,000 RCU at the peak (13,000 RCU of reads, each shard's query a request of its own, as SG017 counts them), which at 80% utilization take 48,750 RCU of read throughput for the table, above the default table-level read throughput quota of 40,000, so --fix writes no edit",
    );
    const { file, ruleIds } = await fixed(jobs);
    // No fanOut is written. Moved (fixes: SG003's raise to 4 shards → none; findings SG009 → SG003, SG009): the hottest
    // status's even share of the reads, 13,000 ÷ 5 = 2,600 RCU, which `get` charges on every shard, is past the usable
    // 2,400 alone at any count, so SG003 errs with no edit (DAX first).
    expect(file.fixes).toEqual([]);
    expect(ruleIds(file.findings)).toEqual(['SG003', 'SG009']);
  });

  it('still sets fanOut where SG017 can follow with a raise of its own', async () => {
    // The same queue at 7,000 RCU. Its 3 declared shards (400 WCU each on 8 partitions) draw SG003's hashedPairOver (two
    // of 3 on one partition take 800 + 2,200 ÷ 8 − 50 = 1,075 of its 1,000 WCU), and SG017 counts the fan-out over the 4
    // it sets: 28,000 RCU of requests, over the 24,000 provisioned, within the quota once raised (35,000 at 80%). That raise
    // makes 12 partitions, on which two of the 3 take 800 + 183.33 − 33.33 = 950: the re-lint is clean. (At 10,000 RCU,
    // 40,000 requests over 4 shards pass the quota, and SG009 rightly writes no fanOut.)
    const jobs = queue({
      billing: 'provisioned',
      capacity: { read: { fixed: 24000 }, write: { fixed: 5000 } },
      workload: { peakReadUnits: 7000, peakWriteUnits: 3000, hotKeyShare: 0.4, hotKeyOperations: 'writes' },
      sharding: { strategy: 'random', shards: 3 },
      accessPatterns: [{ name: 'get', keyAttributes: ['status', 'jobId'], share: 1 }],
    });
    // Moved (fixes SG009 + SG017 → none; re-lint clean → SG009 left): the hottest status is read as often as any, 7,000 ÷
    // 5 = 1,400 RCU, which fanning out `get` charges on each of the 3 shards, beside (28,000 − 1,400) ÷ 8 = 3,325 RCU:
    // over the partition, so SG009 now withholds its fanOut and says SG003 would fire. This case no longer shows the
    // fanOut written; a fixture whose hottest value's reads fit on every shard would.
    const { file, ruleIds } = await fixed(jobs);
    expect(ruleIds(file.fixes)).toEqual([]);
    expect(ruleIds(file.findings)).toEqual(['SG009']);
    expect(file.findings[0].fix).toContain('but fanning out `get` puts the hottest `status` value over its partition beside the queries it adds');
  });
});

describe('--fix names an error its own fixes made fire', () => {
  it("a job queue's shards are not raised where their fan-out needs capacity past the quota (SG017 could not fix it)", async () => {
    // Every read `get`s one job over all shards: 2 × 13,000 = 26,000 RCU of requests fit 80% of the 33,000 provisioned;
    // 3 × 13,000 = 39,000 do not, and the raise SG017 would ask (48,750) passes the 40,000 quota. This design showed
    // an SG017 that appeared in the run while SG003 weighed its fan-out against the bare quota; SG003 now weighs it as
    // SG017 does, writes no edit, and --fix brings on nothing.
    const jobs = queue({
      billing: 'provisioned',
      capacity: { read: { fixed: 33000 }, write: { fixed: 5000 } },
      workload: { peakReadUnits: 13000, peakWriteUnits: 3500, hotKeyShare: 0.33, hotKeyOperations: 'writes' },
      sharding: { strategy: 'random', shards: 2 },
      accessPatterns: [{ name: 'get', keyAttributes: ['status', 'jobId'], share: 1, fanOut: true }],
    });
    const { file, ruleIds } = await fixed(jobs);
    expect(file.fixes).toEqual([]);
    expect(ruleIds(file.findings)).toEqual(['SG003']);
    expect(file.notes.filter((n: { message: string }) => n.message.includes(APPEARED))).toEqual([]);
  });

  it("an order table's needless copies removed: the dominant status a project's config makes an error appears on the index", async () => {
    // The table keeps 3 replicated copies its 600 WCU do not need (SG007), and each copy writes its own entry in
    // `byStatus`: 90% of 1,800 WCU on one status is over the index's 800 usable (SG003 and SG001 defer to the removal).
    // Once --fix removes them, the status takes 540 WCU and fits, and what is left is its dominance (SG014), which this
    // project's config makes an error: no design edit fixes a dominant value, so it is named as appeared in this run.
    const orders: DesignInput = {
      tables: [
        {
          name: 'orders',
          partitionKey: { name: 'orderId', type: 'S', cardinality: 'unique' },
          sharding: { strategy: 'replicated', shards: 3 },
          workload: { peakReadUnits: 1000, peakWriteUnits: 600 },
          globalSecondaryIndexes: [
            { indexName: 'byStatus', partitionKey: { name: 'status', type: 'S', cardinality: 5, mutable: false }, workload: { hotKeyShare: 0.9 } },
          ],
        },
      ],
    };
    const config = { rules: { SG014: 'error' } } as const;
    expect(lint(orders, config).map((f) => f.ruleId)).toEqual(['SG001', 'SG003', 'SG007']);
    const { code, file, ruleIds } = await fixed(orders, config);
    expect(ruleIds(file.fixes)).toEqual(['SG007']);
    expect(ruleIds(file.findings)).toEqual(['SG014', 'SG001']);
    const notFixed = file.notes.filter((n: { message: string }) => n.message.includes('not fixed'));
    expect(notFixed).toMatchObject([
      { path: 'tables[0].globalSecondaryIndexes[0].workload.hotKeyShare', message: `SG014 not fixed: on index byStatus: ${APPEARED}${NO_EDITS}` },
    ]);
    expect(code).toBe(1);
  });

  it('an index --fix renamed (a new projection) is the same index: its findings from before are not named as appeared', async () => {
    // gsi34 (try34a's budget pacing, no launch at peak): every won bid ADDs to one campaign's spend, and index
    // `by-advertiser` projects ALL, so the hot campaign's updates write it. SG003's fix projects KEYS_ONLY as a new
    // index, `by-advertiser-v2`, its writes declared at their upper bound (the table's writes less the hot item's updates,
    // 55,200 WCU), which stays past the quota (SG017), as the index's 60,000 were before the rename: that finding is the
    // design's, not the run's.
    const pacing: DesignInput = { tables: [budgetPacing()] };
    const { file } = await fixed(pacing);
    expect(file.fixes).toMatchObject([{ ruleId: 'SG003', path: 'tables[0].globalSecondaryIndexes[0].partitionKey' }]);
    const onIndex = file.notes.filter((n: { path: string }) => n.path.startsWith('tables[0].globalSecondaryIndexes[0]'));
    expect(onIndex.map((n: { message: string }) => n.message.slice(0, 40))).toEqual(['SG017 not fixed: on index by-advertiser-']);
    expect(onIndex.filter((n: { message: string }) => n.message.includes(APPEARED))).toEqual([]);
  });
});
