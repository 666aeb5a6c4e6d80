import { lint, type CosmosContainerDesign } from '../../../lib';
import { container } from '../../fixtures';

/** The HR container of 40 physical partitions: a 45% tenant over 5,000, then 550,000 employees, 600 GB in all. */
const hr = (tenant: Record<string, unknown>): CosmosContainerDesign =>
  container({
    name: 'hr',
    partitionKey: {
      paths: [
        { path: '/tenantId', cardinality: 5000, hotKeyShare: 0.45, ...tenant },
        { path: '/employeeId', cardinality: 550000 },
      ],
    },
    workload: { peakReadUnits: 6000, peakWriteUnits: 7500 },
    throughput: { autoscaleMax: 20000 },
    storage: { totalGb: 600, largestPartitionGb: 0.002 },
    physicalPartitions: 40,
  });

const fullKeyFinding = (design: CosmosContainerDesign) => lint(design).find((f) => f.ruleId === 'SG014' && f.messageId === 'nearCeiling');

describe("SG014's full key share estimated from a first level that declares its size", () => {
  it('spreads a whale tenant over the employees its GB suggest, not the average: no full key finding', () => {
    // 250 GB of 600 → about 229,166 of 550,000 employees, 0.0002% each; over the average 110 one employee took 0.41%.
    expect(fullKeyFinding(hr({ largestGb: 250 }))).toBeUndefined();
    const share = lint(hr({ largestGb: 250 })).find((f) => f.ruleId === 'SG014' && f.path === 'partitionKey.paths');
    expect(share).toBeUndefined();
  });

  it('says the estimate, the count its GB suggest and where to declare the share, where a tenant of a little more than the average data still makes an employee near its ceiling', () => {
    // 0.15 GB of 600 → 137 employees, 0.33% of the peak each: over the average 110 it would have been 0.41%.
    const finding = fullKeyFinding(hr({ largestGb: 0.15 }));
    expect(finding?.notes).toContain('childrenByData');
    expect(finding?.data).toMatchObject({ children: 110, byData: 137, levelGb: 0.15, totalGb: 600, designShare: 'workload.hotKeyShare' });
    expect(finding?.message).toMatch(
      /the estimate spreads the hottest `\/tenantId` value's 45% over the about 137 full key values its 0\.15 GB of the container's 600 suggest \(the average is 110\), each taking 0\.33%: declare the hottest full key value's own share at `workload\.hotKeyShare` to replace the estimate/,
    );
  });

  it.each([[{}], [{ largestGb: 0.1 }]])('keeps the average where the level declares no size, or one that suggests fewer employees (%j)', (tenant) => {
    const finding = fullKeyFinding(hr(tenant));
    expect(finding?.notes ?? []).not.toContain('childrenByData');
    expect(finding?.data?.share).toBeCloseTo(0.45 / 110, 10);
  });
});
