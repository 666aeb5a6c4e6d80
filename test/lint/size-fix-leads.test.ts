/**
 * A fix leads with what addresses its finding's cause (stranger's review 7, item 11): SG006's size problem (a 25 GB
 * room, N = 2 fits 16 GB) led with SG003's "raise throughput to 470,000 RU/s", and "1/30 of the rest of the
 * container's 100,000 RU/s … 100,000 ÷ 30" called the whole container "the rest".
 */
import { lint, type CosmosContainerDesign, type Finding } from '../../lib';

const messages = (throughput: CosmosContainerDesign['throughput']): CosmosContainerDesign => ({
  engine: 'cosmosdb',
  name: 'messages',
  partitionKey: {
    paths: [
      { path: '/tenantId', cardinality: 300, hotKeyShare: 0.45, largestGb: 400 },
      { path: '/roomId', cardinality: 60_000, hotKeyShare: 0.12, largestGb: 25 },
    ],
  },
  throughput,
  storage: { totalGb: 1500 },
  workload: { peakReadUnits: 40_000, peakWriteUnits: 60_000 },
  accessPatterns: [{ name: 'room-timeline', keyAttributes: ['/tenantId', '/roomId'], share: 1 }],
});
const find = (findings: Finding[], ruleId: string, path: string) => findings.find((f) => f.ruleId === ruleId && f.path === path);

describe("SG006's fix where the shared plan leads with a raise of the container's RU/s", () => {
  const findings = lint(messages({ autoscaleMax: 100_000 }));

  it("defers to the first level's buckets, which split the 25 GB room within 20 GB (hier27)", () => {
    const size = find(findings, 'SG006', 'partitionKey.paths');
    // hier27 item 2: the 45% tenant's buckets (SG003 at the first level) hash `id`, finer than the key, so they split the
    // 25 GB room too: 25 ÷ 30 = 0.83 GB each. Before: 63 shards of the full key at 132,000 RU/s (review 14 item 2), all
    // under the one tenant the first level's fix sends to buckets.
    expect(size?.fix).toMatch(
      /^apply the fix of the hottest `\/tenantId` value \(SG003 at `partitionKey.paths\[0\]`\): its buckets hash `id`, .*25 GB ÷ 30 = 0\.83 GB per bucket, within the 16 GB usable/,
    );
    expect(size?.fix).not.toMatch(/470,000/);
    expect(size?.fix).not.toMatch(/batch the hottest value's writes/);
  });

  it("keeps SG003's message, its fix the first level's (hier27), which splits the load and the size", () => {
    const load = find(findings, 'SG003', 'partitionKey.paths');
    // hier27 item 2: the first level's fix (its buckets hash `id`) serves this room's load and its size; before, the
    // full key's own plan: 132,000 RU/s and 63 shards, or 591,000 and 2 (review 14 item 2).
    expect(load?.fix).toMatch(/^apply the fix of the hottest `\/tenantId` value .*25 GB ÷ 30 = 0\.83 GB per bucket/);
    expect(load?.edits).toBeUndefined();
    expect(load?.message).toMatch(
      /each stored key expects 1\/30 of the rest of the container's load beside it, and the average partition already carries 3,333\.33 RU\/s \(100,000 ÷ 30\) of the 3,333\.33 usable/,
    );
    expect(`${load?.message} ${load?.fix}`).not.toMatch(/rest of the container's 100,000/);
  });

  it("leaves a size fix that is a plain split as it was (roomy throughput: shards, no raise; no third level, which would not spread the room's load)", () => {
    const roomy = lint(messages({ autoscaleMax: 1_000_000 }));
    // Review 16: the room's 12,000 RU/s (12% of 100,000) need 2 shards too, and a level below a 25 GB room keeps its
    // documents, and so its load, on one physical partition until they hold 50 GB ("Hierarchical partition keys").
    const fix = find(roomy, 'SG006', 'partitionKey.paths')?.fix;
    expect(fix).toMatch(/^shard \(`\/tenantId`, `\/roomId`\) into N = 2 random shards/);
    expect(fix).not.toMatch(/make the key hierarchical|add a level/);
    expect(fix).not.toMatch(/GB per shard, within|raise the container/);
  });

  it('leads a size fix with a third level where the load fits (review 14 item 4)', () => {
    const design = messages({ autoscaleMax: 1_000_000 });
    const [tenant, room] = design.partitionKey.paths as [object, object];
    // 5% of 100,000 RU/s = 5,000 RU/s per room, within the 8,000 usable: only its 25 GB need the level.
    const sizeOnly = { ...design, partitionKey: { paths: [tenant, { ...room, hotKeyShare: 0.05 }] } } as CosmosContainerDesign;
    expect(find(lint(sizeOnly), 'SG006', 'partitionKey.paths')?.fix).toMatch(
      /^make the key hierarchical, `\/tenantId` → `\/roomId` → \(the new level\): .*; or shard \(`\/tenantId`, `\/roomId`\) into N = 2 random shards/,
    );
  });
});
