/**
 * A declared shard count that fits once the table is pre-warmed is kept where every declared read reaches one shard:
 * fewer shards would save no read, and a lower count moves every item already written (hash mod N). Where a read fans
 * out over every shard, the warm lever still lowers it to the fewest that fits, and says it saves that read's queries.
 *
 * The national online exam: 60,000 students start at 09:00:00 and autosave every 10 s, 6,000 WCU on the answers table
 * from its first second (launchAtPeak), all on the one exam being sat, calculated into 30 shards on `studentId`. A new
 * on-demand table starts warm for 4,000 WCU; SG017's peak ÷ 80% is 7,500 WCU, 8 partitions, where each shard's 200 WCU
 * beside 5,800 ÷ 8 = 725 WCU of its siblings is over the 800 usable.
 */
import { applyDesignEdits, lint, type DesignInput, type Finding } from '../../lib';

type Pattern = { name: string; keyAttributes: string[]; share: number; fanOut?: boolean };
const autosave: Pattern = { name: 'autosave', keyAttributes: ['examId', 'studentId'], share: 1 };
const wholeExam: Pattern = { name: 'all', keyAttributes: ['examId'], share: 0.1, fanOut: true };

const exam = (accessPatterns: Pattern[]): DesignInput => ({
  tables: [
    {
      name: 'answers',
      partitionKey: { name: 'examId', type: 'S', cardinality: 1 },
      sortKey: { name: 'studentId', type: 'S', cardinality: 'unique' },
      workload: { peakReadUnits: 100, peakWriteUnits: 6_000, hotKeyShare: 1 },
      launchAtPeak: true,
      sharding: { strategy: 'calculated', shards: 30, sourceAttribute: 'studentId' },
      accessPatterns,
    },
  ],
});

const sg003 = (findings: readonly Finding[]) => findings.find((f) => f.ruleId === 'SG003' && f.path === 'tables[0].sharding.shards');

describe('warm throughput before a declared count', () => {
  it('keeps the declared 30 where every read gives the shard source, pre-warmed to the 11 partitions it needs', () => {
    // At 11 partitions: 200 + (6,000 − 200) ÷ 11 = 727.27 WCU, within 95% of the 800 usable (760); at 10, 200 + 580 = 780
    // is not. Past P, 4 of the 30 (⌈30/11⌉ + 1) on one partition take 800 + 527.27 − 29 × 200 ÷ 11 = 800 of its 1,000.
    // Was: pre-warm to 36,000 WCU, then lower sharding.shards from 30 to N = 14 (a migration of every item).
    const hit = sg003(lint(exam([autosave])));
    expect(hit?.fix).toMatch(
      /^pre-warm the table to 11,000 write units a second \(warmThroughput\): 11 partitions where 8 are counted now, the least at which N = 30 shards fit with 5% of the usable ceiling free, then keep the declared N = 30 shards; N = 30 is the declared count, kept: every declared read of a `examId` value reaches one shard, so fewer shards would save no read, while a lower count would move every item already written to another shard \(the fewest that would fit is N = 14: said, not written\); each stored key's 200 WCU beside the 527.27 WCU/,
    );
    expect(hit?.edits).toEqual([{ op: 'set', path: 'tables[0].warmThroughput', value: { writeUnitsPerSecond: 11_000 } }]);
  });

  it('converges: the pre-warm applied, the declared 30 draws no finding', () => {
    const design = exam([autosave]);
    const edits = lint(design).flatMap((f) => f.edits ?? []);
    const fixed = applyDesignEdits(design, edits);
    expect(JSON.stringify(fixed)).toContain('"shards":30');
    expect(lint(fixed).filter((f) => f.severity === 'error' || f.ruleId === 'SG003' || f.ruleId === 'SG008')).toEqual([]);
  });

  it('still lowers to the fewest where a read fans out over every shard, and says what that saves', () => {
    // Two of 14 shards on one of 36 partitions: 2 × 6,000 ÷ 14 × (1 − 1 ÷ 36) + 0 = 833.33 + 166.67 of neighbours = 1,000.
    const hit = sg003(lint(exam([{ ...autosave, share: 0.9 }, wholeExam])));
    expect(hit?.fix).toContain(
      'then lower sharding.shards from 30 to N = 14 (calculated on `studentId`); every item already written keeps the shard hash mod 30 gave it, so a read that computes its shard anew, or fans out over the kept suffixes, misses it until the application rewrites it under its new shard; worth that move because each read by `all` queries every shard: 14 queries a read, not 30',
    );
    expect(hit?.edits).toContainEqual({ op: 'set', path: 'tables[0].sharding', value: { strategy: 'calculated', shards: 14, sourceAttribute: 'studentId' } });
  });
});
