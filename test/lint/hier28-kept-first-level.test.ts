/**
 * hier28 item A: a flat Cosmos DB key's fix proposes a hierarchical key only where the linter then accepts it. A level
 * added below the key (`/tenantId` → `/userId`, SG003's `deeperLevelFirst` and `orFinerLevel`, SG006's deeper key)
 * keeps the hot value as the first level's: its documents, and every read and write under it, stay on one physical
 * partition until they hold 50 GB (Azure: "Hierarchical partition keys"), so it takes the flat value's share and size,
 * and SG003 judges that first level at least at them (decision 85). Where that first level would be over, the key is
 * not proposed; where the value spans enough partitions, it still is, and the key so declared passes.
 *
 * Item B: with that, SG006's "split, then raise" lead (review 12's chat-messages.json) is reached again.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { lint, type CosmosContainerDesign, type CosmosKeyPathDesign, type Finding } from '../../lib';

const at = (findings: readonly Finding[], rule: string, path?: string) => findings.find((f) => f.ruleId === rule && (path === undefined || f.path === path));

/** A flat `/tenantId` key, its hottest tenant at `share` of the writes, holding `gb`. */
function tenants(writes: number, share: number, gb: number, queries = false): CosmosContainerDesign {
  return {
    engine: 'cosmosdb',
    name: 'events',
    partitionKey: { paths: [{ path: '/tenantId', cardinality: 1000 }] },
    workload: { peakReadUnits: 1000, peakWriteUnits: writes, hotKeyShare: share },
    storage: { largestPartitionGb: gb },
    // resultKb: the shards' fan-out is then counted, so --fix writes them (with no size it writes none).
    ...(queries ? { accessPatterns: [{ name: 'user-events', keyAttributes: ['/tenantId', '/userId'], share: 1, resultKb: 100 }] } : {}),
  };
}

/**
 * `design` keyed as the proposal says, `/tenantId` → `deeper`: the flat value's declared figures are its first level's
 * now (`moved`: declared there; otherwise left where they were, the full key's, which SG003 takes as its lower bound).
 */
function hierarchical(design: CosmosContainerDesign, deeper: CosmosKeyPathDesign, moved: boolean): CosmosContainerDesign {
  const { hotKeyShare, ...workload } = design.workload;
  const { largestPartitionGb, ...storage } = design.storage ?? {};
  const [flat] = design.partitionKey.paths;
  if (!moved) return { ...design, partitionKey: { paths: [flat, deeper] } };
  return { ...design, workload, storage, partitionKey: { paths: [{ ...flat, hotKeyShare, largestGb: largestPartitionGb }, deeper] } };
}

