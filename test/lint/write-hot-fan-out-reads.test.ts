/**
 * A value declared hot by its writes (`workload.hotKeyOperations: 'writes'`) is still read as often as any value: its
 * even share of the reads. Sharded, each read of it queries every shard (AWS, "Using write sharding to distribute
 * workloads evenly"), each Query charged on its own ("Query": at least 0.5 RCU eventually consistent), so each shard's
 * partition serves those reads in full where every shard returns a page. SG017 charged them already
 * (read-requests.ts); SG003 counted 0 reads on each shard and stayed quiet.
 */
import { lint, type DynamoDbTableDesign } from '../../lib';

/** Jobs keyed by a 5-valued `status`, 10 random shards, every read a page (`limit`) of one status over all shards. */
const jobs = (hotKeyOperations: 'writes' | 'both', peakReadUnits = 13_000): DynamoDbTableDesign => ({
  engine: 'dynamodb',
  name: 'jobs',
  partitionKey: { name: 'status', type: 'S', cardinality: 5 },
  sortKey: { name: 'dueAt', type: 'S', cardinality: 'unique' },
  sharding: { strategy: 'random', shards: 10 },
  workload: { peakReadUnits, peakWriteUnits: 6_000, hotKeyShare: 0.6, hotKeyOperations },
  accessPatterns: [{ name: 'jobs-by-status', keyAttributes: ['status'], limit: 10, share: 1, fanOut: true }],
});

const sg003 = (design: DynamoDbTableDesign) => lint(design).find((f) => f.ruleId === 'SG003');

describe("a value hot by its writes: each shard serves the fan-out of the value's even share of the reads", () => {
  // 13,000 RCU ÷ 5 statuses = 2,600 RCU of reads of the hottest, every shard serving each page: 2,600 RCU on each shard.
  // As charged the table reads 13,000 × 10 = 130,000 RCU; its 87 partitions (twice that peak and 6,000 WCU) leave beside a
  // shard (130,000 − 2,600) ÷ 87 = 1,464.37 RCU, so 2,400 − 1,464.37 = 935.63 RCU left, under 2,600. Main counted 0.
  it('fires on the reads, saying they are the even share', () => {
    const hit = sg003(jobs('writes'));
    expect(hit).toMatchObject({ severity: 'error', data: { readLoad: 2_600, readPerKey: 2_600, evenReadValues: 5 } });
    expect(hit?.message).toContain('takes 60% (declared) of the writes and, as every value, 1/5 of the reads: 2,600 RCU reads, 2,600 RCU per shard over 10');
    expect(hit?.message).toContain(
      'less the 1,464.37 RCU its neighbours are expected to take (the other 127,400 RCU of reads ÷ 87 partitions): 935.63 RCU left',
    );
  });

  // 2,000 RCU: 400 RCU per status on each shard; 20,000 RCU charged, (20,000 − 400) ÷ P beside it leaves room. (Its
  // writes' pair, 10 shards of 360 WCU, draws SG003's hashedPairOver warning, a finding of its own.)
  it('stays quiet on the reads where they fit beside the neighbours', () => {
    expect(lint(jobs('writes', 2_000)).filter((f) => f.ruleId === 'SG003' && f.messageId !== 'hashedPairOver')).toEqual([]);
  });

  // Declared hot both ways the hottest value takes 60% of the reads, not the even 20%: the clause is not said.
  it('says no even share where the share is of the reads too', () => {
    const hit = sg003(jobs('both'));
    expect(hit?.data).toMatchObject({ readLoad: 7_800 });
    expect(hit?.data).not.toHaveProperty('evenReadValues');
  });
});
