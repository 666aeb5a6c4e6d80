import { lint, type CosmosContainerDesign } from '../../../lib';
import { container } from '../../fixtures';
import { testRule } from '../../support/rule-tester';

/**
 * An HR/payroll container: a whale tenant (45%, 250 GB of 600) over 5,000, then the pay period, then the employee;
 * 7,500 RU/s of writes at month end, 20,000 autoscale RU/s (12 physical partitions of 1,666.67 RU/s).
 */
const payslips = (period: Record<string, unknown>, writes = 7500, tenant: Record<string, unknown> = {}, reads = 6000): CosmosContainerDesign =>
  container({
    name: 'payslips',
    partitionKey: {
      paths: [
        { path: '/tenantId', cardinality: 5000, hotKeyShare: 0.45, largestGb: 250, ...tenant },
        { path: '/payPeriod', cardinality: 84, ...period },
        { path: '/employeeId', cardinality: 550000 },
      ],
    },
    workload: { peakReadUnits: reads, peakWriteUnits: writes },
    throughput: { autoscaleMax: 20000 },
    storage: { totalGb: 600 },
    accessPatterns: [
      { name: 'payslips-of-employee', keyAttributes: ['/tenantId', '/employeeId'], share: 0.6 },
      { name: 'payroll-run', keyAttributes: ['/tenantId', '/payPeriod'], share: 0.4 },
    ],
  });

testRule('SG002', {
  valid: [
    { name: 'a value (not a time bucket) as the middle level: the whale spreads over the partitions its data spans', design: payslips({ kind: 'value' }) },
    // 45% of 2,000 = 900 RU/s of writes under the current period, within one partition's usable 1,333.33.
    { name: "a middle time bucket whose current prefix fits one partition's usable RU/s", design: payslips({ kind: 'time-bucket' }, 2000) },
  ],
  invalid: [
    {
      name: 'a time-bucket middle level under a whale spanning 5 physical partitions: its current period sits on one',
      design: payslips({ kind: 'time-bucket' }),
      findings: [
        {
          messageId: 'timeMiddle',
          path: 'partitionKey.paths[1]',
          severity: 'error',
          data: {
            load: 3375,
            usable: 1333.33333333,
            partitionRu: 1666.66666667,
            spanned: 5,
            physicalPartitions: 12,
            order: ['/tenantId', '/employeeId', '/payPeriod'],
          },
          fix: /^order the levels `\/tenantId` → `\/employeeId` → `\/payPeriod`: the time bucket last.*a query by `\/tenantId` → `\/payPeriod` is then routed by `\/tenantId` alone.*SG014 fires on it/,
          notes: [],
          // Ordered so, the whale is SG014's dominant value on its spanned partitions (today's verdict for a value level): advice, no edit.
          edits: false,
        },
      ],
    },
    {
      name: 'a middle time bucket under a tenant within maxHotKeyShare: the reorder is the edit',
      // 9.5% of 15,000 RU/s of writes: 1,425 under the current period, over one partition's usable 1,333.33.
      design: payslips({ kind: 'time-bucket' }, 15000, { hotKeyShare: 0.095 }, 1000),
      findings: [
        {
          messageId: 'timeMiddle',
          data: { load: 1425, usable: 1333.33333333 },
          // The fixes-converge check applies it: the re-lint reports nothing new.
          edits: true,
        },
      ],
    },
  ],
});

describe("SG014 on the whale's spanned partitions", () => {
  const sg014 = (design: CosmosContainerDesign) => lint(design).filter((f) => f.ruleId === 'SG014');

  it('keeps its warning where the middle level is not a time bucket', () => {
    expect(sg014(payslips({ kind: 'value' })).map((f) => f.data)).toEqual([expect.objectContaining({ spanned: 5, load: 6075 })]);
  });

  it("does not spread over those partitions the writes a middle time bucket's current prefix takes (SG002's error)", () => {
    expect(sg014(payslips({ kind: 'time-bucket' }))).toEqual([]);
  });
});