describe('a level below a hot flat key is proposed only where the hot value fits as its first level (hier28 A)', () => {
  it.each([
    ['the queries give the user (deeperLevelFirst)', tenants(40000, 0.5, 0, true), '/userId'],
    ['60 GB, its writes needing shards (orFinerLevel)', tenants(40000, 0.5, 60), '/eventId'],
  ])('%s: 20,500 RU/s on the tenant, no hierarchical key, and the key it proposed before is refused', (_, design, level) => {
    const findings = lint(design);
    for (const f of findings) expect(f.fix).not.toMatch(/hierarchical/);
    expect(at(findings, 'SG003')?.edits?.length).toBeGreaterThan(0);
    // What the fix used to propose, keyed so: SG003 refuses the first level, whichever way its figures are declared.
    for (const moved of [true, false]) {
      const first = at(lint(hierarchical(design, { path: level, cardinality: 1000000 }, moved)), 'SG003', 'partitionKey.paths[0]');
      expect(first).toMatchObject({ severity: 'error', messageId: expect.stringMatching(/^prefixHot/) });
    }
  });

  it('SG006 beside a write-hot whale of 60 GB: the shards lead, no deeper key (they fix both; that key fixed only the size)', () => {
    const size = at(lint(tenants(40000, 0.5, 60)), 'SG006');
    expect(size?.fix).toMatch(/^shard `\/tenantId` into N = 4 random shards/);
    expect(size?.fix).not.toMatch(/this fixes the size, not the load/);
  });

  it('a tenant of 120 GB spans 3 physical partitions, which serve it: the key is still proposed, and so declared it passes', () => {
    const design = tenants(40000, 0.5, 120, true);
    const findings = lint(design);
    expect(at(findings, 'SG003')?.fix).toMatch(/^make the key hierarchical, with the levels `\/tenantId`, `\/userId` in this order/);
    expect(at(findings, 'SG006')?.fix).toMatch(/^make the key hierarchical, with the levels `\/tenantId`, `\/userId` in this order/);
    // It says where the flat value's figures go: declared as they were, the whole key takes 120 GB, its first level one partition.
    for (const f of [at(findings, 'SG003'), at(findings, 'SG006')])
      expect(f?.fix).toContain(
        "declare the hottest `/tenantId` value's figures on that first level, which keeps the value whole: `workload.hotKeyShare` 0.5 as `partitionKey.paths[0].hotKeyShare` and `storage.largestPartitionGb` 120 as `partitionKey.paths[0].largestGb`; or ",
      );
    expect(at(findings, 'SG003')?.data).toMatchObject({
      movedFigures: ['workload.hotKeyShare', 'storage.largestPartitionGb'],
      movedTo: ['partitionKey.paths[0].hotKeyShare', 'partitionKey.paths[0].largestGb'],
    });
    const applied = lint(hierarchical(design, { path: '/userId', cardinality: 1000000 }, true));
    expect(applied.filter((f) => f.severity === 'error')).toEqual([]);
    const asBefore = lint(hierarchical(design, { path: '/userId', cardinality: 1000000 }, false));
    expect(at(asBefore, 'SG003', 'partitionKey.paths[0]')?.severity).toBe('error');
    // Without its queries, the level is described, and leads both findings: hot and over 20 GB, its 20,500 RU/s within
    // the 3 physical partitions its 120 GB span, the tenant gets the hierarchical key first (it was SG003's alternative).
    const described = lint(tenants(40000, 0.5, 120));
    expect(at(described, 'SG003')?.fix).toMatch(/^make the key hierarchical, `\/tenantId` → \(a finer attribute\)/);
    expect(at(described, 'SG006')?.fix).toMatch(/^make the key hierarchical, `\/tenantId` → \(a finer attribute\)/);
  });

  it('a whale over 20 GB whose load fits keeps the deeper key as its size fix', () => {
    const fits = lint(tenants(4000, 0.5, 30));
    expect(at(fits, 'SG006')?.fix).toMatch(/^make the key hierarchical, `\/tenantId` → \(the new level\)/);
    expect(lint(hierarchical(tenants(4000, 0.5, 30), { path: '/eventId', cardinality: 'unique' }, true)).filter((f) => f.severity === 'error')).toEqual([]);
  });
});

