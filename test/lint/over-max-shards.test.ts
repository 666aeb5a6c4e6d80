/**
 * The fix when the count a flat key's hottest value needs is above maxShards, per engine and per ceiling.
 * A DynamoDB partition serves 3,000 RCU / 1,000 WCU whatever the table's capacity ("Best practices for designing
 * and using partition keys effectively"); a Cosmos DB logical partition serves 10,000 RU/s whatever the container's,
 * and even redistributed throughput gives one partition key no more ("Partitioning and horizontal scaling",
 * "Redistribute throughput across partitions"): there no throughput is offered. Where a Cosmos DB key is under its
 * own 10,000 RU/s and its physical partition's share of the container's RU/s is what bites, more RU/s fix the key as
 * it is ("Best practices for scaling provisioned throughput"), so they lead.
 */
import { lint } from '../../lib';
import type { CosmosContainerDesign, DesignInput } from '../../lib';
import { container, table } from '../fixtures';

const sg003 = (design: DesignInput) => lint(design).find((f) => f.ruleId === 'SG003');
// A raise, worded for a container still to be created (no physicalPartitions declared) or in place.
const RAISE = /create the container at|raise the container's throughput/g;

/**
 * Ten statuses, the hottest taking 15% of 20,000 RU/s (3,000), in a 26,000 RU/s manual container: created on
 * ⌈26,000 ÷ 6,000⌉ = 5 physical partitions of 5,200 RU/s (4,160 usable at 80%), the other statuses leaving
 * (20,000 − 3,000) ÷ 5 = 3,400 RU/s on each, so 760 RU/s for the hottest: its physical share bites, not its 10,000.
 * Sharded into N, each shard of 3,000 ÷ N RU/s meets 1/5 of the rest of the load, its sibling shards included
 * (review 5 item 4): 3,000 ÷ N + (20,000 − 3,000 ÷ N) ÷ 5 ≤ 4,160 gives 3,000 ÷ N ≤ 200, N = 15.
 */
function statuses(maxShards: number): CosmosContainerDesign {
  return container({
    name: 'orders',
    partitionKey: { paths: [{ path: '/status', cardinality: 10 }] },
    workload: { peakReadUnits: 4000, peakWriteUnits: 16000, hotKeyShare: 0.15 },
    throughput: { manual: 26000 },
    thresholds: { maxShards },
  });
}

