/**
 * SG003's "move the hottest value to its own container, keyed by a finer attribute" (Cosmos DB) says what it serves:
 * reads and writes spread over the value's many documents, not one document's, which keeps one partition key value and
 * so one logical partition whatever the key ("Partitioning and horizontal scaling"). try31b's live scores: the final's
 * 80,000 RU/s of reads are 90% one latest-score document, and the clause read as if a finer key would spread them.
 * And copies of the hot value's documents alone (`replicated` with `hotValues`), which the model does not hold, are
 * refused without steering a read-hot key to random shards, which spread no one document's reads.
 */
import { DesignError, lint, type CosmosContainerDesign } from '../../lib';

const matchEvents: CosmosContainerDesign = {
  name: 'match-events',
  partitionKey: { paths: [{ path: '/matchId', cardinality: 15000 }] },
  workload: { peakReadUnits: 200000, peakWriteUnits: 3000, hotKeyShare: 0.4, hotKeyOperations: 'reads' },
  throughput: { autoscaleMax: 260000 },
  storage: { totalGb: 90, largestPartitionGb: 0.05 },
  accessPatterns: [
    { name: 'latest-score-of-match', keyAttributes: ['matchId'], share: 0.9 },
    { name: 'events-of-match', keyAttributes: ['matchId'], share: 0.1 },
  ],
};
const sg003 = (design: CosmosContainerDesign) => lint({ containers: [design] }).find((f) => f.ruleId === 'SG003');

describe('SG003: the move of a read-hot value keyed by a finer attribute', () => {
  it('says it spreads the value’s documents, not one document’s reads; the integrated cache stays', () => {
    const fix = sg003(matchEvents)?.fix ?? '';
    expect(fix).toContain('put the integrated cache in front of the reads of the hottest `/matchId` value');
    expect(fix).toContain(
      "or move the hottest `/matchId` value to its own container, keyed by a finer attribute (its own key values then spread its documents: this serves reads and writes spread over many of them, not one document's, which stays on one logical partition whatever the key)",
    );
  });

  it('is not offered where the hot value is a pattern’s keyValue, not a declared share: SG003 gives the cache alone', () => {
    const final: CosmosContainerDesign = {
      ...matchEvents,
      workload: { peakReadUnits: 200000, peakWriteUnits: 3000 },
      accessPatterns: [
        { name: 'final-score', keyAttributes: ['matchId'], share: 0.4, keyValue: 'final' },
        { name: 'other-scores', keyAttributes: ['matchId'], share: 0.6 },
      ],
    };
    const fix = sg003(final)?.fix ?? '';
    expect(fix).toContain('put the integrated cache in front of the reads of the hottest `/matchId` value');
    expect(fix).not.toContain('finer attribute');
  });

  it('refuses hotValues on replicated copies, naming the field, and offers random shards for write heat only', () => {
    const copiesOfHot = { ...matchEvents, sharding: { strategy: 'replicated' as const, shards: 26, hotValues: 1 } };
    let issues: readonly { path: string; message: string }[] = [];
    try {
      lint({ containers: [copiesOfHot] });
    } catch (error) {
      if (error instanceof DesignError) issues = error.issues;
    }
    expect(issues).toEqual([
      {
        path: 'containers[0].sharding.hotValues',
        message: expect.stringMatching(
          /^applies to write sharding \(random or calculated\) only: .*where the key is hot by its writes, set strategy: "random" \(write shards do not spread the reads of one document\)$/,
        ),
      },
    ]);
  });
});