describe("SG006's split, then raise, leads where no hierarchical key comes before it (hier28 B)", () => {
  const chat = JSON.parse(readFileSync(join(__dirname, 'review12', 'chat-messages.json'), 'utf8')) as CosmosContainerDesign;

  it('review 12: no count fits at 40,000 RU/s: the 44 shards lead, with their size split, then the raise they need', () => {
    const size = at(lint(chat), 'SG006');
    expect(size?.fix).toMatch(
      /^shard `\/conversationId` into N = 44 random shards \(key#0…key#43\); every read of the key must then fan out over all 44 shards \(35 GB ÷ 44 = 0\.8 GB per shard, within the 16 GB usable\); at the current throughput no shard count fits the hottest value's physical partition \(SG003\), so for these shards raise the container's throughput in place to 52,700 RU\/s/,
    );
  });

  it('at that raise the 44 shards fit today: no raise follows them', () => {
    const size = at(lint({ ...chat, throughput: { manual: 52700 }, physicalPartitions: 60 }), 'SG006');
    expect(size?.fix).toMatch(/^shard `\/conversationId` into N = 44 random shards/);
    expect(size?.fix).not.toMatch(/raise the container's throughput/);
  });
});

describe('a new first level says to remove the figures it splits (hier28 A)', () => {
  // The IoT day key, its current day declared at 100%: under (the new level) → `/day` that share is no full key value's.
  const day: CosmosContainerDesign = {
    engine: 'cosmosdb',
    name: 'sensor-readings',
    partitionKey: { paths: [{ path: '/day', cardinality: 365, kind: 'time-bucket' }] },
    throughput: { autoscaleMax: 100_000 },
    workload: { peakReadUnits: 10_000, peakWriteUnits: 60_000, hotKeyShare: 1 },
  };
  const keyed = (workload: CosmosContainerDesign['workload']): CosmosContainerDesign => ({
    ...day,
    workload,
    partitionKey: { paths: [{ path: '/deviceId', cardinality: 100_000 }, ...day.partitionKey.paths] },
  });

  it('SG002 names `workload.hotKeyShare` to remove; removed, the new key passes; kept, its first level is judged at 100%', () => {
    const finding = at(lint(day), 'SG002');
    expect(finding?.fix).toMatch(
      /^make the key hierarchical, \(the new level\) → `\/day`: .*; remove `workload.hotKeyShare`: declared for a `\/day` value, which the new first level splits \(declare the hottest full key value's instead, where known\); or shard `\/day`/,
    );
    expect(finding?.data).toMatchObject({ movedFigures: ['workload.hotKeyShare'] });
    expect(finding?.data?.movedTo).toBeUndefined();
    expect(lint(keyed({ peakReadUnits: 10_000, peakWriteUnits: 60_000 }))).toEqual([]);
    expect(at(lint(keyed(day.workload)), 'SG003', 'partitionKey.paths[0]')?.severity).toBe('error');
  });

  it('no figure declared, nothing to remove (as before)', () => {
    const finding = at(lint({ ...day, workload: { peakReadUnits: 10_000, peakWriteUnits: 60_000 } }), 'SG002');
    expect(finding?.fix).toMatch(/^make the key hierarchical, \(the new level\) → `\/day`/);
    expect(finding?.fix).not.toContain('remove `');
  });
});

// conv29: SG006's deeper key where SG003's load still needs shards (`finerLevelLoadStays`) was only ever tested absent.
// It is reached where the kept first level fits its partition at SG017's raise but the plan needs shards for the load
// beside it: three replicated copies of a write-heavy key (30,000 RU/s of writes × 3 = 90,000 RU/s), 50 customers, one
// of 21 GB, on a container whose 2 partitions are over.
describe("SG006's deeper key that fixes the size but not the load", () => {
  const events = (physicalPartitions?: number): CosmosContainerDesign => ({
    engine: 'cosmosdb',
    name: 'events',
    partitionKey: { paths: [{ path: '/customerId', cardinality: 50 }] },
    workload: { peakReadUnits: 0, peakWriteUnits: 30000 },
    storage: { largestPartitionGb: 21 },
    throughput: { autoscaleMax: 20000 },
    sharding: { strategy: 'replicated', shards: 3 },
    ...(physicalPartitions ? { physicalPartitions } : {}),
  });

  it('leads with the deeper key and says the load still needs SG003, where the kept first level fits at the raise', () => {
    // An existing container (2 partitions): SG017 raises it in place to 151,000 RU/s, 16 partitions of 9,437.5 (7,550
    // usable); the customer kept whole as the first level, 90,000 ÷ 50 = 1,800 RU/s (its 3 copies' writes), meets
    // 88,200 ÷ 16 = 5,512.5: 7,312.5, within.
    const design = events(2);
    const size = at(lint(design), 'SG006');
    expect(size?.fix).toMatch(/^make the key hierarchical, `\/customerId` → \(the new level\)/);
    expect(size?.fix).toContain('this fixes the size, not the load');
    expect(at(lint(design), 'SG017')?.data).toMatchObject({ needed: 151_000, neededPartitions: 16 });
    expect(at(lint(design), 'SG003')?.edits).toEqual([{ op: 'set', path: 'sharding', value: { strategy: 'random', shards: 2 } }]);
  });

  it('leads with the shards where the kept first level is over at the one raise SG017 states', () => {
    // A container still to be created: SG017's raise is 113,000 RU/s (90,000 ÷ 80%, on the grid), 12 partitions of
    // 9,416.67 (7,533.33 usable), where the kept customer's 1,800 RU/s meet 88,200 ÷ 12 = 7,350: 9,150, over. Judged at a
    // raise of its own (144,000 RU/s on 15 partitions: 1,800 + 5,880 = 7,680 of 7,680) it passed, and the deeper key led,
    // though the next lint's SG003 would reject its first level at the raise SG017 asks for.
    const design = events();
    expect(at(lint(design), 'SG017')?.data).toMatchObject({ needed: 113_000, neededPartitions: 12 });
    const size = at(lint(design), 'SG006');
    expect(size?.fix).toMatch(/^shard `\/customerId` into N = 2 random shards/);
    expect(size?.fix).not.toContain('make the key hierarchical');
    expect(at(lint(design), 'SG003')?.edits).toEqual([{ op: 'set', path: 'sharding', value: { strategy: 'random', shards: 2 } }]);
  });
});
