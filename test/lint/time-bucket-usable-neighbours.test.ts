import { lint } from '../../lib';

/**
 * SG002's load sentence on a DynamoDB time bucket judged beside its partition's neighbours: the usable line is
 * 80% of the ceiling, and the neighbours' expected load is taken off it in words. Before, the sentence read
 * "against a usable 500 WCU (50% of the 1,000 WCU ceiling)", a percentage an expert takes for a 50% headroom.
 */
const royalties = {
  tables: [
    {
      name: 'plays',
      partitionKey: { name: 'trackId', type: 'S', cardinality: 5_000_000 },
      sortKey: { name: 'playedAt', type: 'S', cardinality: 'unique' },
      workload: { peakReadUnits: 4000, peakWriteUnits: 20000 },
      globalSecondaryIndexes: [
        {
          indexName: 'by-label-month',
          partitionKey: { name: 'labelMonth', type: 'S', cardinality: 1500 },
          sortKey: { name: 'playedAt', type: 'S' },
          projectionType: 'ALL',
          workload: { hotKeyShare: 0.4, peakWriteUnits: 20000 },
        },
      ],
    },
  ],
};

describe('SG002 on a DynamoDB time bucket beside its neighbours', () => {
  const sg002 = lint(royalties as never).find((f) => f.ruleId === 'SG002');

  it('gives the usable line at the headroom, then takes the neighbours off it in words', () => {
    expect(sg002?.message).toContain(
      '8,000 WCU writes against a usable 800 WCU (80% of the 1,000 WCU ceiling), less the 300 WCU its neighbours are expected to take: 500 WCU left',
    );
    expect(sg002?.message).not.toContain('(50% of the 1,000 WCU ceiling)');
  });
});
