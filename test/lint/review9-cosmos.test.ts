/**
 * Review 9 (a README-only review), Cosmos DB items: SG003 and SG014 judge a hot key at its usable ceiling with one
 * comparison (`fits`: load ≤ usable, the 20% headroom kept), and on one physical partition key skew changes
 * nothing, so only the capacity (SG017) is reported. The reviewer's designs, copied here.
 */
import { lint } from '../../lib';
import type { CosmosContainerDesign } from '../../lib';
import { container } from '../fixtures';

const rules = (design: CosmosContainerDesign) => lint(design).map((f) => f.ruleId);

/** The reviewer's `chat2`: 10,000 RU/s at peak, 60% of it on one `/roomId`. */
const chat2 = (overrides: Partial<CosmosContainerDesign> = {}) =>
  container({
    name: 'chat2',
    throughput: { manual: 12_000 },
    partitionKey: { paths: [{ path: '/roomId', cardinality: 50_000, hotKeyShare: 0.6 }] },
    workload: { peakReadUnits: 6_000, peakWriteUnits: 4_000 },
    ...overrides,
  });

describe('a hot key exactly at its usable ceiling (review 9 item 1)', () => {
  // After SG003's raise (`lint --fix`): 20,000 RU/s on 2 physical partitions of 10,000 (8,000 usable at 80%). The room
  // takes 0.6 × 10,000 = 6,000; its neighbours (10,000 − 6,000) ÷ 2 = 2,000: 6,000 of 8,000 − 2,000 = 6,000 usable.
  const fixed = chat2({ throughput: { manual: 20_000 }, physicalPartitions: 2 });

  it('SG003 finds it fits and SG014 says so too (no "saturated"), with no growth left', () => {
    const findings = lint(fixed);
    // The 2 partitions are a raise in place's: a new container created at 20,000 RU/s manual gets 4 of 5,000, where the
    // room throttles, so SG003 warns with the way a new one is built (create at 12,000, raise in place), no error.
    expect(findings.map((f) => [f.ruleId, f.severity, f.messageId])).toEqual([
      ['SG003', 'warning', 'hotKeyInPlaceOnly'],
      ['SG014', 'warning', 'dominant'],
    ]);
    const sg014 = findings[1];
    expect(sg014.data).toMatchObject({ load: 6_000, usable: 6_000, neighbourRu: 2_000, physicalPartitions: 2 });
    expect(sg014.message).toContain('6,000 of a usable 6,000 RU/s today, which it fits with no growth left');
    expect(sg014.message).not.toMatch(/saturated/);
  });

  it('one RU/s more on the room is over: SG003 errs and SG014 is silent beside it', () => {
    // 6,001 + (10,001 − 6,001) ÷ 2 = 8,001 > 8,000 usable on its partition.
    const over = chat2({
      throughput: { manual: 20_000 },
      physicalPartitions: 2,
      workload: { peakReadUnits: 6_001, peakWriteUnits: 4_000 },
      partitionKey: { paths: [{ path: '/roomId', cardinality: 50_000, hotKeyShare: 6_001 / 10_001 }] },
    });
    expect(rules(over)).toEqual(['SG003']);
  });
});

/** The reviewer's serverless chat: 40 GB, so one physical partition of 5,000 RU/s (4,000 usable at 80%). */
const serverlessChat = (reads: number, writes: number, hotKeyShare?: number) =>
  container({
    name: 'chat-messages',
    throughput: 'serverless',
    partitionKey: {
      paths: [
        { path: '/roomId', cardinality: 200_000, ...(hotKeyShare === undefined ? {} : { hotKeyShare }) },
        { path: '/messageId', cardinality: 'unique' },
      ],
    },
    workload: { peakReadUnits: reads, peakWriteUnits: writes },
    storage: { totalGb: 40 },
  });

describe('a serverless container of one physical partition (review 9 item 2)', () => {
  // "Azure Cosmos DB serverless account performance": ≤ 50 GB is one partition of 5,000 RU/s. Every room's documents
  // are on it, and so would every bucket of a bucketed `/roomId` be: the hot room's 25% and the rest add up to the peak.
  it('at 3,500 RU/s a room taking 25% gets what a uniform key gets: nothing', () => {
    // 875 + 2,625 = 3,500 of 4,000 usable: the room and the container both saturate at 4,000 ÷ 3,500 = 1.14×.
    expect(rules(serverlessChat(2_000, 1_500, 0.25))).toEqual([]);
    expect(rules(serverlessChat(2_000, 1_500))).toEqual([]);
  });

  it('at 4,500 RU/s both get SG017 alone', () => {
    // 4,500 > 4,000 usable of the 5,000 RU/s the container serves.
    expect(rules(serverlessChat(2_500, 2_000, 0.25))).toEqual(['SG017']);
    expect(rules(serverlessChat(2_500, 2_000))).toEqual(['SG017']);
  });

  it('with more physical partitions the skew counts again', () => {
    // 120 GB: three partitions of 5,000 RU/s each (4,000 usable). At 12,000 RU/s the room's 3,000 and its neighbours'
    // 9,000 ÷ 3 = 3,000 on one partition: 6,000 > 4,000 usable, SG003's prefix error, where a uniform key is quiet.
    const hot = lint({ ...serverlessChat(6_000, 6_000, 0.25), storage: { totalGb: 120 } });
    expect(hot.map((f) => f.ruleId)).toContain('SG003');
  });
});
