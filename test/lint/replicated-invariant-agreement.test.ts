/**
 * A key replicated into copies that an invariant on its item forbids: SG003 says the declared copies do not serve its
 * reads, so SG008 must not call the same count more than the peak needs, and SG003's fix says why copies do not divide
 * those reads (the invariant, SG019's finding), not that the reads stay on one shard (/work/try36a/probe/lots-replicated.json).
 */
import { lintDocument, type DynamoDbTableDesign } from '../../lib';

const lots = (invariants: DynamoDbTableDesign['invariants']): DynamoDbTableDesign => ({
  engine: 'dynamodb',
  name: 'auction-lots',
  partitionKey: { name: 'lotId', type: 'S', cardinality: 200_000 },
  workload: { peakReadUnits: 40_000, peakWriteUnits: 2_000, hotKeyShare: 0.4 },
  ...(invariants ? { invariants } : {}),
  accessPatterns: [{ name: 'current-high-bid', keyAttributes: ['lotId'], share: 0.95 }],
  sharding: { strategy: 'replicated', shards: 8 },
});

const HIGH_BID = { kind: 'conditional-write' as const, description: 'SET highBid = :b, highBidder = :u IF highBid < :b' };

describe('replicated copies an invariant forbids', () => {
  const { findings } = lintDocument(lots([HIGH_BID]));
  const sg003 = findings.find((f) => f.ruleId === 'SG003');

  it('SG003 finds the copies too few for the reads, and SG008 does not call the same count excessive', () => {
    expect(sg003).toMatchObject({ severity: 'error', data: expect.objectContaining({ declaredShards: 8, storedKey: 'copy' }) });
    expect(findings.filter((f) => f.ruleId === 'SG008')).toEqual([]);
    expect(findings.map((f) => f.ruleId)).toContain('SG019');
  });

  it("SG003's fix names the invariant as why copies do not divide the reads", () => {
    expect(sg003?.data).toMatchObject({ keptKinds: ['conditional-write'], keptPaths: ['invariants[0]'], unspreadLoad: 16_000 });
    expect(sg003?.fix).toMatch(
      /^no shard count serves, and no copy count: copies would divide the reads of one item, but the `conditional-write` \(`invariants\[0\]`\) must see that one item, which no write keeps in step across copies \(SG019\)/,
    );
    expect(sg003?.fix).not.toContain('stay on the one shard that holds it');
  });

  it('without the invariant, the copies are the fix and the count is judged as before', () => {
    const free = lintDocument(lots(undefined)).findings;
    const sg003Free = free.find((f) => f.ruleId === 'SG003');
    expect(sg003Free?.fix).toBeDefined();
    expect(sg003Free?.fix).not.toContain('no copy count');
    expect(sg003Free?.data?.keptKinds).toBeUndefined();
  });
});
