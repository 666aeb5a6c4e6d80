/**
 * merge19: a Cosmos DB container raised once (a data ingestion) and lowered keeps the physical partitions the raise
 * made, each with a smaller share of its RU/s; Azure's partition merge (preview, "Merge partitions in Azure Cosmos DB")
 * takes it back to the partitions its RU/s and storage need, with no change of key and no more RU/s. Before, SG003
 * offered only shards, a move or a raise. Offered where the merged share clears the finding and Azure supports it.
 */
import { lint, type CosmosContainerDesign, type Finding } from '../../lib';
import { hotKeyExceedsPartition } from '../../lib/lint/rules/hot-key-exceeds-partition';

/**
 * 12,000 manual RU/s and 60 GB on the 10 partitions it kept from 60,000 RU/s (created at them: one per 6,000; a raise in
 * place splits only to ⌈RU/s ÷ 10,000⌉, so from fewer it takes 100,000 to reach 10), 1,200 RU/s each; peak 6,000 RU/s.
 */
const lowered = (over: Partial<CosmosContainerDesign> = {}, hotKeyShare = 0.2): CosmosContainerDesign => ({
  engine: 'cosmosdb',
  name: 'orders',
  partitionKey: { paths: [{ path: '/storeId', cardinality: 1_000 }] },
  workload: { peakReadUnits: 3_000, peakWriteUnits: 3_000, hotKeyShare },
  throughput: { manual: 12_000 },
  physicalPartitions: 10,
  storage: { totalGb: 60 },
  thresholds: { maxHotKeyShare: 0.6 },
  ...over,
});

const sg003 = (findings: readonly Finding[]) => findings.find((f) => f.ruleId === 'SG003');

describe('partition merge as a fix for a hot key on a fragmented container', () => {
  // 20% of 6,000 = 1,200 RU/s beside 4,800 ÷ 10 = 480 against 960 usable: over. Merged to 2 partitions (12,000 RU/s
  // created: one per 6,000; 60 GB: one per 50), 6,000 RU/s each, 4,800 usable: 1,200 + 4,800 ÷ 2 = 3,600 fits.
  it('is offered where merging to the partitions the RU/s and storage need clears the finding, with its figures and command', () => {
    const finding = sg003(lint(lowered()));
    expect(finding?.data).toMatchObject({
      mergeFrom: 10,
      mergedPartitions: 2,
      mergedEach: 6_000,
      mergedUsable: 4_800,
      mergedKeyLoad: 1_200,
      mergedNeighbours: 2_400,
    });
    const fix = finding?.fix ?? '';
    for (const words of [
      'or merge its physical partitions instead, which changes no key and adds no RU/s but is a preview with the account limits below: at its 12,000 RU/s and 60 GB it needs 2 physical partitions, not the 10 it has',
      "each of 6,000 RU/s (4,800 usable at 80%), where the hot key's 1,200 RU/s and the 2,400 RU/s its neighbours are expected to take fit, which clears this finding",
      'partition merge is a preview',
      '`az cosmosdb sql container merge`',
      'declare physicalPartitions: 2 once merged',
      // "Merge partitions in Azure Cosmos DB": once merge is on, merging or not, only these clients' requests are allowed;
      // older SDKs, any Python SDK, the Go SDK and connectors without merge support are blocked.
      'which once the feature is on, merging or not, accepts requests only from the .NET SDK 3.27.0, Java SDK 4.42.0, JavaScript SDK 4.3 or Spark connector 4.18.0 and later and blocks every other client (an older one of those SDKs, any Python or Go SDK, Azure Data Factory, Azure Search, the Azure Functions extension 3.x and earlier)',
    ])
      expect(fix).toContain(words);
    // The merge comes before the move and the raise, which add a container or RU/s.
    expect(fix.indexOf('merge its physical partitions')).toBeLessThan(fix.indexOf('raise the container'));
    expect(hotKeyExceedsPartition.sources.find((s) => s.url === 'https://learn.microsoft.com/en-us/azure/cosmos-db/merge')?.title).toContain(
      'any Python or Go SDK is blocked',
    );
  });

  it('is offered for an autoscale maximum, merged to one partition per 10,000 RU/s', () => {
    const finding = sg003(lint(lowered({ throughput: { autoscaleMax: 12_000 } })));
    expect(finding?.data).toMatchObject({ mergeFrom: 10, mergedPartitions: 2, mergedEach: 6_000 });
  });

  it('is not offered on serverless: Azure does not merge serverless accounts', () => {
    const finding = sg003(lint(lowered({ throughput: 'serverless', workload: { peakReadUnits: 2_000, peakWriteUnits: 2_000, hotKeyShare: 0.3 } })));
    expect(finding).toBeDefined();
    expect(finding?.fix).not.toMatch(/merge/);
    expect(finding?.data).not.toHaveProperty('mergedPartitions');
  });

  it('is not offered on a shared database, whose merged count depends on every container it holds', () => {
    const finding = sg003(lint(lowered({ throughput: { sharedDatabase: 12_000 } })));
    expect(finding).toBeDefined();
    expect(finding?.fix).not.toMatch(/merge/);
  });

  it('is not offered where the container needs its partitions (480 GB: one per 50 GB)', () => {
    const finding = sg003(lint(lowered({ storage: { totalGb: 480 } })));
    expect(finding).toBeDefined();
    expect(finding?.fix).not.toMatch(/merge/);
  });

  it('is not offered where the storage is not declared (the partitions it needs are unknown)', () => {
    const finding = sg003(lint(lowered({ storage: undefined })));
    expect(finding).toBeDefined();
    expect(finding?.fix).not.toMatch(/merge/);
  });

  // Peak 9,000: 30% = 2,700 RU/s beside 6,300 ÷ 2 = 3,150 on the merged partitions: 5,850 against 4,800 usable.
  it('is not offered where the merged share would still be short', () => {
    const finding = sg003(lint(lowered({ workload: { peakReadUnits: 4_000, peakWriteUnits: 5_000, hotKeyShare: 0.3 } })));
    expect(finding).toBeDefined();
    expect(finding?.fix).not.toMatch(/merge/);
  });
});
