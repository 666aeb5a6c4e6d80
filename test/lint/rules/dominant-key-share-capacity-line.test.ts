import { lint, type CosmosContainerDesign } from '../../../lib';
import { container } from '../../fixtures';

/**
 * An IoT readings container whose full key's hottest station takes 0.001% (1.15 RU/s of 115,000), on 121 physical
 * partitions (6,050 GB): the average partition carries 950.4 RU/s of its usable 952.07 at 144,000 RU/s. Every station is
 * short of growth there as the container is; SG003 leaves the value to the capacity just below (143,900).
 */
const readings = (manual: number): CosmosContainerDesign =>
  container({
    name: 'readings',
    partitionKey: {
      paths: [
        { path: '/customerId', cardinality: 5000, hotKeyShare: 0.4, largestGb: 2420 },
        { path: '/farmId', cardinality: 40000 },
        { path: '/stationId', cardinality: 200000 },
      ],
    },
    throughput: { manual },
    workload: { peakReadUnits: 5000, peakWriteUnits: 110000, hotKeyShare: 0.00001 },
    storage: { largestPartitionGb: 0.03, totalGb: 6050 },
  });

const keyFindings = (manual: number) => lint(readings(manual)).filter((f) => f.ruleId === 'SG014' || f.ruleId === 'SG003');

describe('SG014 on a 0.001% value in a container at its usable line', () => {
  it.each([143800, 143900, 144000, 144100, 150000])("reports no key finding at %d RU/s: the growth it lacks is the container's", (manual) => {
    expect(keyFindings(manual)).toEqual([]);
  });

  it('still warns of a value that lifts its partition above the average one (0.03%, 34.5 RU/s, at 150,000 RU/s)', () => {
    const design = readings(150000);
    const hot = Object.assign({}, design, { workload: Object.assign({}, design.workload, { hotKeyShare: 0.0003 }) });
    const finding = lint(hot).find((f) => f.ruleId === 'SG014');
    expect(finding?.messageId).toBe('nearCeiling');
    expect(finding?.notes).toContain('belowMinGrowth');
  });
});
