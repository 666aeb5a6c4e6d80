/**
 * A calculated shard's source is chosen from what the reads of the hot value give by equality: a read that gives it
 * computes its one shard and queries that alone, any other queries every shard (AWS, "Using write sharding to distribute
 * workloads evenly"). An exam platform's answers, keyed by examId with the sort key studentQuestion = studentId#questionId,
 * are reloaded a student at a time (`answers-of-student` gives examId and studentId): hashed on studentId, that reload is
 * one Query; hashed on the sort key, which no read gives, it queries all N shards and --fix sets fanOut on it.
 */
import { lint, type AccessPatternDesign, type DesignInput, type DynamoDbTableDesign, type Finding } from '../../lib';
import { fixDesignText } from '../../lib/cli/fix';

type Pattern = AccessPatternDesign;

const exam = (patterns: Pattern[]): DesignInput => ({
  tables: [
    {
      name: 'exam-answers',
      partitionKey: { name: 'examId', type: 'S', cardinality: 40 },
      sortKey: {
        name: 'studentQuestion',
        type: 'S',
        cardinality: 'unique',
        components: [
          { name: 'studentId', cardinality: 60000 },
          { name: 'questionId', cardinality: 100 },
        ],
      },
      workload: { peakReadUnits: 1500, peakWriteUnits: 6000, hotKeyShare: 0.95 },
      launchAtPeak: true,
      accessPatterns: patterns,
    } as DynamoDbTableDesign,
  ],
});

const answersOfStudent: Pattern = { name: 'answers-of-student', keyAttributes: ['examId', 'studentId'], share: 1, resultKb: 20 };

const tableFinding = (design: DesignInput): Finding | undefined =>
  lint(design).find((f) => f.ruleId === 'SG001' && f.index === undefined && f.edits?.some((e) => e.path === 'tables[0].sharding'));

const shardingOf = (f: Finding | undefined) => {
  const edit = f?.edits?.find((e) => e.path === 'tables[0].sharding');
  return edit?.op === 'set' ? (edit.value as Record<string, unknown>) : undefined;
};

describe('the calculated shard source is one the reads give', () => {
  it('hashes studentId, a sort-key component every read gives, not the sort key no read gives, and names the read', () => {
    const finding = tableFinding(exam([answersOfStudent]));
    expect(shardingOf(finding)).toMatchObject({ strategy: 'calculated', sourceAttribute: 'studentId' });
    expect(finding?.edits?.some((e) => e.path.endsWith('.fanOut'))).toBe(false);
    expect(finding?.fix).toContain('for one studentId hits one shard (`answers-of-student`, which gives it)');
  });

  it('prefers the attribute every read gives over one a larger share gives', () => {
    // questionId comes first in the larger pattern, but the per-student reload does not give it.
    const finding = tableFinding(
      exam([
        { name: 'answer', keyAttributes: ['examId', 'questionId', 'studentId'], share: 0.6, resultKb: 1 },
        { ...answersOfStudent, share: 0.4 },
      ]),
    );
    expect(shardingOf(finding)).toMatchObject({ sourceAttribute: 'studentId' });
    expect(finding?.fix).toContain('(`answer`, `answers-of-student`, which gives it)');
  });

  it('where no read gives an attribute that spreads the load, it says so and that every read fans out', () => {
    const finding = tableFinding(exam([{ name: 'answers-of-exam', keyAttributes: ['examId'], share: 1, resultKb: 20 }]));
    expect(shardingOf(finding)).toMatchObject({ strategy: 'calculated', sourceAttribute: 'studentQuestion' });
    expect(finding?.fix).toContain(
      'no declared read gives studentQuestion, so none finds one shard by it: every read of that value as a whole fans out over all',
    );
    expect(finding?.fix).not.toContain('for one studentQuestion hits one shard');
  });

  it('--fix converges on studentId and the re-lint is clean of the table finding', () => {
    const { text } = fixDesignText(JSON.stringify(exam([answersOfStudent]), null, 2), {});
    const fixed = JSON.parse(text) as { tables: DynamoDbTableDesign[] };
    expect(fixed.tables[0].sharding).toMatchObject({ strategy: 'calculated', sourceAttribute: 'studentId' });
    expect(fixed.tables[0].accessPatterns?.[0]?.fanOut).toBeUndefined();
    expect(fixDesignText(text, {}).text).toBe(text);
    expect(lint(fixed as DesignInput).filter((f) => f.severity === 'error')).toEqual([]);
  });
});
