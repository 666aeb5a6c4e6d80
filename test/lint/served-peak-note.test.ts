/**
 * An on-demand DynamoDB table that does not declare `launchAtPeak` is judged as one that has served its peak before:
 * on demand it serves up to double its previous peak ("On-demand capacity mode", initial throughput and scaling
 * properties, https://docs.aws.amazon.com/amazondynamodb/latest/developerguide/on-demand-capacity-mode.html), so its
 * partitions are counted for twice the peak, where a new table has only its warm throughput, 12,000 RCU and 4,000 WCU
 * unless pre-warmed ("Understanding DynamoDB warm throughput",
 * https://docs.aws.amazon.com/amazondynamodb/latest/developerguide/warm-throughput.html). That assumption is said
 * (`notJudged`, kind `servedPeak`, naming `launchAtPeak`), never a finding; quiet where `launchAtPeak` is declared or
 * the table is provisioned.
 */
import { lintDocument, type DesignInput, type DynamoDbTableDesign } from '../../lib';
import { flashSaleLaunch } from '../fixtures';

const { engine: _engine, launchAtPeak: _launch, ...onDemand } = flashSaleLaunch();
const result = (table: object) => lintDocument({ tables: [table] } as DesignInput);
const servedPeak = (table: object) => result(table).notJudged.filter((n) => n.kind === 'servedPeak');

describe('an on-demand table without launchAtPeak is said to be counted for twice its peak', () => {
  it('names `launchAtPeak` as the field that changes it', () => {
    expect(servedPeak(onDemand)).toEqual([
      {
        ruleId: 'SG017',
        kind: 'servedPeak',
        engine: 'dynamodb',
        resource: 'seats',
        path: 'tables[0]',
        declare: 'tables[0].launchAtPeak',
        what: expect.stringContaining('its partitions counted for twice it'),
      },
    ]);
  });

  it('is quiet where launchAtPeak is declared, either way, and the findings are those of `false`', () => {
    expect(servedPeak({ ...onDemand, launchAtPeak: true })).toEqual([]);
    expect(servedPeak({ ...onDemand, launchAtPeak: false })).toEqual([]);
    expect(result(onDemand).findings).toEqual(result({ ...onDemand, launchAtPeak: false }).findings);
  });

  // Said on every on-demand design, the line sat on nearly every small one, where a new table serves the peak as well.
  it("is quiet where no key space's peak passes a new table's warm throughput (12,000 RCU, 4,000 WCU)", () => {
    const small = { ...onDemand, workload: { ...onDemand.workload, peakReadUnits: 12_000, peakWriteUnits: 4_000 } };
    expect(servedPeak(small)).toEqual([]);
    expect(servedPeak({ ...small, workload: { ...small.workload, peakWriteUnits: 4_001 } })).toHaveLength(1);
    // The table's key space reads 80% of the reads (its access pattern's share): 15,001 × 0.8 = 12,000.8 RCU.
    expect(servedPeak({ ...small, workload: { ...small.workload, peakReadUnits: 15_001 } })).toHaveLength(1);
  });

  it('is quiet for a provisioned table: its capacity counts its partitions', () => {
    const provisioned: Omit<DynamoDbTableDesign, 'engine'> = {
      ...onDemand,
      billing: 'provisioned',
      capacity: { read: { fixed: 25_000 }, write: { fixed: 40_000 } },
    };
    expect(servedPeak(provisioned)).toEqual([]);
  });
});
