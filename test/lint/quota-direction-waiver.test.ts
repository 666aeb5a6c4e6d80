/**
 * The read and the write table-level throughput quotas are separate quotas, each raised by its own Service Quotas
 * request: a waiver whose reason is the read quota's raise names `nearQuotaReads` and leaves the write finding
 * reported. `nearQuota` alone still waives both directions.
 */
import { lint, type DynamoDbTableDesign, type Finding } from '../../lib';
import { table } from '../fixtures';

function counters(appliesTo: string[]): DynamoDbTableDesign {
  return table({
    name: 'play-counters',
    partitionKey: { name: 'counterId', type: 'S', cardinality: 6_000_000 },
    workload: { peakReadUnits: 36000, peakWriteUnits: 36000 },
    acknowledgements: [{ rule: 'SG017', appliesTo, reason: 'Read quota raise to 50,000 RCU requested, case 1235' }],
  });
}

const quotaFindings = (findings: readonly Finding[]) =>
  findings.filter((f) => f.ruleId === 'SG017' && f.messageId === 'nearQuota').map((f) => [f.path, f.parts, f.acknowledged === true]);

describe('SG017 quota waivers by direction', () => {
  it('`nearQuotaReads` waives the read finding alone', () => {
    expect(quotaFindings(lint(counters(['nearQuotaReads'])))).toEqual([
      ['workload.peakReadUnits', ['nearQuotaReads'], true],
      ['workload.peakWriteUnits', ['nearQuotaWrites'], false],
    ]);
  });

  it('`nearQuota` still waives both', () => {
    expect(quotaFindings(lint(counters(['nearQuota'])))).toEqual([
      ['workload.peakReadUnits', ['nearQuotaReads'], true],
      ['workload.peakWriteUnits', ['nearQuotaWrites'], true],
    ]);
  });
});