describe('past maxShards, on a Cosmos DB physical share: the RU/s that serve the key unsharded lead', () => {
  it('leads with the raise, then the count at the current throughput (figures by hand)', () => {
    // The 5 partitions stay up to 5 × 10,000 RU/s: the key fits when 3,000 + 3,400 ≤ 80% × RU ÷ 5, so RU ≥ 40,000
    // (39,900 leaves 6,384), 5 partitions of 8,000. At 26,400 RU/s (5 of 5,280, 4,224 usable; the peak leaves 5.3% of the
    // usable RU/s free, room for a count) it would take 11 keys, above maxShards 4.
    const hit = sg003({ ...statuses(4), throughput: { manual: 26_400 } });
    expect(hit?.data).toMatchObject({ shards: 11, maxShards: 4, raiseTo: 40000, raisedPartitions: 5, raisedEach: 8000 });
    expect(hit?.fix).toMatch(
      /^redistribute the container's throughput across its physical partitions to give the hot key's partition 8,000 RU\/s, which adds no RU\/s \(preview; [^)]*\); or create the container at 30,000 RU\/s, no more, then raise it to 40,000 RU\/s \(5 physical partitions of 8,000 RU\/s: Azure starts a container on one physical partition per 6,000 RU\/s of manual throughput, and raised up to 5 × 10,000 RU\/s it splits none; declare physicalPartitions: 5 once raised; created at 40,000 RU\/s it would get 7 physical partitions of 5,714\.29 RU\/s\), which serves the hottest `\/status` value unsharded; or, at the current throughput, it would take N = 11 keys, more than the 4 a read can sensibly fan out over \(maxShards\): batch the hottest value's writes before they reach the container .*; or raise maxShards if 11-way reads are acceptable/,
    );
    // Said once: SG003 adds no raise of its own after a fix that leads with one.
    expect(hit?.fix.match(RAISE)).toHaveLength(1);
    expect(hit?.edits).toBeUndefined();
  });

  // At 26,000 RU/s the 15 keys are decided by a sliver (3.85% of the usable RU/s free, under the 5% a count needs), above
  // maxShards as within it: said, not offered. Before: "or raise maxShards if 15-way reads are acceptable" offered them.
  it('says a count decided by a sliver above maxShards too, and offers no "raise maxShards" for it', () => {
    const hit = sg003(statuses(4));
    expect(hit?.data).toMatchObject({ shards: 15, maxShards: 4, raiseTo: 40000, spare: expect.closeTo(0.0385, 4), minSpare: 0.05 });
    expect(hit?.fix).toMatch(
      /^redistribute [^;]*, which adds no RU\/s \(preview; [^)]*\); or create the container at 30,000 RU\/s, no more, then raise it to 40,000 RU\/s .*; or, at the current throughput, it would take N = 15 keys, each beside 1\/5 of the rest of the container's load on its physical partition, where the peak leaves 3\.85% of the usable RU\/s free, under the 5% a count needs: a count that near the line turns on a fraction of an RU\/s, so it is not offered; batch the hottest value's writes/,
    );
    expect(hit?.fix).not.toMatch(/raise maxShards|more than the 4/);
    expect(hit?.edits).toBeUndefined();
  });

  it('every rule giving the plan gives the same lead (SG001 for the same key)', () => {
    const sg001 = lint(statuses(4)).find((f) => f.ruleId === 'SG001');
    expect(sg001?.fix).toMatch(
      /, or redistribute [^;]*, which adds no RU\/s \(preview; [^)]*\); or create the container at 30,000 RU\/s, no more, then raise it to 40,000 RU\/s .*; or, at the current throughput, it would take N = 15 keys/,
    );
  });

  // Rules 10: 20,000 RU/s on 26,000 leave 3.85% of the usable 20,800 free, under the 5% a count needs (MIN_SPARE_FOR_COUNTS,
  // as for bucket counts): N = 15 is decided by 11 RU/s (15: 200 + 3,960 = 4,160 of 4,160; 14: 4,171.4), so the raise
  // leads within maxShards too, and the count is said, not offered. Before: "shard into N = 15" led, with its edit.
  it('within maxShards, with under 5% of the usable RU/s free: the raise leads, the count is said, not offered', () => {
    const hit = sg003(statuses(100));
    expect(hit?.data).toMatchObject({ shards: 15, raiseTo: 40000, spare: expect.closeTo(0.0385, 4), minSpare: 0.05, physicalPartitions: 5 });
    expect(hit?.fix).toMatch(
      /^redistribute [^;]*, which adds no RU\/s \(preview; [^)]*\); or create the container at 30,000 RU\/s, no more, then raise it to 40,000 RU\/s .*; or, at the current throughput, it would take N = 15 keys, each beside 1\/5 of the rest of the container's load on its physical partition, where the peak leaves 3\.85% of the usable RU\/s free, under the 5% a count needs: a count that near the line turns on a fraction of an RU\/s, so it is not offered; batch the hottest value's writes/,
    );
    expect(hit?.edits).toBeUndefined();
  });

  it('stays as it was with 5% free: the shards lead, the raise is the last alternative', () => {
    // 26,400 RU/s: 5 partitions of 5,280 (4,224 usable), 5.3% free: 3,000 ÷ N + (20,000 − 3,000 ÷ N) ÷ 5 ≤ 4,224 gives N = 11.
    const hit = sg003({ ...statuses(100), throughput: { manual: 26_400 } });
    expect(hit?.fix).toMatch(/^shard `\/status` into N = 11 random shards/);
    expect(hit?.fix).toMatch(
      /; or redistribute the container's throughput across its physical partitions to give the hot key's partition 8,000 RU\/s, which adds no RU\/s \(preview; a partition holds at most 10,000, [^)]*\); or create the container at 30,000 RU\/s, no more, then raise it to 40,000 RU\/s .*\)$/,
    );
    expect(hit?.fix).not.toMatch(/at the current throughput/);
    // Ten statuses sharded 11 ways: a categorical key, whose shards --fix does not write (categorical-key.ts).
    expect(hit?.fix).toMatch(/--fix writes no edit for these shards/);
    expect(hit?.edits).toBeUndefined();
  });
});

