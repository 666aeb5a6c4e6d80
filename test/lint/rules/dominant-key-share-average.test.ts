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
  it('says the estimate assumes an average tenant, the count its GB suggest and where to declare the share', () => {
    const finding = fullKeyFinding(hr({ largestGb: 250 }));
    expect(finding?.notes).toContain('assumesAverageChildren');
    expect(finding?.data).toMatchObject({ children: 110, byData: 229166, levelGb: 250, totalGb: 600, designShare: 'workload.hotKeyShare' });
    expect(finding?.message).toMatch(
      /assumes the hottest `\/tenantId` value has the average 110 full key values under it; its 250 GB of the container's 600 suggest about 229,166/,
    );
  });

  it('says nothing of it where the level declares no size', () => {
    const finding = fullKeyFinding(hr({}));
    expect(finding?.notes ?? []).not.toContain('assumesAverageChildren');
  });
});
