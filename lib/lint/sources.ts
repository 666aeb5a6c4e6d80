/** Public vendor documentation the rules cite (checked against the pages' text; see each rule's `sources`). */
import type { RuleSource } from './rule';

const AWS = 'https://docs.aws.amazon.com/amazondynamodb/latest/developerguide';
const CFN = 'https://docs.aws.amazon.com/AWSCloudFormation/latest/UserGuide';
const AZURE = 'https://learn.microsoft.com/en-us/azure/cosmos-db';

export const SOURCES = {
  dynamoPartitions: { title: 'DynamoDB: Partitions and data distribution', url: `${AWS}/HowItWorks.Partitions.html` },
  dynamoKeyDesign: { title: 'DynamoDB: Best practices for designing and using partition keys effectively', url: `${AWS}/bp-partition-key-design.html` },
  // "Use composite attributes" (`customerid#productid#countrycode`): the composite key that leads an index's shards (composite-key.ts).
  dynamoChoosingKey: {
    title: 'AWS Database Blog: Choosing the right DynamoDB partition key (composite attributes)',
    url: 'https://aws.amazon.com/blogs/database/choosing-the-right-dynamodb-partition-key/',
  },
  // A key whose many values are accessed uniformly spreads the requests over the partitions: that is the design, and
  // its partitions' shared load is then the table's capacity to serve, not a hot key.
  dynamoUniformLoad: { title: 'DynamoDB: Designing partition keys to distribute your workload', url: `${AWS}/bp-partition-key-uniform-load.html` },
  dynamoSharding: { title: 'DynamoDB: Using write sharding to distribute workloads evenly', url: `${AWS}/bp-partition-key-sharding.html` },
  dynamoAdaptive: { title: 'DynamoDB: Burst and adaptive capacity (split for heat)', url: `${AWS}/burst-adaptive-capacity.html` },
  // Where split for heat stops: not within an item collection with an LSI, not for an ever-increasing sort key.
  dynamoSplitForHeat: {
    title: 'AWS Database Blog: Scaling DynamoDB: how partitions, hot keys, and split for heat impact performance (Part 3)',
    url: 'https://aws.amazon.com/blogs/database/part-3-scaling-dynamodb-how-partitions-hot-keys-and-split-for-heat-impact-performance/',
  },
  dynamoKeyRangeThrottling: {
    title: 'DynamoDB: Key range throughput exceeded (hot partitions)',
    url: `${AWS}/throttling-key-range-limit-exceeded-mitigation.html`,
  },
  cfnLocalSecondaryIndex: {
    title: 'CloudFormation: AWS::DynamoDB::GlobalTable LocalSecondaryIndex ("can only be created when its parent table is created")',
    url: 'https://docs.aws.amazon.com/AWSCloudFormation/latest/TemplateReference/aws-properties-dynamodb-globaltable-localsecondaryindex.html',
  },
  dynamoLsiWrites: {
    title: 'DynamoDB: Local secondary indexes, Provisioned throughput considerations (write capacity units: charged to the table)',
    url: `${AWS}/LSI.html#LSI.ThroughputConsiderations.Writes`,
  },
  dynamoLsiLimit: { title: 'DynamoDB: Item collection size limit (local secondary indexes)', url: `${AWS}/LSI.html#LSI.ItemCollections.SizeLimit` },
  dynamoTtl: { title: 'DynamoDB: Using time to live (TTL) (expired items deleted at no write cost)', url: `${AWS}/TTL.html` },
  dynamoGsiThroughput: {
    title: 'DynamoDB: Provisioned throughput considerations for global secondary indexes',
    url: `${AWS}/GSI.html#GSI.ThroughputConsiderations`,
  },
  // Each GSI has its own partitions and their limits: its updates can concentrate on one even when the table's spread.
  dynamoGsiThrottling: {
    title: 'DynamoDB: Understanding global secondary index (GSI) write throttling and back pressure',
    url: `${AWS}/gsi-throttling.html`,
  },
  // "This same guidance is true for global secondary indexes" (a key that provides uniform workloads), and an item
  // without the index key has no entry in the index: a separate shard attribute is written on every item.
  dynamoGsiBestPractices: {
    title: 'DynamoDB: Best practices for global secondary indexes (a key that provides uniform workloads; sparse indexes)',
    url: `${AWS}/GuidelinesForGSI.html`,
  },
  dynamoGsiSharding: {
    title: 'DynamoDB: Using global secondary index write sharding for selective table queries',
    url: `${AWS}/bp-indexes-gsi-sharding.html`,
  },
  dynamoMultiAttributeKeys: { title: 'DynamoDB: Multi-attribute keys for global secondary indexes', url: `${AWS}/GSI.DesignPattern.MultiAttributeKeys.html` },
  dynamoSortKeys: {
    title: 'DynamoDB: Best practices for using sort keys to organize data (composite sort keys, begins_with)',
    url: `${AWS}/bp-sort-keys.html`,
  },
  dynamoNaming: { title: 'DynamoDB: Supported data types and naming rules', url: `${AWS}/HowItWorks.NamingRulesDataTypes.html` },
  dynamoQuotas: { title: 'DynamoDB: Service quotas (secondary indexes)', url: `${AWS}/ServiceQuotas.html#limits-secondary-indexes` },
  dynamoOnDemand: {
    title: 'DynamoDB: On-demand capacity mode (initial throughput and scaling, table-level quota)',
    url: `${AWS}/on-demand-capacity-mode.html`,
  },
  dynamoOnDemandMaximum: { title: 'DynamoDB: Maximum throughput for on-demand tables', url: `${AWS}/on-demand-capacity-mode-max-throughput.html` },
  dynamoPreWarming: {
    title: 'DynamoDB: Pre-warming a table for on-demand capacity mode (new tables sustain 4,000 writes and 12,000 reads per second)',
    url: `${AWS}/pre-warming-on-demand-capacity-mode.html`,
  },
  dynamoWarmThroughput: { title: 'DynamoDB: Understanding warm throughput', url: `${AWS}/warm-throughput.html` },
  // "As you increase the provisioned throughput beyond these values, the warm throughput will
  // automatically adjust to the new higher values": a raise of a provisioned table's capacity makes its partitions too.
  dynamoWarmThroughputScenarios: {
    title:
      'DynamoDB: Understanding warm throughput in different scenarios (each partition 1,000 write and 3,000 read units a second; a new on-demand table starts warm at 12,000 read and 4,000 write units)',
    url: `${AWS}/warm-throughput-scenarios.html`,
  },
  // "For new on-demand tables, you can immediately drive up to 4,000 write request units or 12,000 read request units,
  // or any linear combination of the two."
  dynamoOnDemandThrottling: {
    title:
      'AWS re:Post Knowledge Center: Why is my on-demand DynamoDB table being throttled? (new tables: 4,000 writes or 12,000 reads, or any linear combination)',
    url: 'https://repost.aws/knowledge-center/on-demand-table-throttling-dynamodb',
  },
  dynamoProvisioned: { title: 'DynamoDB: Provisioned capacity mode', url: `${AWS}/provisioned-capacity-mode.html` },
  dynamoAutoScaling: { title: 'DynamoDB: Managing throughput capacity automatically with auto scaling', url: `${AWS}/AutoScaling.html` },
  dynamoAutoScalingDelay: {
    title:
      'DynamoDB: Metrics and dimensions (auto scaling triggers after 2 consecutive minutes above the target utilization; requests above the previous provisioned capacity throttle while the update takes several minutes)',
    url: `${AWS}/metrics-dimensions.html`,
  },
  // The target utilization auto scaling provisions for: 20 to 90 percent, 70 when not given.
  cdkAutoscaledCapacity: {
    title: 'AWS CDK: aws_dynamodb.AutoscaledCapacityOptions (targetUtilizationPercent)',
    url: 'https://docs.aws.amazon.com/cdk/api/v2/docs/aws-cdk-lib.aws_dynamodb.AutoscaledCapacityOptions.html',
  },
  dynamoThroughputQuotas: { title: 'DynamoDB: Service quotas (throughput default quotas)', url: `${AWS}/ServiceQuotas.html#default-limits-throughput` },
  dynamoContributorInsights: { title: 'DynamoDB: CloudWatch Contributor Insights', url: `${AWS}/contributorinsights_HowItWorks.html` },
  dynamoContributorInsightsModes: {
    title: 'DynamoDB: Contributor Insights modes (throttled keys only, or accessed and throttled keys)',
    url: `${AWS}/contributorinsights_tutorial.html`,
  },
  dynamoMetrics: { title: 'DynamoDB: Metrics and dimensions', url: `${AWS}/metrics-dimensions.html` },
  dynamoRetries: { title: 'DynamoDB: Error retries and exponential backoff', url: `${AWS}/Programming.Errors.html#Programming.Errors.RetryAndBackoff` },
  dynamoTimeSeries: { title: 'DynamoDB: Best practices for handling time series data', url: `${AWS}/bp-time-series.html` },
  dynamoUpdateItem: {
    title: 'DynamoDB API Reference: UpdateItem (primary key attributes cannot be updated)',
    url: 'https://docs.aws.amazon.com/amazondynamodb/latest/APIReference/API_UpdateItem.html',
  },
  dynamoTransactions: { title: 'DynamoDB: Transactions (TransactWriteItems)', url: `${AWS}/transaction-apis.html` },
  // A condition expression is evaluated on the one item the PutItem/UpdateItem/DeleteItem names by its full primary key.
  dynamoConditionExpressions: { title: 'DynamoDB: Condition expressions', url: `${AWS}/Expressions.SpecifyingConditions.html` },
  dynamoConditionalWrites: { title: 'DynamoDB: Conditional writes', url: `${AWS}/WorkingWithItems.html#WorkingWithItems.ConditionalUpdate` },
  dynamoAtomicCounters: { title: 'DynamoDB: Atomic counters', url: `${AWS}/WorkingWithItems.html#WorkingWithItems.AtomicCounters` },
  dynamoPutItem: {
    title: 'DynamoDB API: PutItem (the primary key attributes are required)',
    url: 'https://docs.aws.amazon.com/amazondynamodb/latest/APIReference/API_PutItem.html',
  },
  dynamoSparseIndexes: { title: 'DynamoDB: Take advantage of sparse indexes', url: `${AWS}/bp-indexes-general-sparse-indexes.html` },
  // "For read-heavy or bursty workloads, DAX provides increased throughput [...] especially beneficial for applications
  // that require repeated reads for individual keys"; it serves eventually consistent reads.
  dynamoDax: { title: 'In-memory acceleration with DynamoDB Accelerator (DAX)', url: `${AWS}/DAX.html` },
  // "Database Caching": local caches, kept in the application's own memory (no network hop), each node's its own,
  // disconnected from the others', and the TTL that bounds how stale a cached value is: an in-process copy of an item
  // every request reads (a configuration or kill-switch item) is the lighter first answer beside DAX.
  awsDatabaseCaching: {
    title: 'AWS whitepaper: Database Caching Strategies Using Redis, types of database caching (local caches, TTL)',
    url: 'https://docs.aws.amazon.com/whitepapers/latest/database-caching-strategies-using-redis/types-of-database-caching.html',
  },
  // When DAX suits (read-heavy, repeated reads of the same keys) and when not (write-heavy: set a lower TTL), and the cluster it adds.
  dynamoDaxSuitability: { title: 'Evaluating the suitability of DAX for your use cases', url: `${AWS}/evaluate-dax-suitability.html` },
  // "A write-through caching service": writes go to the table first, so a cache never takes a key's write heat (SG003's
  // `hotKeyReads` waiver); a strongly consistent read is passed through to DynamoDB and its result not cached.
  dynamoDaxConsistency: { title: 'DAX and DynamoDB consistency models', url: `${AWS}/DAX.consistency.html` },
  // The item cache (GetItem, BatchGetItem) and the query cache (Query, Scan results, by their exact parameters).
  dynamoDaxConcepts: { title: 'DAX: How it works (item cache and query cache)', url: `${AWS}/DAX.concepts.html` },
  // "Configuring your DAX cluster": the item cache takes an update written through DAX, or read anew from the table; a
  // write that bypasses it is not seen until the cached item's TTL expires, and no write, through DAX or not, reaches a
  // cached Query result before its own TTL does. Both TTLs are 5 minutes by default (record-ttl-millis and
  // query-ttl-millis, 300,000 ms, "DAX: How it works").
  dynamoDaxTtl: { title: 'Configuring your DAX cluster (item cache and query cache TTL, cache invalidation)', url: `${AWS}/dax-config-considerations.html` },
  // A query reads a page at a time (Limit, LastEvaluatedKey): over N shards, each page reads every shard.
  dynamoQuery: { title: 'DynamoDB: Querying tables (a Query needs one partition key value)', url: `${AWS}/Query.html` },
  // A Query names the index it reads (IndexName): "any local secondary index or global secondary index on the table".
  dynamoQueryIndexName: {
    title: 'DynamoDB API: Query, IndexName (the index a query reads)',
    url: 'https://docs.aws.amazon.com/amazondynamodb/latest/APIReference/API_Query.html#DDB-Query-request-IndexName',
  },
  dynamoQueryPagination: { title: 'DynamoDB: Paginating table query results', url: `${AWS}/Query.Pagination.html` },
  // A Query's items' sizes are summed and rounded up to the next 4 KB, per request, at least one read unit (half for an
  // eventually consistent read): a read gathered from N shards is N requests, each charged so (gathered-reads.ts).
  dynamoReadConsumption: {
    title:
      'DynamoDB: Capacity unit consumption for read operations (a Query: its items summed, rounded up to 4 KB, per request; a read of an item that does not exist still consumes read throughput)',
    url: `${AWS}/read-write-operations.html#read-operation-consumption`,
  },
  // "Queries that do not return results consume the minimum number of read capacity units for that type of read
  // operation": each of N shards a gathered read queries is charged a unit, whether or not it holds the items.
  dynamoQueryMinimum: {
    title: 'DynamoDB API: Query (a query that returns nothing consumes the minimum read capacity)',
    url: 'https://docs.aws.amazon.com/amazondynamodb/latest/APIReference/API_Query.html',
  },
  // "Both tables and LSIs provide two read consistency options [...]. All reads from GSIs and streams are eventually
  // consistent": a Query of a GSI is charged the eventually consistent floor, half a read unit (uncounted-fan-out.ts).
  dynamoReadConsistency: {
    title: 'DynamoDB: Read consistency (all reads from global secondary indexes are eventually consistent)',
    url: `${AWS}/HowItWorks.ReadConsistency.html`,
  },
  // Where a key value lands (neighbourLoad): "Azure Cosmos DB uses hash-based partitioning to spread logical partitions
  // across physical partitions. Azure Cosmos DB hashes the partition key value of an item. [...] Then, Azure Cosmos DB
  // allocates the key space of partition key hashes evenly across the physical partitions." ("Managing logical
  // partitions"); "one or more logical partitions are mapped to a single physical partition" and "Throughput provisioned
  // for a container is divided evenly among physical partitions" ("Physical partitions").
  // Also: a partition key's value cannot be updated ("Be a property that has a value, which doesn't change"), and a
  // cross-partition query costs 2-3 RU more for every physical partition ("Types of partition keys").
  cosmosPartitioning: { title: 'Azure Cosmos DB: Partitioning and horizontal scaling', url: `${AZURE}/partitioning` },
  // "Physical partitions can only contain up to 10,000 RU/s"; a target set above it splits the partition. Shared
  // databases redistribute with Update-AzCosmosDBSqlDatabasePerPartitionThroughput; "After throughput has been
  // redistributed, offers can only be changed with the same redistribute command" until reset to an even distribution.
  cosmosRedistributeThroughput: {
    title: 'Azure Cosmos DB: Redistribute throughput across partitions',
    url: `${AZURE}/distribute-throughput-across-partitions`,
  },
  // "It is supported for shared throughput databases and containers/collections with dedicated throughput (either
  // manual or autoscale). The feature doesn't apply to serverless accounts." (The 2022 preview's FAQ said shared
  // throughput databases were not supported; the current one says they are.)
  // Preview. "If a container's throughput has been scaled up and needs to be scaled back down, merge can help resolve
  // throughput fragmentation issues"; the count "based on the RU/s set at the time the merge was triggered"; not for
  // serverless accounts; shared throughput databases by `az cosmosdb sql database merge` (the 2023 page: not supported).
  cosmosPartitionMerge: {
    title:
      'Azure Cosmos DB: Merge partitions in Azure Cosmos DB (preview; once enabled, requests only from the .NET ≥ 3.27.0, Java ≥ 4.42.0 or JavaScript ≥ 4.3 SDK or the Spark connector ≥ 4.18.0: any Python or Go SDK is blocked)',
    url: `${AZURE}/merge`,
  },
  cosmosRedistributeThroughputFaq: {
    title: 'Azure Cosmos DB: Frequently asked questions on distributing throughput across partitions',
    url: `${AZURE}/nosql/distribute-throughput-across-partitions-faq`,
  },
  // A scale-up past P × 10,000 RU/s "splits existing partitions until the new number of partitions = ROUNDUP(requested
  // RU/s / 10,000 RU/s)", each parent into two children, "typically 4-6 hours"; raising 2 partitions to 30,000 RU/s leaves
  // "One partition that contains 50% of the data (this partition wasn't split)", every partition with the same RU/s; even
  // needs 10,000 × P × 2^k, then lower ("How to ensure even data distribution during asynchronous scaling"): largestShareSlices.
  // "Instant scale-down: For scale-down operation, Azure Cosmos DB doesn't need to split or add new partitions [...] The
  // key outcome of this operation is that RUs per physical partition are lowered": a raise's settle step (settleAt).
  cosmosScalingThroughput: {
    title: 'Azure Cosmos DB: Best practices for scaling provisioned throughput (RU/s)',
    url: `${AZURE}/scaling-provisioned-throughput-best-practices`,
  },
  // "Create the target Azure Cosmos DB container by using the settings that you want to use (partition key, throughput
  // granularity, request units [...])"; offline, "stop performing any operations on the source container" first;
  // online, "All write operations to the source container will be charged double RUs"; the copy's pace is set by the
  // source's and the target's throughput. SG017's alternative to an uneven split in place: a new container, evenly split.
  cosmosContainerCopy: { title: 'Azure Cosmos DB: Copy jobs (container copy)', url: `${AZURE}/container-copy` },
  // "If your resource had no requests during the hour or didn't scale beyond 0.1 × Tmax, you're billed for the minimum
  // of 0.1 × Tmax": a raised autoscale maximum raises what every hour costs at least (COSMOS_LIMITS.autoscaleBilledFloorShare).
  cosmosAutoscaleFaq: { title: 'Azure Cosmos DB: Frequently asked questions about autoscale provisioned throughput', url: `${AZURE}/autoscale-faq` },
  cosmosProvisionedThroughput: { title: 'Azure Cosmos DB: Introduction to provisioned throughput', url: `${AZURE}/set-throughput` },
  // "Autoscale provisioned throughput in Azure Cosmos DB allows you to scale the throughput (RU/s) of your database or
  // container automatically and instantly", between 10% of the maximum and the maximum, billed each hour for the highest
  // it scaled to: a raised maximum raises every hour's bill (so a raise leads a new key only within 25%).
  cosmosAutoscale: {
    title: 'Azure Cosmos DB: Create containers and databases with autoscale throughput',
    url: `${AZURE}/provision-throughput-autopilot`,
  },
  // "Because containers in the same database share partitions, scaling database throughput [...] may trigger
  // repartitioning of smaller, co-located containers": a shared database's partitions carry all its containers' keys.
  cosmosDatabaseThroughput: {
    title: 'Azure Cosmos DB: Provision standard (manual) throughput on a database',
    url: `${AZURE}/how-to-provision-database-throughput`,
  },
  cosmosServerlessPerformance: { title: 'Azure Cosmos DB: Serverless account performance', url: `${AZURE}/serverless-performance` },
  // Two texts are served (COSMOS_LIMITS.serverlessContainerRequestUnits): the table's (5,000 RU/s per container up to
  // five partitions, then +1,000 per partition) is the lower, and the one a design is judged against.
  cosmosServerlessTable: {
    title: 'Azure Cosmos DB: Serverless account performance (the table: 5,000 RU/s per container up to 5 partitions, +1,000 per partition beyond)',
    url: `${AZURE}/serverless-1tb`,
  },
  // "Changing from serverless to provisioned capacity mode converts all containers within the account to manual
  // provisioned throughput containers in-place" (the RU/s it sets differ between the texts served: max(5000, partitions ×
  // 1000) or partitions × 5000, so the fix names none); "Changing capacity mode from serverless to provisioned throughput is an irreversible operation". Capacity mode is
  // the account's: one container cannot leave serverless alone.
  cosmosChangeCapacityMode: {
    title: 'Azure Cosmos DB: Change from serverless to provisioned capacity mode (the whole account, irreversible)',
    url: `${AZURE}/nosql/how-to-change-capacity-mode`,
  },
  // "If you use synthetic keys today or if you have scenarios in which partition keys can exceed 20 GB of data,
  // subpartitioning can help. [...] logical partition key prefixes can exceed 20 GB and 10,000 request units per second
  // (RU/s). Queries by prefix are efficiently routed to the subset of partitions that hold the data." advice.ts leads a
  // flat key's fix with the hierarchical key (levelFirst), random shards the alternative.
  // A first-level value is placed as a flat key's value is: "hierarchical partitions optimize for all documents with the
  // same first-level key to be collocated on the same physical partition", so with "only five unique tenants" each
  // tenant's operations are "scoped to just one physical partition" until that partition reaches 50 GB and splits; write-heavy
  // workloads want "more unique values than the number of your physical partitions" ("Choose your hierarchical
  // partition keys").
  cosmosHierarchical: { title: 'Azure Cosmos DB: Hierarchical partition keys', url: `${AZURE}/hierarchical-partition-keys` },
  // "if data for a particular partition key prefix - for example, TenantId - are in multiple physical partitions,
  // subpartitioning means that the total RU/s achievable for a single TenantId can exceed 10,000 RU/s"; for a hierarchy
  // whose levels lack cardinality, "we always recommend recreating your hierarchical partition key", raising the RU/s
  // (so partitions split) being the workaround "if this step isn't possible". SG003 leads with the key before a raise
  // that costs more than a change of key (prefixKeyIsTheProblem).
  cosmosHierarchicalFaq: {
    title:
      'Azure Cosmos DB: Frequently asked questions on hierarchical partition keys (a prefix past 10,000 RU/s only across partitions; recreate a low-cardinality key)',
    url: `${AZURE}/hierarchical-partition-keys-faq`,
  },
  // Its recommended key for 50,000 sensors is /deviceId → /timestamp; a day key (2024-12-18) "still funnel[s] into a
  // single logical partition" and hits the 20 GB limit.
  cosmosIotPartitioning: {
    title: 'Azure Cosmos DB: Choose a partition key for IoT workloads (hierarchical /deviceId → time, not a day key)',
    url: `${AZURE}/nosql/design-partitioning-iot`,
  },
  cosmosPartitionKeyDefinition: {
    title: 'Azure Cosmos DB JavaScript SDK: PartitionKeyDefinition (paths: no wildcard or trailing slash)',
    url: 'https://learn.microsoft.com/javascript/api/@azure/cosmos/partitionkeydefinition',
  },
  // ARM's kind, absent, is Hash (azure-native's ContainerPartitionKeyArgs sends `kind ?? "Hash"`), and only MultiHash
  // takes several paths ("For MultiHash, multiple partition keys (upto three maximum) are supported"): an external
  // container without a kind is read as Hash.
  cosmosContainerPartitionKey: {
    title: 'Azure Resource Manager (Cosmos DB): ContainerPartitionKey (kind: Hash; MultiHash for up to three paths)',
    url: 'https://learn.microsoft.com/javascript/api/@azure/arm-cosmosdb/containerpartitionkey',
  },
  // Containers of version 1 hash "the first 101 bytes of the partition key" (100 in earlier revisions and in the .NET SDK's
  // PartitionKeyDefinitionVersion): keys sharing them "are considered as the same logical partition", so the partition's
  // size quota and unique indexes apply across them; version 2 "can generate a unique hash from large partition keys up to
  // 2 KB", and "it is always recommended" unless an old SDK needs version 1. A Resource Manager template gets it "by using
  // the "version":2 property within the partitionKey object": ARM's default is version 1 (SG005 on a container resource).
  cosmosLargePartitionKey: { title: 'Azure Cosmos DB: Create containers with large partition key (version 2)', url: `${AZURE}/large-partition-keys` },
  // "Use a partition key with pre-calculated suffixes": a suffix computed from an item's own property, appended to a hot
  // value, spreads "the writes [...] evenly [...] across the partition key values, and across the partitions", and
  // "avoid[s] creating a single hot partition key": SG003's bucketed first level, and SG014's reason to leave one that fits.
  cosmosSynthetic: { title: 'Azure Cosmos DB: Create a synthetic partition key', url: `${AZURE}/synthetic-partition-keys` },
  // "Maximum RUs per container (dedicated throughput provisioned mode): 1,000,000", the same per database (shared
  // throughput), raised "by filing an Azure support ticket": the quota SG017 and a fan-out fix (SG003, SG009) weigh a
  // raise against (the Cosmos DB profile's throughputQuotaPassed), as DynamoDB's are weighed in throughput-quota.ts.
  cosmosLimits: { title: 'Azure Cosmos DB: Service quotas', url: `${AZURE}/concepts-limits` },
  // "You're billed hourly for the maximum provisioned throughput for a given hour", "even if you don't run any
  // workloads": a raise of RU/s is paid every hour it stands, which is why a fix puts a key change before it (advice.ts).
  cosmosPricing: { title: 'Azure Cosmos DB: Pricing model (provisioned throughput billed hourly)', url: `${AZURE}/how-pricing-works` },
  // "Changing the partition key entails creating a new destination container", then copying the data into it: a key
  // change is a one-off migration, never an edit --fix can write.
  cosmosTtl: { title: 'Azure Cosmos DB: Time to live (TTL) (expired items deleted automatically)', url: `${AZURE}/nosql/time-to-live` },
  cosmosChangePartitionKey: { title: 'Azure Cosmos DB: Change partition key (a new container, data copied)', url: `${AZURE}/nosql/change-partition-key` },
  cosmosNormalizedRu: { title: 'Azure Cosmos DB: Normalized RU/s consumption', url: `${AZURE}/monitor-normalized-request-units` },
  cosmosDiagnosticQueries: { title: 'Azure Cosmos DB: Troubleshoot issues with diagnostics queries', url: `${AZURE}/nosql/diagnostic-queries` },
  // A read-through, write-through cache: "Point reads and queries that hit the integrated cache have an RU charge of 0",
  // writes are charged at the partition (SG003's `hotKeyReads` waiver); an item cache for point reads, a
  // query cache for queries; "each dedicated gateway node has a separate integrated cache from the others".
  cosmosIntegratedCache: { title: 'Azure Cosmos DB integrated cache', url: `${AZURE}/integrated-cache` },
  // Billed hourly; a request uses it (and its cache) only in gateway mode on the dedicated gateway endpoint, with session
  // or eventual consistency ("Configure the integrated cache").
  cosmosDedicatedGateway: { title: 'Azure Cosmos DB dedicated gateway', url: `${AZURE}/dedicated-gateway` },
  cosmosCrossPartition: {
    title: 'Azure Cosmos DB: Query a container (avoiding cross-partition queries)',
    url: `${AZURE}/nosql/how-to-query-container#avoiding-cross-partition-queries`,
  },
  // A query is charged for the items it loads and its index lookups; a point read of 1 KB is 1 RU.
  cosmosRequestCost: { title: 'Azure Cosmos DB: Optimize request cost (point reads and queries)', url: `${AZURE}/optimize-cost-reads-writes` },
  // A conditional write checks one item's _etag (If-Match): each replicated copy is an item with its own (invariants.ts).
  cosmosOptimisticConcurrency: {
    title: 'Azure Cosmos DB: Optimistic concurrency control (ETag, If-Match on one item)',
    url: `${AZURE}/nosql/database-transactions-optimistic-concurrency`,
  },
  cosmosTransactionalBatch: { title: 'Azure Cosmos DB: Transactional batch operations (one logical partition)', url: `${AZURE}/nosql/transactional-batch` },
  cosmosStoredProcedures: {
    title: 'Azure Cosmos DB: Stored procedures, triggers and UDFs (transactions scoped to one logical partition)',
    url: `${AZURE}/nosql/stored-procedures-triggers-udfs`,
  },
  cosmosChangeFeedPatterns: { title: 'Azure Cosmos DB: Change feed design patterns', url: `${AZURE}/nosql/change-feed-design-patterns` },
  cosmosJoins: { title: 'Azure Cosmos DB: Self-joins (no joins across items or containers)', url: `${AZURE}/nosql/query/join` },
  // A GSI's key is set when the index is created: a re-keyed index is a new one (index-replacement.ts).
  cfnGsiKeySchema: {
    title: 'CloudFormation: AWS::DynamoDB::Table GlobalSecondaryIndex (KeySchema, IndexName: "Updates are not supported")',
    url: `${CFN}/aws-properties-dynamodb-gsi.html`,
  },
  cfnGlobalTableGsiKeySchema: {
    title: 'CloudFormation: AWS::DynamoDB::GlobalTable GlobalSecondaryIndex (KeySchema, IndexName: "Updates are not supported")',
    url: `${CFN}/aws-properties-dynamodb-globaltable-globalsecondaryindex.html`,
  },
  dynamoUpdateTable: {
    title: 'DynamoDB API: UpdateTable (GlobalSecondaryIndexUpdates: create or delete one global secondary index per call)',
    url: 'https://docs.aws.amazon.com/amazondynamodb/latest/APIReference/API_UpdateTable.html',
  },
  // A GSI's projection is given when it is created; an update of an existing one carries new throughput only (projection-first.ts).
  dynamoGsiUpdate: {
    title: 'DynamoDB API: GlobalSecondaryIndexUpdate (Create takes the Projection; Update, new provisioned throughput only)',
    url: 'https://docs.aws.amazon.com/amazondynamodb/latest/APIReference/API_GlobalSecondaryIndexUpdate.html',
  },
  // A rename is a delete and an add: one update may do one of them (index-replacement.ts, fix-consequences.ts).
  cfnTableGsiUpdates: {
    title:
      'CloudFormation: AWS::DynamoDB::Table GlobalSecondaryIndexes ("You can delete or add one global secondary index without interruption. If you do both in the same update ... the update fails")',
    url: `${CFN}/aws-resource-dynamodb-table.html#cfn-dynamodb-table-globalsecondaryindexes`,
  },
  cfnDynamoDbTable: {
    title: 'CloudFormation: AWS::DynamoDB::Table (KeySchema, GlobalSecondaryIndexes, ContributorInsightsSpecification)',
    url: `${CFN}/aws-resource-dynamodb-table.html`,
  },
  cfnDynamoDbGlobalTable: {
    title: 'CloudFormation: AWS::DynamoDB::GlobalTable (Replicas, ReplicaSpecification ContributorInsightsSpecification)',
    url: `${CFN}/aws-resource-dynamodb-globaltable.html`,
  },
} as const satisfies Record<string, RuleSource>;
