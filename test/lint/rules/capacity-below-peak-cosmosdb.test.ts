/** SG017 on Cosmos DB (issue 14 §5): provisioned RU/s or the autoscale maximum below the declared peak. */
import type { CosmosContainerDesign } from '../../../lib';
import { container } from '../../fixtures';
import { testRule } from '../../support/rule-tester';

/** Unique keys, 6,000 RU/s of reads and 2,000 RU/s of writes at peak: only the capacity can throttle. */
function orders(overrides: Partial<CosmosContainerDesign> = {}): CosmosContainerDesign {
  return container({
    name: 'orders',
    partitionKey: { paths: [{ path: '/orderId', cardinality: 'unique' }] },
    workload: { peakReadUnits: 6_000, peakWriteUnits: 2_000 },
    ...overrides,
  });
}

testRule('SG017', {
  valid: [
    { name: 'no declared throughput: nothing to compare', design: orders() },
    { name: 'manual throughput at the peak', design: orders({ throughput: { manual: 8_000 } }) },
    { name: 'an autoscale maximum above the peak', design: orders({ throughput: { autoscaleMax: 10_000 } }) },
    { name: "a shared database's RU/s alone for this container", design: orders({ throughput: { sharedDatabase: 8_000 } }) },
    { name: 'serverless with two physical partitions (100 GB): 10,000 RU/s', design: orders({ throughput: 'serverless', storage: { totalGb: 100 } }) },
  ],
  invalid: [
    {
      name: 'manual throughput below the peak',
      design: orders({ throughput: { manual: 4_000 } }),
      findings: [
        {
          messageId: 'cosmosManualBelowPeak',
          path: 'throughput.manual',
          data: { peak: 8_000, capacity: 4_000, needed: 8_000 },
          message: /the declared peak of 8,000 RU\/s \(6,000 reads \+ 2,000 writes\) is above the 4,000 RU\/s of manual throughput/,
          edits: [{ op: 'set', path: 'throughput.manual', value: 8_000 }],
        },
      ],
    },
    {
      name: 'an autoscale maximum below the peak, raised on its 1,000 RU/s grid',
      design: orders({ workload: { peakReadUnits: 6_000, peakWriteUnits: 2_500 }, throughput: { autoscaleMax: 4_000 } }),
      findings: [
        { messageId: 'cosmosAutoscaleBelowPeak', data: { peak: 8_500, needed: 9_000 }, edits: [{ op: 'set', path: 'throughput.autoscaleMax', value: 9_000 }] },
      ],
    },
    {
      name: 'a shared database split over 4 busy containers',
      design: orders({ throughput: { sharedDatabase: 20_000, containers: 4 } }),
      findings: [
        {
          messageId: 'cosmosSharedBelowPeak',
          path: 'throughput.sharedDatabase',
          data: { capacity: 5_000, databaseRu: 20_000, containers: 4, needed: 32_000 },
          edits: [{ op: 'set', path: 'throughput.sharedDatabase', value: 32_000 }],
        },
      ],
    },
    {
      name: 'serverless on one physical partition: 5,000 RU/s',
      design: orders({ throughput: 'serverless' }),
      findings: [{ messageId: 'cosmosServerlessBelowPeak', path: 'throughput', data: { capacity: 5_000, partitions: 1, needed: 8_000 }, edits: false }],
    },
  ],
});
