/**
 * A key whose `components` declare a time bucket (`labelMonth` = `labelId` + `yyyyMM`): its hottest value is the current
 * bucket's, a new value every month, so a fix that shards the hottest value alone (`sharding.hotValues: 1`, a list the
 * application keeps) would trail it. Such a key is sharded for every value; the same whale on a key with no bucket part
 * keeps the hottest-alone fix.
 */
import { lint, type DynamoDbTableDesign, type Finding, type KeyPartDesign } from '../../lib';
import { fixedOnce, table } from '../fixtures';

/** A music streaming plays table with a royalty index on `labelMonth`, whose hottest value takes 40% of 20,000 WCU. */
function plays(components: readonly KeyPartDesign[]): DynamoDbTableDesign {
  return table({
    name: 'plays',
    partitionKey: { name: 'playId', type: 'S', cardinality: 'unique' },
    workload: { peakReadUnits: 4000, peakWriteUnits: 20000 },
    globalSecondaryIndexes: [
      {
        indexName: 'royalties-by-label-month',
        partitionKey: { name: 'labelMonth', type: 'S', cardinality: 1500, components: [...components] },
        sortKey: { name: 'playedAt', type: 'S', cardinality: 'unique' },
        workload: { hotKeyShare: 0.4, peakWriteUnits: 20000 },
      },
    ],
    accessPatterns: [
      { name: 'get-play', keyAttributes: ['playId'], share: 0.95 },
      { name: 'label-month-report', index: 'royalties-by-label-month', keyAttributes: ['labelMonth'], share: 0.05, resultKb: 64 },
    ],
  });
}

const indexHit = (findings: readonly Finding[]) => findings.find((f) => f.ruleId === 'SG003' && f.index !== undefined) as Finding;
const sharding = (finding: Finding) =>
  (finding.edits?.find((e) => e.op === 'set' && e.path.endsWith('.sharding')) as { value: { hotValues?: number } } | undefined)?.value;

describe('a key with a time-bucket component is sharded for every value, not for its hottest alone', () => {
  it.each([
    [
      'a `yyyyMM` component',
      [
        { name: 'labelId', cardinality: 1500 },
        { name: 'yyyyMM', cardinality: 1 },
      ],
    ],
    [
      "a component declared `kind: 'time-bucket'`",
      [
        { name: 'labelId', cardinality: 1500 },
        { name: 'cycle', cardinality: 1, kind: 'time-bucket' },
      ],
    ],
  ] as const)('%s: no hotValues, the clause says why, and --fix writes none', (_, components) => {
    const design = plays(components as readonly KeyPartDesign[]);
    const hit = indexHit(lint(design));
    expect(sharding(hit)).toEqual({ strategy: 'random', shards: expect.any(Number), logicalAttribute: 'labelMonth' });
    expect(hit.fix).toContain('every value, not the hottest alone: `labelMonth` carries a time bucket among its components');
    expect(hit.fix).not.toContain('in a list in its configuration and writing');
    expect(fixedOnce(design).design.globalSecondaryIndexes?.[0].sharding?.hotValues).toBeUndefined();
  });

  it('control: the same whale keyed by `labelId` + `region` (no bucket) is sharded alone, hotValues: 1', () => {
    const hit = indexHit(
      lint(
        plays([
          { name: 'labelId', cardinality: 150 },
          { name: 'region', cardinality: 10 },
        ]),
      ),
    );
    expect(sharding(hit)).toEqual({ strategy: 'random', shards: expect.any(Number), logicalAttribute: 'labelMonth', hotValues: 1 });
    expect(hit.fix).not.toContain('carries a time bucket');
  });
});
