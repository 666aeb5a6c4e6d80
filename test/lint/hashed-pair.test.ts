/**
 * On DynamoDB a hashed count (write shards, replicated copies) is the least N at which each key fits its partition's
 * usable ceiling and two keys hashed onto one partition, beside its expected neighbours, fit its hard 1,000 WCU /
 * 3,000 RCU ("Burst and adaptive capacity": a partition past them throttles; adaptive capacity isolates the two only
 * under sustained traffic, which a launch or a batch start meets first). With more keys than partitions, and on Cosmos
 * DB, the count is sized on the expected load as before. The clause then states the margin, not a throttle.
 */
import { applyDesignEdits, lint, type DesignEdit, type DesignInput, type DynamoDbTableDesign, type Finding } from '../../lib';
import { chanceTwoShareOne, crowdOnOnePartition, hashedPairFits, twoOnOnePartition, type KeyOnPartition } from '../../lib/design/hashed-pair';

/** A loyalty ledger as a team ships it: a by-day index on 365 days taking 1,400 WCU, a member taking 15% of 8,000 WCU. */
const loyalty = (byDayWrites = 1_400): DesignInput =>
  ({
    tables: [
      {
        name: 'loyalty-ledger',
        partitionKey: { name: 'memberId', type: 'S', cardinality: 20_000_000 },
        sortKey: { name: 'entryId', type: 'S', cardinality: 'unique' },
        workload: { peakReadUnits: 4_000, peakWriteUnits: 8_000, hotKeyShare: 0.15, hotKeyOperations: 'writes' },
        invariants: [{ kind: 'running-total', description: 'BALANCE item updated in the same transaction as each ledger entry' }],
        globalSecondaryIndexes: [
          {
            indexName: 'by-day',
            partitionKey: { name: 'entryDay', type: 'S', cardinality: 365 },
            sortKey: { name: 'memberId', type: 'S' },
            workload: { peakWriteUnits: byDayWrites },
          },
        ],
        accessPatterns: [
          { name: 'member-ledger', keyAttributes: ['memberId'], share: 0.9 },
          { name: 'entries-of-day', index: 'by-day', keyAttributes: ['entryDay'], share: 0.1, resultKb: 40 },
        ],
      },
    ],
  }) as DesignInput;

const on = (findings: readonly Finding[], ruleId: string, path: string) => findings.find((f) => f.ruleId === ruleId && f.path === path);
const BY_DAY = 'tables[0].globalSecondaryIndexes[0].partitionKey';

describe('two keys on one partition (the pair test)', () => {
  const figure: KeyOnPartition = { partitions: 4, load: 350, neighbours: 262.5, usable: 800, maximum: 1_000, unit: 'WCU' };

  it('takes both keys in full and the neighbours less the second key’s 1/P', () => {
    // 2 × 350 + (1,400 − 350) ÷ 4 − 350 ÷ 4 = 700 + 175.
    expect(twoOnOnePartition(figure, 4)).toBeCloseTo(875, 9);
    expect(hashedPairFits(4, [figure])).toBe(true);
  });

  it('fails past the maximum', () => {
    const three = { ...figure, load: 1_400 / 3, neighbours: (1_400 - 1_400 / 3) / 4 };
    expect(twoOnOnePartition(three, 3)).toBeCloseTo(1_050, 9);
    expect(hashedPairFits(3, [three])).toBe(false);
  });

  it('past P tests the ⌈N/P⌉ keys one partition always holds and one more: no count passes at P + 1 by definition', () => {
    // 1,400 WCU of one value (no other load) over 4 partitions: at N = 4, two take 700 + 175 = 875; at N = 5, 3 of 280
    // take 840 (the siblings are the whole of the neighbours); at N = 9, 4 of 155.56 take 622.22.
    const at = (n: number): KeyOnPartition => ({ ...figure, load: 1_400 / n, neighbours: (1_400 - 1_400 / n) / 4 });
    expect(crowdOnOnePartition(at(5), 5)).toEqual({ keys: 3, load: expect.closeTo(840, 9) });
    expect(crowdOnOnePartition(at(9), 9)).toEqual({ keys: 4, load: expect.closeTo(622.22, 2) });
    // A value of 2,500 WCU: N = 4 fails (1,250 + 312.5 − 156.25 = 1,406.25), and N = 5 no longer passes for being past P
    // (3 of 500 = 1,500): the least count is where the crowd fits, 8 (3 of 312.5 = 937.5), not 5.
    const heavy = (n: number): KeyOnPartition => ({ ...figure, load: 2_500 / n, neighbours: (2_500 - 2_500 / n) / 4 });
    expect(hashedPairFits(4, [heavy(4)])).toBe(false);
    expect(hashedPairFits(5, [heavy(5)])).toBe(false);
    expect([5, 6, 7, 8].map((n) => hashedPairFits(n, [heavy(n)]))).toEqual([false, false, false, true]);
  });
});

