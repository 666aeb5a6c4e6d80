/**
 * Review 11 (a user's social graph, metrics store and telemetry designs, copied under review11-quota/): DynamoDB's
 * default table-level quota as the ceiling of on-demand capacity, fixes that weigh the quota, composite key parts,
 * and the figures a reader checks by hand.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { applyDesignEdits, lint, lintTemplateResource, type DesignEdit, type DesignInput, type Finding } from '../../lib';

const raw = (file: string): string => readFileSync(join(__dirname, 'review11-quota', file), 'utf8');
const design = (file: string): DesignInput => {
  const { $schema: _schema, ...input } = JSON.parse(raw(file)) as Record<string, unknown>;
  return input as unknown as DesignInput;
};
const sg017 = (findings: readonly Finding[], table: string): Finding[] => findings.filter((f) => f.ruleId === 'SG017' && f.path.startsWith(table));

describe('SG017: the default table-level quota bounds on-demand capacity (review 11 item 4)', () => {
  it('an on-demand peak of 39,000 WCU, 97.5% of the 40,000 quota, misses the headroom: a warning asking for a quota increase', () => {
    const [near] = sg017(lint(design('quota.json')), 'tables[0]');
    expect(near).toMatchObject({ severity: 'warning', messageId: 'nearQuota', path: 'tables[0].workload.peakWriteUnits' });
    expect(near.data).toMatchObject({ peak: 39_000, quota: 40_000, suggested: 48_750 });
    expect(near.message).toContain('uses 97.5% of it, more than the 80% the design plans for');
    expect(near.fix).toContain('request an increase of the table-level write throughput quota to at least 48,750');
  });

  it('an on-demand peak within the headroom of the quota is clean', () => {
    const input = design('quota.json') as unknown as { tables: Record<string, unknown>[] };
    const within = { tables: [{ ...input.tables[0], workload: { peakReadUnits: 3_000, peakWriteUnits: 32_000 } }] } as unknown as DesignInput;
    expect(sg017(lint(within), 'tables[0]')).toEqual([]);
  });

  it('provisioned capacity over the quota keeps its error, and no quota warning joins it', () => {
    expect(sg017(lint(design('quota.json')), 'tables[1]').map((f) => [f.severity, f.messageId])).toEqual([['error', 'provisionedOverQuota']]);
  });

  it('an on-demand maximum of 60,000 WCU above the quota: a warning, which says the quota caps it', () => {
    const findings = sg017(lint(design('edge.json')), 'tables[2]');
    expect(findings.map((f) => f.messageId).sort()).toEqual(['maximumOverQuota', 'nearQuota']);
    const maximum = findings.find((f) => f.messageId === 'maximumOverQuota')!;
    expect(maximum).toMatchObject({ severity: 'warning', path: 'tables[2].onDemand.maxWriteRequestUnits' });
    expect(maximum.message).toContain('above the default table-level quota of 40,000');
    expect(maximum.fix).toContain('or lower `onDemand.maxWriteRequestUnits` to at most 40,000');
    expect(maximum.edits).toBeUndefined();
  });

  it('an on-demand maximum at the quota is not flagged', () => {
    const input = design('edge.json') as unknown as { tables: Record<string, unknown>[] };
    const atQuota = {
      tables: [{ ...input.tables[2], onDemand: { maxWriteRequestUnits: 40_000 }, workload: { peakReadUnits: 3_000, peakWriteUnits: 30_000 } }],
    } as unknown as DesignInput;
    expect(sg017(lint(atQuota), 'tables[0]')).toEqual([]);
  });

  it('Billing.onDemand({ maxWriteRequestUnits: 50_000 }) in a GuardedTable: both warnings from the synthesized template', () => {
    const template = JSON.parse(raw('Social.template.json')) as { Resources: Record<string, Record<string, unknown>> };
    const logicalId = 'MetricPointsA502F9F1';
    const findings = lintTemplateResource(logicalId, template.Resources[logicalId] as never).findings.filter((f) => f.ruleId === 'SG017');
    expect(findings.map((f) => [f.severity, f.messageId]).sort()).toEqual([
      ['warning', 'maximumOverQuota'],
      ['warning', 'nearQuota'],
    ]);
  });
});

describe('SG012: a query that gives every part of a composite partition key carries it (review 11 item 5)', () => {
  const crossing = (input: DesignInput) => lint(input).filter((f) => f.ruleId === 'SG012');
  const withKeyAttributes = (keyAttributes: string[]): DesignInput => {
    const input = design('metrics-sound.json') as unknown as { tables: { accessPatterns: Record<string, unknown>[] }[] };
    const [table] = input.tables;
    return { tables: [{ ...table, accessPatterns: [{ ...table.accessPatterns[0], keyAttributes }] }] } as unknown as DesignInput;
  };

  it('keyAttributes ["seriesId", "yyyyMMdd"], both components of seriesDay: no SG012', () => {
    expect(crossing(design('metrics-sound.json'))).toEqual([]);
  });

  it('the composite name itself carries it too', () => {
    expect(crossing(withKeyAttributes(['seriesDay']))).toEqual([]);
  });

  it('one component alone does not determine the key: the query crosses partitions', () => {
    expect(crossing(withKeyAttributes(['seriesId']))).toMatchObject([{ messageId: 'crossingOne', data: { share: 1 } }]);
  });
});

describe('SG003: a sharding fix whose fan-out passes the table-level quota writes no edit (review 11 item 3)', () => {
  // Beside its neighbours the reviewer's 8% star has 2,400 RCU of paged reads over the 1,710 its partition leaves (40
  // partitions, twice 30,000 RCU and 20,000 WCU: max(20, 40)): no count serves those; at 6%, 1,800 RCU over 1,695 neither.
  // At 5%, 1,500 RCU fit (2,400 − 28,500 ÷ 40 = 1,687.5) and the 1,000 WCU need 4 shards (250 + 19,750 ÷ 40 = 743.75; at 3,
  // 333.33 + 491.67 = 825).
  const followersOf = (peakReadUnits?: number, hotKeyShare = 0.05): DesignInput => {
    const input = design('social-flawed.json') as unknown as { tables: Record<string, unknown>[] };
    const [follows] = input.tables as { globalSecondaryIndexes: { workload: Record<string, unknown> }[] }[];
    const [gsi] = follows.globalSecondaryIndexes;
    const workload = { ...gsi.workload, hotKeyShare, ...(peakReadUnits === undefined ? {} : { peakReadUnits }) };
    return { tables: [{ ...follows, globalSecondaryIndexes: [{ ...gsi, workload }] }] } as unknown as DesignInput;
  };
  const hotKey = (input: DesignInput) => lint(input).find((f) => f.ruleId === 'SG003' && f.index === 'followers-of')!;

  // index29: the star is a declared whale and every other followee fits unsharded, so only its followers-of value is
  // sharded (hotValues: 1): only its reads fan out (28,500 + 1,500 × 4 = 34,500 RCU, not 30,000 × 4 = 120,000), within
  // the quota (before, every followee was sharded, past the quota). Each page of `my-followers` queries every shard, so
  // each shard's partition serves the star's 1,500 RCU in full: two of the 4 on one of the 40 partitions (14.32% of the
  // time) take 3,000 + 825 − 37.5 = 3,787.5 RCU, past the hard 3,000, at any count: the neighbours are 1/40 of the rest
  // of the 34,500 RCU as charged, the other 3 shards' queries among them ((34,500 − 1,500) ÷ 40 = 825; P = max(⌈2 ×
  // 34,500 ÷ 3,000⌉ = 23, 2 × 20,000 ÷ 1,000 = 40) = 40 still), not of the 30,000 declared (712.5: 3,675 before). So the writes' 4 shards come with DAX
  // in front of those reads, which no edit writes, and --fix writes none of it (the edits once wrote a count whose own
  // pair clause said 3,675 RCU).
  it('N = 4 on followers-of for the star alone: only its reads of my-followers fan out, within the quota; the pair its pages read in full asks for DAX, and no edit', () => {
    const sg003 = hotKey(followersOf());
    // Random (carry28): no query on the index gives `followerId`, the sort key a calculated shard would hash.
    expect(sg003.fix).toContain('N = 4 random shards; sharding.hotValues: 1');
    expect(sg003.fix).not.toContain('table-level read throughput quota');
    expect(sg003.data).toMatchObject({ fixReads: 34_500, fixReadShards: 4, hashedLoad: 3787.5, hashedPartitions: 40, cache: 'DAX' });
    expect(sg003.fix).toContain('two share one 14.32% of the time, and that partition then takes 3,787.5 of the usable 2,400 RCU');
    expect(sg003.fix).toContain('every page of `my-followers` queries all the shards, which do not divide its reads: put DAX in front of them');
    expect(sg003.edits).toBeUndefined();
    // No SG017 on the design as it is: 30,000 RCU unsharded is within the quota's 80%.
    expect(lint(followersOf()).filter((f) => f.ruleId === 'SG017')).toEqual([]);
  });

  it('a fan-out that stays under the quota keeps its edits, and the fixed design has no SG017', () => {
    // 5,000 RCU at 8%: 6 shards for the 1,600 WCU (40 partitions: 266.67 + 19,733.33 ÷ 40 = 760; at 5, 320 + 492 = 812),
    // 30,000 RCU of fan-out, 37,500 at 80%: under the 40,000. (At 6,000 RCU, 36,000 and 45,000: over.)
    const input = followersOf(5_000, 0.08);
    const sg003 = hotKey(input);
    expect(sg003.fix).not.toContain('table-level read throughput quota');
    expect(sg003.edits?.length).toBeGreaterThan(0);
    const after = applyDesignEdits(input, sg003.edits as DesignEdit[]);
    expect(lint(after).filter((f) => f.ruleId === 'SG017')).toEqual([]);
  });
});

describe('SG003: the shard count is sized on the expected placement, and says so (review 11 item 8)', () => {
  it('N = 11 random shards on 5 partitions: 7,985.45 of 8,000 usable is an average the headroom absorbs', () => {
    const sg003 = lint(design('telemetry-flawed.json')).find((f) => f.ruleId === 'SG003')!;
    expect(sg003.fix).toContain('why N = 11: a stored key');
    expect(sg003.fix).toContain('usable on its partition (80% of 10,000); 10 would make');
  });
});
