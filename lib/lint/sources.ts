/** Public vendor documentation the rules cite (checked against the pages' text; see each rule's `sources`). */
import type { RuleSource } from './rule';

const AWS = 'https://docs.aws.amazon.com/amazondynamodb/latest/developerguide';
const CFN = 'https://docs.aws.amazon.com/AWSCloudFormation/latest/UserGuide';
const AZURE = 'https://learn.microsoft.com/en-us/azure/cosmos-db';

export const SOURCES = {
  dynamoPartitions: { title: 'DynamoDB: Partitions and data distribution', url: `${AWS}/HowItWorks.Partitions.html` },
  dynamoKeyDesign: { title: 'DynamoDB: Best practices for designing and using partition keys effectively', url: `${AWS}/bp-partition-key-design.html` },
  dynamoSharding: { title: 'DynamoDB: Using write sharding to distribute workloads evenly', url: `${AWS}/bp-partition-key-sharding.html` },
  dynamoAdaptive: { title: 'DynamoDB: Burst and adaptive capacity (split for heat)', url: `${AWS}/burst-adaptive-capacity.html` },
  dynamoKeyRangeThrottling: {
    title: 'DynamoDB: Key range throughput exceeded (hot partitions)',
    url: `${AWS}/throttling-key-range-limit-exceeded-mitigation.html`,
  },
  dynamoLsiLimit: { title: 'DynamoDB: Item collection size limit (local secondary indexes)', url: `${AWS}/LSI.html#LSI.ItemCollections.SizeLimit` },
  dynamoGsiThroughput: {
    title: 'DynamoDB: Provisioned throughput considerations for global secondary indexes',
    url: `${AWS}/GSI.html#GSI.ThroughputConsiderations`,
  },
  dynamoMultiAttributeKeys: { title: 'DynamoDB: Multi-attribute keys for global secondary indexes', url: `${AWS}/GSI.DesignPattern.MultiAttributeKeys.html` },
  dynamoSortKeys: {
    title: 'DynamoDB: Best practices for using sort keys to organize data (composite sort keys, begins_with)',
    url: `${AWS}/bp-sort-keys.html`,
  },
  dynamoNaming: { title: 'DynamoDB: Supported data types and naming rules', url: `${AWS}/HowItWorks.NamingRulesDataTypes.html` },
  dynamoQuotas: { title: 'DynamoDB: Service quotas (secondary indexes)', url: `${AWS}/ServiceQuotas.html#limits-secondary-indexes` },
  dynamoContributorInsights: { title: 'DynamoDB: CloudWatch Contributor Insights', url: `${AWS}/contributorinsights_HowItWorks.html` },
  dynamoMetrics: { title: 'DynamoDB: Metrics and dimensions', url: `${AWS}/metrics-dimensions.html` },
  dynamoRetries: { title: 'DynamoDB: Error retries and exponential backoff', url: `${AWS}/Programming.Errors.html#Programming.Errors.RetryAndBackoff` },
  dynamoTimeSeries: { title: 'DynamoDB: Best practices for handling time series data', url: `${AWS}/bp-time-series.html` },
  dynamoDax: { title: 'DynamoDB Accelerator (DAX): use cases', url: `${AWS}/DAX.html` },
  cosmosPartitioning: { title: 'Azure Cosmos DB: Partitioning and horizontal scaling', url: `${AZURE}/partitioning` },
  cosmosHierarchical: { title: 'Azure Cosmos DB: Hierarchical partition keys', url: `${AZURE}/hierarchical-partition-keys` },
  cosmosSynthetic: { title: 'Azure Cosmos DB: Create a synthetic partition key', url: `${AZURE}/synthetic-partition-keys` },
  cosmosLimits: { title: 'Azure Cosmos DB: Service quotas', url: `${AZURE}/concepts-limits` },
  cosmosNormalizedRu: { title: 'Azure Cosmos DB: Normalized RU/s consumption', url: `${AZURE}/monitor-normalized-request-units` },
  cosmosDiagnosticQueries: { title: 'Azure Cosmos DB: Troubleshoot issues with diagnostics queries', url: `${AZURE}/nosql/diagnostic-queries` },
  cosmosIntegratedCache: { title: 'Azure Cosmos DB: Integrated cache', url: `${AZURE}/integrated-cache` },
  cosmosCrossPartition: {
    title: 'Azure Cosmos DB: Query a container (avoiding cross-partition queries)',
    url: `${AZURE}/nosql/how-to-query-container#avoiding-cross-partition-queries`,
  },
  cosmosChangeFeedPatterns: { title: 'Azure Cosmos DB: Change feed design patterns', url: `${AZURE}/nosql/change-feed-design-patterns` },
  cosmosJoins: { title: 'Azure Cosmos DB: Self-joins (no joins across items or containers)', url: `${AZURE}/nosql/query/join` },
  cfnDynamoDbTable: {
    title: 'CloudFormation: AWS::DynamoDB::Table (KeySchema, GlobalSecondaryIndexes, ContributorInsightsSpecification)',
    url: `${CFN}/aws-resource-dynamodb-table.html`,
  },
  cfnDynamoDbGlobalTable: {
    title: 'CloudFormation: AWS::DynamoDB::GlobalTable (Replicas, ReplicaSpecification ContributorInsightsSpecification)',
    url: `${CFN}/aws-resource-dynamodb-globaltable.html`,
  },
} as const satisfies Record<string, RuleSource>;
