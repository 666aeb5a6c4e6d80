/**
 * SG017 on Cosmos DB charges each shard's query of a fan-out its floor: at least about 2.5 RU, the least a query is
 * charged on the physical partition whose index it checks ("Query an Azure Cosmos DB container"), and about 1 RU per KB
 * it loads above it (a point read's figure, "Request Units"). A read of `resultKb` over N shards costs
 * N × max(2.5, resultKb ÷ N) RU of the max(2.5, resultKb) it cost unsharded; with no `resultKb`, it is counted once and
 * the finding says so.
 */
import { lint, type CosmosContainerDesign, type Finding } from '../../lib';
import { container } from '../fixtures';

/** The helpdesk with a flat `/tenantId` key, random-sharded 10 ways, 12,000 RU/s of reads (all fanning out over the
 *  shards) and 4,000 of writes on manual `manual` RU/s (20,000 by default: 16,000 usable at 80%). */
function helpdesk(read: { resultKb?: number; limit?: number }, manual = 20_000): CosmosContainerDesign {
  return container({
    name: 'tickets',
    partitionKey: { paths: [{ path: '/tenantId', cardinality: 12_000 }] },
    workload: { peakReadUnits: 12_000, peakWriteUnits: 4_000, hotKeyShare: 0.001 },
    throughput: { manual },
    sharding: { strategy: 'random', shards: 10 },
    accessPatterns: [{ name: 'tenant-tickets', keyAttributes: ['tenantId'], share: 1, fanOut: true, ...read }],
  });
}

const sg017 = (design: CosmosContainerDesign): Finding | undefined => lint(design).find((f) => f.ruleId === 'SG017');

describe('SG017 charges each shard query of a Cosmos DB fan-out its floor', () => {
  it('probe', () => {
    for (const read of [{}, { limit: 1 }, { resultKb: 2 }, { resultKb: 10 }, { resultKb: 20 }, { resultKb: 400 }]) {
      const f = sg017(helpdesk(read));
      console.log(JSON.stringify(read), f?.messageId, JSON.stringify(f?.data), f?.notes, f?.message);
    }
    const f = sg017(helpdesk({}, 18_000));
    console.log(f?.messageId, JSON.stringify(f?.data), f?.notes, f?.message);
  });
});
