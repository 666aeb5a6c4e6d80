/**
 * quota32: SG017's table-level quota findings (overQuota, nearQuota) name the quota to request, the peak ÷ headroom
 * that the pre-warm of the same peak names past the quota (warmPastQuota): a 48,000 WCU launch peak needs 60,000 WCU
 * of warm throughput, above the default 40,000 WCU table-level quota ("Service, account, and table quotas in Amazon
 * DynamoDB", https://docs.aws.amazon.com/amazondynamodb/latest/developerguide/ServiceQuotas.html#default-limits-throughput),
 * so the request is for at least 60,000 WCU. And they count an index SG003's fix makes sparse at one write per item,
 * as the pre-warm does (copies.ts, `copiesOnceSparse`).
 */
import { lint } from '../../lib';
import { shortLinks, table } from '../fixtures';

const sg017 = (design: Parameters<typeof lint>[0]) => lint(design).filter((f) => f.ruleId === 'SG017');

describe('the table-level quota to request is named, as the pre-warm names it', () => {
  it('a 48,000 WCU launch peak: warm throughput 60,000 WCU, and a request for a quota of at least 60,000 WCU', () => {
    const findings = sg017(table({ launchAtPeak: true, workload: { peakReadUnits: 1000, peakWriteUnits: 48_000 } }));
    const warm = findings.find((f) => f.messageId === 'notPreWarmed');
    const over = findings.find((f) => f.messageId === 'overQuota');
    expect(warm?.fix).toMatch(/writeUnitsPerSecond: 60,000 \}.*those figures are above the default table-level quota of 40,000 units per second/);
    expect(over?.data).toMatchObject({ peak: 48_000, quota: 40_000, suggested: 60_000 });
    expect(over?.data?.suggested).toBe(warm?.data?.writeUnitsPerSecond);
    expect(over?.fix).toMatch(
      /^request an increase of the table-level write throughput quota to at least 60,000 WCU \(48,000 WCU at 80% utilization; Service Quotas, DynamoDB; the quota is adjustable\), then acknowledge this finding with the request as the reason$/,
    );
  });

  it('a peak near the quota names its figure with the unit too: 35,000 WCU → 43,750 WCU', () => {
    const near = sg017(table({ workload: { peakReadUnits: 1000, peakWriteUnits: 35_000 } })).find((f) => f.messageId === 'nearQuota');
    expect(near?.fix).toMatch(/^request an increase of the table-level write throughput quota to at least 43,750 WCU \(35,000 WCU at 80% utilization;/);
  });

  it('under the quota at the headroom: no quota finding, and the pre-warm says nothing of the quota', () => {
    const findings = sg017(table({ launchAtPeak: true, workload: { peakReadUnits: 1000, peakWriteUnits: 30_000 } }));
    expect(findings.map((f) => f.messageId)).toEqual(['notPreWarmed']);
    expect(findings[0].fix).toMatch(/writeUnitsPerSecond: 37,500 \}/);
    expect(findings[0].fix).not.toMatch(/quota/);
  });
});

/**
 * A replicated table (20 declared copies of every link) beside `by-owner`, which every copy carries (`copiesCarry`:
 * "every", the default) and `my-links` reads: SG003 warns and its fix makes the index sparse, one write per item.
 * 1,700 WCU × 20 copies = 34,000 WCU, 85% of the 40,000 WCU quota; one write per item, 1,700 WCU, is far under it.
 */
const copiedLinks = (launchAtPeak: boolean) =>
  shortLinks({
    launchAtPeak,
    workload: { peakReadUnits: 30_000, peakWriteUnits: 1_700, hotKeyShare: 0.25, hotKeyOperations: 'reads' },
    sharding: { strategy: 'replicated', shards: 20 },
  });

describe('quota findings on an index SG003 makes sparse count one write per item, as its pre-warm does', () => {
  it.each([false, true])('launchAtPeak %s: no nearQuota on `by-owner`; the table keeps its own (every copy is a table write)', (launch) => {
    const findings = sg017(copiedLinks(launch));
    expect(findings.filter((f) => f.index === 'by-owner')).toEqual([]);
    expect(findings.find((f) => f.index === undefined && f.messageId === 'nearQuota')?.data).toMatchObject({ peak: 34_000 });
  });

  it('SG003 acknowledged on the index (its readers remove the duplicates): every copy is counted, and nearQuota stays', () => {
    const design = { ...copiedLinks(false), acknowledgements: [{ rule: 'SG003', index: 'by-owner', reason: 'readers dedupe' }] };
    const near = sg017(design).find((f) => f.index === 'by-owner' && f.messageId === 'nearQuota');
    expect(near?.data).toMatchObject({ peak: 34_000, suggested: 42_500 });
  });
});
