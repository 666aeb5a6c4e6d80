/**
 * `--fix` labels an error its own fixes made fire ("it appeared in this run"), so a "not fixed" line never
 * reads as a finding the design had before. The rules' own edits on a real design, no synthetic findings.
 */
import { join } from 'node:path';
import { lint, type DesignInput } from '../../lib';
import { NO_EDITS } from '../../lib/cli/fix';
import { cli, tempTree } from './helpers';

const APPEARED = 'it appeared in this run, caused by the fixes above; ';

// A job queue keyed by status: half the reads poll for any queued job (one random shard each), half get one job by
// status and jobId, which does not say its shard. SG009 sets fanOut on `get`, so each of its 10,000 RCU of reads
// queries every shard; SG003 raises the shards from 4 to 5 for the hottest status (10,000 RCU of reads, 2,500 per
// shard over 4 against a usable 2,400). Together: 10,000 + 5 × 10,000 = 60,000 RCU of read requests, over the
// 40,000 table-level quota, and SG017 fires where it did not before. Its fix (a quota increase) carries no edits.
const jobs: DesignInput = {
  tables: [
    {
      name: 'jobs',
      billing: 'on-demand',
      partitionKey: { name: 'status', type: 'S', cardinality: 5 },
      sortKey: { name: 'jobId', type: 'S', cardinality: 'unique' },
      workload: { peakReadUnits: 20000, peakWriteUnits: 100, hotKeyShare: 0.5 },
      sharding: { strategy: 'random', shards: 4 },
      accessPatterns: [
        { name: 'poll', keyAttributes: ['status'], share: 0.5, wants: 'any' },
        { name: 'get', keyAttributes: ['status', 'jobId'], share: 0.5 },
      ],
    },
  ],
};

describe('--fix names an error its own fixes made fire', () => {
  it('a job queue: SG009 and SG003 fixed, the SG017 their fan-out causes is labelled as appeared in this run', async () => {
    expect(lint(jobs).map((f) => f.ruleId)).toEqual(['SG003', 'SG009']);
    const dir = tempTree({ 'jobs.json': JSON.stringify(jobs, null, 2) });
    const { code, stdout } = await cli(['lint', join(dir, 'jobs.json'), '--fix', '--format', 'json']);
    const [file] = JSON.parse(stdout).files;
    expect(file.fixes.map((f: { ruleId: string }) => f.ruleId)).toEqual(['SG009', 'SG003']);
    expect(file.findings.map((f: { ruleId: string }) => f.ruleId)).toEqual(['SG017']);
    const notFixed = file.notes.filter((n: { message: string }) => n.message.includes('not fixed'));
    expect(notFixed).toMatchObject([{ path: 'tables[0].workload.peakReadUnits', message: `SG017 not fixed: ${APPEARED}${NO_EDITS}` }]);
    expect(code).toBe(1);
  });
});