describe("past maxShards, where the key's own ceiling bites: no throughput is offered", () => {
  it('Cosmos DB: a logical partition over its 10,000 RU/s', () => {
    // 90% of 40,000 RU/s = 36,000 RU/s on one user, above 8,000 usable of its own 10,000: no RU/s lift that.
    // 60,000 RU/s manual: 10 physical partitions of 6,000 (4,800 usable); a shard of 36,000 ÷ N meets 1/10 of the rest,
    // its siblings included: 36,000 ÷ N + (40,000 − 36,000 ÷ N) ÷ 10 ≤ 4,800 gives 36,000 ÷ N ≤ 888.9, N = 41.
    const hit = sg003(
      container({
        name: 'events',
        partitionKey: { paths: [{ path: '/userId', cardinality: 100000 }] },
        workload: { peakReadUnits: 0, peakWriteUnits: 40000, hotKeyShare: 0.9 },
        throughput: { manual: 60000 },
        thresholds: { maxShards: 4 },
      }),
    );
    // cosmos16 item 1: quoted against the lower of the two ceilings, its physical partition's 4,800 − 4,000 ÷ 10 = 4,400
    // (before: 8,000, the logical partition's, which that partition cannot give it).
    expect(hit?.data).toMatchObject({ requestLoad: 36000, requestUsable: 4400, logicalUsable: 8000, shards: 41 });
    expect(hit?.message).toMatch(/36,000 RU\/s against a usable 4,400 RU\/s left on its physical partition/);
    expect(hit?.fix).toMatch(
      /^it would take N = 41 keys, more than the 4 .*: batch the hottest value's writes .*; or raise maxShards if 41-way reads are acceptable/,
    );
    expect(hit?.fix).not.toMatch(RAISE);
    expect(hit?.data?.raiseTo).toBeUndefined();
  });

  it('DynamoDB: a partition over its 1,000 WCU, on a table with capacity to spare', () => {
    // 50% of 200,000 WCU = 100,000 WCU on one event; 400 partitions for the 10,000 RCU and 400,000 WCU provisioned (max(4,
    // 400)), so each key meets 1/400 of the rest: 300.3 + 199,699.7 ÷ 400 = 799.55 at 333 (at 332, 800.45), and two on one
    // partition 2 × 100,000 ÷ N × (1 − 1 ÷ 400) + 500 = 1,000 of the hard 1,000 at 399 (1,001.26 at 398); more capacity only
    // thins the neighbours, it never lifts the key's own ceiling.
    const hit = sg003(
      table({
        name: 'tickets',
        partitionKey: { name: 'eventId', type: 'S', cardinality: 1000 },
        workload: { peakReadUnits: 1000, peakWriteUnits: 200000, hotKeyShare: 0.5 },
        capacity: { read: { fixed: 10000 }, write: { fixed: 400000 } },
      }),
    );
    expect(hit?.data).toMatchObject({ writeLoad: 100000, writeUsable: 800, shards: 399 });
    expect(hit?.fix).toBe(
      "it would take N = 399 keys, more than the 100 a read can sensibly fan out over (maxShards): batch the hottest value's writes before they reach the table (a queue or stream that aggregates them into fewer writes); or raise maxShards if 399-way reads are acceptable",
    );
  });
});
