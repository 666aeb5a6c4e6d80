/**
 * carry28 (verdict27 leftover): a fix that shards the hottest value only (`sharding.hotValues: 1`, not yet declared) fans
 * out that value's reads alone (AWS, "Using write sharding to distribute workloads evenly": the reads of a sharded value
 * query every suffix; the others stay one query). The fix's quota check charged every value's reads N times, as if the
 * whole key were sharded: 2,000 RCU × 23 = 46,000 RCU (57,500 at 80%, past the 40,000 table-level quota), so --fix wrote
 * no edit, where the declared plan the next lint judges reads 1,000 × 23 + 1,000 = 24,000 RCU (30,000 at 80%). The
 * proposed and the declared plan are now counted by one function (read-requests.ts, `shardedValues`).
 */
import { lint, type DesignInput, type ShardingDesign } from '../../lib';
import { fixDesignText } from '../../lib/cli/fix';

const events = (sharding?: ShardingDesign, fanOut?: boolean): DesignInput => ({
  tables: [
    {
      name: 'events',
      partitionKey: { name: 'tenantId', type: 'S', cardinality: 1000 },
      sortKey: { name: 'eventId', type: 'S', cardinality: 'unique' },
      workload: { peakReadUnits: 2000, peakWriteUnits: 14_000, hotKeyShare: 0.5 },
      accessPatterns: [{ name: 'recent', keyAttributes: ['tenantId'], share: 1, limit: 20, ...(fanOut ? { fanOut } : {}) }],
      ...(sharding ? { sharding } : {}),
    },
  ],
});

describe('a proposed hotValues fix fans out the listed value alone, as the declared one does', () => {
  // 28 partitions (twice 14,000 WCU), the tenant's 7,000 WCU: the usable line alone gives 23 (304.35 + 489.13 = 793.48),
  // but two of N on one partition take 500 + 7,000 ÷ N × 27/14: 1,019.23 at 26, 1,000 at 27 (two share one 99.99% of the
  // time). Its fan-out, 1,000 × 27 + 1,000 = 28,000 RCU (35,000 at 80%), is within the 40,000 quota.
  it('the fix shards the hottest tenant 27 ways and sets fanOut: its 28,000 RCU fan-out is within the read quota', () => {
    const sg003 = lint(events()).find((f) => f.ruleId === 'SG003');
    expect(sg003?.fix).toContain('shard only the hottest `tenantId` value, into N = 27 calculated shards on `eventId`');
    expect(sg003?.fix).toContain("two share one 99.99% of the time, and that partition then takes 1,000 WCU, within the partition's 1,000 WCU maximum");
    expect(sg003?.data).toMatchObject({ fixReads: 28_000 });
    expect(sg003?.fix).not.toContain('read throughput quota');
    expect(sg003?.edits).toEqual([
      { op: 'set', path: 'tables[0].sharding', value: { strategy: 'calculated', shards: 27, sourceAttribute: 'eventId', hotValues: 1 } },
      { op: 'set', path: 'tables[0].accessPatterns[0].fanOut', value: true },
    ]);
  });

  it('declared so, the next lint finds nothing, and --fix converges in one run', () => {
    const declared = events({ strategy: 'calculated', shards: 27, sourceAttribute: 'eventId', hotValues: 1 }, true);
    expect(lint(declared)).toEqual([]);
    const once = fixDesignText(JSON.stringify(events(), null, 2), {});
    expect(JSON.parse(once.text)).toEqual(declared);
    expect(fixDesignText(once.text, {}).fixes).toEqual([]);
  });

  it('the whole key sharded (no hotValues) still charges every value: past the quota, no edit', () => {
    const whole = lint(events({ strategy: 'calculated', shards: 23, sourceAttribute: 'eventId' })).find((f) => f.ruleId === 'SG009');
    expect(whole?.fix).toContain('read 46,000 RCU at the peak');
    expect(whole?.edits).toBeUndefined();
  });
});
