/**
 * cachecopies15 item 5: a Cosmos DB read-hot value short of its physical partition's share, for which no count of
 * replicated copies fits at the current RU/s, was offered only the raise that serves it unsharded. A raise alone must
 * lift every physical partition's share by what the hot value needs (RU/s are divided evenly among them), while N
 * copies each put 1/N of it on a partition for (N − 1) × the writes more: copies at a raise save
 * (N − 1) ÷ headroom × (load × (P − 1) ÷ N − writes) RU/s, many on a read-heavy container of many partitions.
 *
 * A catalogue's viral product: 2% of 100,000 RU/s of reads (2,000), 5,000 of writes, 140,000 manual RU/s over 24
 * physical partitions (500 GB). Unsharded the value needs 2,000 + 103,000 ÷ 24 ≤ 0.8 × R ÷ 24: 188,800 RU/s. With 2
 * copies (1,000 GB, 20 partitions' worth: still 24) each takes 1,000 beside (110,000 − 1,000) ÷ 24:
 * 133,000 ≤ 0.8 × R, 166,300 RU/s on the grid: 22,500 RU/s less, (2 − 1) ÷ 0.8 × (2,000 × 23 ÷ 2 − 5,000). At $0.008 per
 * 100 RU/s an hour that is about $1,300 a month, for 500 GB more storage at $0.25 per GB-month ($125).
 */
import { applyDesignEdits, lint, type CosmosContainerDesign, type DesignEdit } from '../../lib';
import { container } from '../fixtures';

const viral = (): CosmosContainerDesign =>
  container({
    name: 'catalogue',
    partitionKey: { paths: [{ path: '/productId', cardinality: 1_000_000 }] },
    workload: { peakReadUnits: 100_000, peakWriteUnits: 5_000, hotKeyShare: 0.02, hotKeyOperations: 'reads' },
    throughput: { manual: 140_000 },
    storage: { totalGb: 500 },
  });

describe('copies at a raise, where they cost less than the raise that serves the value unsharded (cachecopies15 item 5)', () => {
  const sg003 = lint(viral()).find((f) => f.ruleId === 'SG003');

  // The raise alone is 13.5% more RU/s than the copies' raise and changes no key and no application: within the 25%
  // margin that is worth, it leads, and the copies follow as the smaller raise (before: the copies led).
  it('leads with the 188,800 RU/s raise as it is, then 2 copies at 166,300 RU/s as the smaller raise', () => {
    expect(sg003?.fix).toMatch(
      /; or create the container at 144,000 RU\/s, no more, then raise it to 188,800 RU\/s .*, which serves the hottest `\/productId` value unsharded and changes no key and no application, 22,500 RU\/s more than the raise the replicated copies need/,
    );
    expect(sg003?.fix).toMatch(
      /; or, for a smaller raise, create the container at 144,000 RU\/s, no more, then raise it to 166,300 RU\/s \(24 physical partitions of 6,929\.17 RU\/s: .*\), then keep N = 2 replicated copies of each `\/productId` value/,
    );
    expect(sg003?.fix).toContain('storing every document 2 times (1,000 GB)');
    expect(sg003?.fix).toContain('22,500 RU/s less than the raise that serves the value unsharded');
    expect(sg003?.data).toMatchObject({ copiesRaiseTo: 166_300, raiseTo: 188_800, copiesSaves: 22_500, raiseOverCopies: 22_500 });
  });

  it('its edits, the raise alone, applied, leave no finding', () => {
    const edits = sg003?.edits as DesignEdit[];
    expect(edits).toEqual([
      { op: 'set', path: 'throughput.manual', value: 188_800 },
      { op: 'set', path: 'physicalPartitions', value: 24 },
    ]);
    expect(lint(applyDesignEdits(viral(), edits)).filter((f) => f.severity === 'error')).toEqual([]);
  });

  it('where the writes outweigh what copies take off each partition, the raise alone is cheaper, and stays the fix', () => {
    // 20% of 9,000 RU/s of reads (1,800) and 3,000 of writes on 12,000 manual RU/s, 2 partitions: unsharded,
    // 1,800 + 10,200 ÷ 2 ≤ 0.4 × R, 17,300 RU/s; 2 copies, 900 + 14,100 ÷ 2 ≤ 0.4 × R, 19,900: 1,800 × 1 ÷ 2 < 3,000.
    const writeHeavy = container({
      name: 'few',
      partitionKey: { paths: [{ path: '/productId', cardinality: 1_000_000 }] },
      workload: { peakReadUnits: 9_000, peakWriteUnits: 3_000, hotKeyShare: 0.2, hotKeyOperations: 'reads' },
      throughput: { manual: 12_000 },
      storage: { totalGb: 50 },
    });
    const fix = lint(writeHeavy).find((f) => f.ruleId === 'SG003')?.fix;
    expect(fix).toMatch(/^create the container at 12,000 RU\/s, no more, then raise it to 17,300 RU\/s/);
    expect(fix).not.toMatch(/then keep N = \d+ replicated copies/);
  });
});
