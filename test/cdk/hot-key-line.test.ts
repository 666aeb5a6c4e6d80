// The accessed-mode hot-key ticket's line (hotKeyLine): headroom × what the key can reach beside its neighbours, at most
// 95% of it, and never under the key's own planned load. Review 16: the 95% cap was applied last, so a table whose
// hottest shard plans 2,400 RCU beside 648 RCU of neighbours (reach 2,352 RCU/s = 141,143 a minute) got a line of
// 134,085 under its planned 144,000 a minute, and the ticket opened on a healthy day at the planned peak.
import { hotKeyLine } from '../../lib/cdk/alarm-thresholds';
import type { DynamoHotKeyReach } from '../../lib/internal';

const reach = (readPlanned: number, readNeighbours: number, writePlanned = 100): DynamoHotKeyReach => ({
  partitions: 21,
  countedBy: 'twice-the-peak',
  read: { ceiling: 3_000, neighbours: readNeighbours, reach: 3_000 - readNeighbours, planned: readPlanned, peak: readPlanned + 21 * readNeighbours },
  write: { ceiling: 1_000, neighbours: 100, reach: 900, planned: writePlanned, peak: writePlanned + 2_100 },
});

describe('hotKeyLine', () => {
  it('is above the planned load, even where that is above 95% of the reach (the alarm compares with >=)', () => {
    // Reads: reach 3,000 − 647.62 = 2,352.38 RCU/s = 141,142.8 a minute; planned 2,400 × 60 = 144,000 a minute.
    // Writes: 900 WCU/s × 3 × 60 = 162,000 a minute, so reads are the reference direction.
    // A key hot by its reads alone (no planned writes): with 100 WCU/s planned too it is hot in both directions (below).
    const line = hotKeyLine(reach(2_400, 647.62, 0), 0.9, undefined);
    expect(line.reference).toBe('Read');
    expect(line.combined).toBeUndefined();
    expect(line.threshold).toBe(144_001);
    expect(line.capped).toBeUndefined();
  });

  it('sits at headroom × the reach where the planned load is lower, at most 95% of it', () => {
    // Planned 1,600 RCU/s = 96,000 a minute, under 0.9 × 141,142.8 = 127,028.
    expect(hotKeyLine(reach(1_600, 647.62), 0.9, undefined).threshold).toBe(Math.floor(0.9 * 2_352.38 * 60));
    // A headroom of 0.99 is held to 95% of the reach: 134,085.
    expect(hotKeyLine(reach(1_600, 647.62), 0.99, undefined).threshold).toBe(Math.floor(0.95 * 2_352.38 * 60));
  });

  it("keeps the user's threshold", () => {
    expect(hotKeyLine(reach(2_400, 647.62), 0.9, 50_000).threshold).toBe(50_000);
  });

  // Review 17 item 2: the most accessed keys rule reports 3 × WCU + RCU, reads and writes together. A key planned at 2,400
  // RCU/s and 100 WCU/s shows 144,000 + 18,000 = 162,000 a minute at its planned peak, above the 144,000 line drawn in
  // its reads' terms: the ticket opened on a healthy day.
  it("a key hot in both directions: its line in the rule's unit, above its planned reads and writes together", () => {
    const line = hotKeyLine(reach(2_400, 647.62), 0.9, undefined);
    // The less of reads at their reach beside planned writes (141,142.8 + 18,000) and writes at theirs beside planned
    // reads (162,000 + 144,000): 159,142.8; 0.9 × that is 143,228, under the planned 162,000.
    expect(line.combined?.reach).toBeCloseTo(141_142.8 + 18_000, 6);
    expect(line.combined?.planned).toBe(162_000);
    expect(line.threshold).toBe(162_001);
    expect(line.scaled.factor).toBe(1);
  });

  it("a key hot in both directions with room: the headroom × its reads' reach, its writes at plan beside it", () => {
    // Planned 1,600 RCU/s (96,000) and 300 WCU/s (54,000): 150,000 together, above the reads' line of 127,028.
    const line = hotKeyLine(reach(1_600, 647.62, 300), 0.9, undefined);
    expect(line.combined?.planned).toBe(150_000);
    expect(line.combined?.reach).toBeCloseTo(141_142.8 + 54_000, 6);
    // The headroom applies to the reads' reach alone: 0.9 × 141,142.8 = 127,028, with the planned 54,000 of writes beside it.
    expect(line.threshold).toBe(Math.floor(0.9 * 141_142.8) + 54_000);
    // Quiet at its planned peak; fires for the key at the reach of its reads with its writes at plan (195,142.8).
    expect(150_000).toBeLessThan(line.threshold);
    expect(141_142.8 + 54_000).toBeGreaterThanOrEqual(line.threshold);
  });

  it('a key whose planned reads and writes together stay under the line keeps the per-direction line', () => {
    // Planned 1,600 RCU/s and 100 WCU/s: 96,000 + 18,000 = 114,000, under 127,028.
    expect(hotKeyLine(reach(1_600, 647.62), 0.9, undefined).combined).toBeUndefined();
  });

  // Stranger21a: a tenant at 40% of 8,000 WCU and 3,000 RCU (3,200 WCU/s and 1,200 RCU/s) on a partition that serves
  // 1,000 WCU/s: a line at its planned 648,000 units a minute could never fire, since a throttled key consumes nothing.
  it('a key planned past its ceiling: 95% of the most it can log, under its plan, and says so', () => {
    const model: DynamoHotKeyReach = {
      partitions: 16,
      countedBy: 'twice-the-peak',
      read: { ceiling: 3_000, neighbours: 112.5, reach: 2_887.5, planned: 1_200, peak: 3_000 },
      write: { ceiling: 1_000, neighbours: 300, reach: 700, planned: 3_200, peak: 8_000 },
    };
    const line = hotKeyLine(model, 0.8, undefined);
    // Reads at their plan (72,000 a minute) and writes at what the partition leaves them (700 × 180 = 126,000).
    expect(line.capped).toEqual({ planned: 648_000, reachable: 198_000 });
    expect(line.threshold).toBe(188_100);
    // At the planned peak the key logs its reachable 198,000: the ticket opens; a user's threshold is kept.
    expect(198_000).toBeGreaterThanOrEqual(line.threshold);
    const given = hotKeyLine(model, 0.8, 50_000);
    expect(given.threshold).toBe(50_000);
    expect(given.capped).toBeUndefined();
  });
});
