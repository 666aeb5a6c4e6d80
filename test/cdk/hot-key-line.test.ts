// The accessed-mode hot-key ticket's line (hotKeyLine): headroom × what the key can reach beside its neighbours, at most
// 95% of it, and never under the key's own planned load. Review 16: the 95% cap was applied last, so a table whose
// hottest shard plans 2,400 RCU beside 648 RCU of neighbours (reach 2,352 RCU/s = 141,143 a minute) got a line of
// 134,085 under its planned 144,000 a minute, and the ticket opened on a healthy day at the planned peak.
import { hotKeyLine } from '../../lib/cdk/alarm-thresholds';
import type { DynamoHotKeyReach } from '../../lib/internal';

const reach = (readPlanned: number, readNeighbours: number): DynamoHotKeyReach => ({
  partitions: 21,
  countedBy: 'twice-the-peak',
  read: { ceiling: 3_000, neighbours: readNeighbours, reach: 3_000 - readNeighbours, planned: readPlanned },
  write: { ceiling: 1_000, neighbours: 100, reach: 900, planned: 100 },
});

describe('hotKeyLine', () => {
  it('is never under the planned load, even where that is above 95% of the reach', () => {
    // Reads: reach 3,000 − 647.62 = 2,352.38 RCU/s = 141,142.8 a minute; planned 2,400 × 60 = 144,000 a minute.
    // Writes: 900 WCU/s × 3 × 60 = 162,000 a minute, so reads are the reference direction.
    const line = hotKeyLine(reach(2_400, 647.62), 0.9, undefined);
    expect(line.reference).toBe('Read');
    expect(line.threshold).toBe(144_000);
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
});