describe('DynamoDB: the loyalty ledger', () => {
  const findings = lint(loyalty());
  const byDay = on(findings, 'SG002', BY_DAY);
  const member = on(findings, 'SG003', 'tables[0].partitionKey');

  it('by-day gets 4 shards, not 3, whose pair took 1,050 WCU of the partition’s 1,000', () => {
    // 4 shards of 350 WCU on 4 partitions: two on one take 700 + (1,400 − 350 − 350) ÷ 4 = 875 ≤ 1,000.
    expect(byDay?.data).toMatchObject({ shards: 4, hashedKeys: 4, hashedPartitions: 4, hashedLoad: 875, hashedMaximum: 1_000, hashedWithin: true });
    expect(byDay?.data?.hashedChance).toBeCloseTo(chanceTwoShareOne(4, 4), 12);
    expect(byDay?.fix).toContain(
      "N = 4 assumes its shards hash onto different partitions of the 4: two share one 90.63% of the time, and that partition then takes 875 WCU, within the partition's 1,000 WCU maximum, over its usable 800, until adaptive capacity moves one of them to a partition of its own under sustained traffic",
    );
  });

  it('the hot member gets 5 shards, not 4, whose pair took 1,062.5 WCU', () => {
    // 5 shards of 240 WCU on 16 partitions: 480 + (8,000 − 240 − 240) ÷ 16 = 950 ≤ 1,000; at 4, 600 + 462.5 = 1,062.5.
    expect(member?.data).toMatchObject({ shards: 5, hashedKeys: 5, hashedPartitions: 16, hashedLoad: 950, hashedWithin: true });
    expect(member?.fix).not.toContain('of the usable 800 WCU');
  });

  it('--fix converges: the re-lint of the fixed by-day index is clean, and SG008 calls its 4 shards no excess', () => {
    const fixed = applyDesignEdits(loyalty(), byDay?.edits as DesignEdit[]);
    const again = lint(fixed);
    expect(JSON.stringify(fixed)).toContain('"shards":4');
    expect(again.filter((f) => f.path.startsWith('tables[0].globalSecondaryIndexes[0]'))).toEqual([]);
    expect(again.some((f) => f.ruleId === 'SG008')).toBe(false);
  });

  it("a count whose pair already fits the maximum is today's: 900 WCU by day, 2 shards, the margin said", () => {
    // 2 shards of 450 WCU on 2 partitions: each 450 + 450 ÷ 2 = 675 ≤ 800; two on one 900 + 225 − 225 = 900 ≤ 1,000.
    const light = on(lint(loyalty(900)), 'SG002', BY_DAY);
    expect(light?.data).toMatchObject({ shards: 2, hashedKeys: 2, hashedLoad: 900, hashedWithin: true });
    expect(light?.fix).toContain("takes 900 WCU, within the partition's 1,000 WCU maximum, over its usable 800, until adaptive capacity");
  });
});

/** The loyalty ledger with by-day already sharded into `shards` random shards of a separate attribute. */
const declared = (shards: number): DesignInput => {
  const design = loyalty() as { tables: DynamoDbTableDesign[] };
  const table = design.tables[0] as unknown as { globalSecondaryIndexes: object[]; accessPatterns: object[] };
  table.globalSecondaryIndexes[0] = {
    ...table.globalSecondaryIndexes[0],
    partitionKey: { name: 'entryDayShard', type: 'S', cardinality: 365 },
    sharding: { strategy: 'random', shards, logicalAttribute: 'entryDay' },
  };
  table.accessPatterns[1] = { ...table.accessPatterns[1], keyAttributes: ['entryDayShard'], fanOut: true };
  return design as DesignInput;
};

describe('DynamoDB: a declared count whose two keys on one partition pass its maximum', () => {
  const SHARDS = 'tables[0].globalSecondaryIndexes[0].sharding.shards';

  it('3 shards by day: an SG003 warning of its own, with the chance, and the fix that raises them to 4', () => {
    const found = lint(declared(3)).filter((f) => f.path.startsWith('tables[0].globalSecondaryIndexes[0]'));
    expect(found.map((f) => [f.ruleId, f.severity, f.messageId, f.path])).toEqual([['SG003', 'warning', 'hashedPairOver', SHARDS]]);
    expect(found[0].message).toBe(
      "each of the 3 shards of the hottest `entryDayShard` value on index `by-day` fits its partition's usable 800 WCU, but two of them hashed onto one of its 4 partitions (a chance of 62.5%) take 1,050 WCU beside its neighbours, past the partition's 1,000 WCU maximum, which throttles until adaptive capacity moves one of them to a partition of its own under sustained traffic (a launch or a batch start meets it first)",
    );
    expect(found[0].fix).toBe(
      'raise sharding.shards from 3 to 4: 2 of them on one partition then take 875 WCU, within its 1,000 WCU maximum; 3 or more of the 4 shards share one of the 4 partitions 20.31% of the time, and it then takes 1,137.5 WCU, past its 1,000 WCU maximum, until adaptive capacity moves one of them to a partition of its own under sustained traffic',
    );
    expect(found[0].edits).toEqual([{ op: 'set', path: SHARDS, value: 4 }]);
    const again = lint(applyDesignEdits(declared(3), found[0].edits as DesignEdit[]));
    expect(again.filter((f) => f.path.startsWith('tables[0].globalSecondaryIndexes[0]'))).toEqual([]);
  });

  it('4 shards by day (the plan’s count) and 5 (past P, 3 on one partition take 840 WCU) are quiet', () => {
    for (const n of [4, 5]) expect(lint(declared(n)).filter((f) => f.path.startsWith('tables[0].globalSecondaryIndexes[0]'))).toEqual([]);
  });
});
