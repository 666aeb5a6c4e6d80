/**
 * The normalizedRu alert splits NormalizedRUConsumption by `PartitionKeyRangeId`; Azure Monitor watches at most 5,000
 * metric time series per alert rule ("Azure Monitor service limits"), so a container of more physical partitions had
 * ranges past that unwatched (a stranger's 1.5 PB IoT container: about 31,104 ranges). Past the limit the alert reads
 * the metric unsplit, which Azure defines as each minute's "maximum RU/s utilization across all partition key ranges"
 * ("Monitor normalized RU/s"): every range is watched, and the description says so.
 */
import { normalize, type CosmosContainerDesign, type CosmosKeyDesign } from '../../lib';
import { planAlerts } from '../../lib/pulumi/alert-plan';
import { normalizedRuAlertArgs } from '../../lib/pulumi/alerts';

/** Telemetry stored at `totalGb`: one physical partition per 50 GB, so 250,000 GB are 5,000 ranges. */
const telemetry = (totalGb: number): CosmosKeyDesign => {
  const input: CosmosContainerDesign = {
    engine: 'cosmosdb',
    name: 'telemetry',
    partitionKey: { paths: [{ path: '/deviceId', cardinality: 50_000_000 }] },
    workload: { peakReadUnits: 200_000, peakWriteUnits: 1_000_000 },
    throughput: { autoscaleMax: 3_000_000 },
    storage: { totalGb, largestPartitionGb: 0.01 },
  };
  return normalize(input).designs[0].design as CosmosKeyDesign;
};

const target = { resourceGroupName: 'data', accountId: 'account', databaseName: 'iot', containerName: 'telemetry' };
const normalizedRuOf = (totalGb: number) => {
  const alert = planAlerts({}, telemetry(totalGb), 'dedicated', { actionGroupIds: [] }).normalizedRu;
  if (!alert) throw new Error('expected a normalizedRu alert');
  return { alert, args: normalizedRuAlertArgs(target, alert) };
};
const dimensionNames = (args: ReturnType<typeof normalizedRuAlertArgs>) =>
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- the criteria union's allOf is typed per odata type
  ((args.criteria as any).allOf[0].dimensions as { name: string }[]).map((d) => d.name);

describe('the normalizedRu alert splits by range only while one rule watches every range', () => {
  it('5,000 ranges (250,000 GB): split by PartitionKeyRangeId, as before', () => {
    const { alert, args } = normalizedRuOf(250_000);
    expect(alert).toMatchObject({ byRange: true, ranges: 5_000 });
    expect(dimensionNames(args)).toEqual(['DatabaseName', 'CollectionName', 'PartitionKeyRangeId']);
    expect(args.description).toMatch(/^skewguard \(page\): a partition-key range of container telemetry averaged/);
  });

  it('5,001 ranges (250,001 GB): unsplit, each minute its highest range, and the description says why', () => {
    const { alert, args } = normalizedRuOf(250_001);
    expect(alert).toMatchObject({ byRange: false, ranges: 5_001 });
    expect(dimensionNames(args)).toEqual(['DatabaseName', 'CollectionName']);
    expect(args.description).toContain(
      'the busiest partition-key range of container telemetry (not split by range: its 5,001 ranges are more than the 5,000 metric time series Azure Monitor watches in one alert rule',
    );
  });
});
