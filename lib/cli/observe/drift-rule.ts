/**
 * SG020 observed-drift, described as the catalogue describes a rule, for `skewguard explain SG020`
 * and SARIF's `tool.driver.rules`. It is not in the core catalogue (`RULES`): the core judges a
 * design by itself (pure, no I/O), and a drift exists only against the observations `observe` reads,
 * so the rule has no `check` and `lint` never reports it. This file imports only the core's id, so
 * that the `rules` command can name SG020 without loading `observe`.
 */
import { type RuleDescription } from '../../index';
import { OBSERVED_DRIFT_RULE_ID } from '../../internal';

export const DRIFT_RULE: RuleDescription = {
  id: OBSERVED_DRIFT_RULE_ID,
  title: 'observed-drift',
  summary: 'Figures measured in production differ from the declared design',
  severity: 'error',
  engines: ['dynamodb', 'cosmosdb'],
  fires:
    '`skewguard observe` only: a figure production measured (peak reads or writes, the hottest key share, distinct keys, the largest logical partition) exceeds its declaration by more than the tolerance (default 25%), or the design linted again with the observed figures (those inside the tolerance included) reports something the declared design does not.',
  firesAlso: [
    'Small figures: a hottest key share of at most 0.01, or a logical partition under 1 GB, where no more was declared, is no drift.',
    'A figure under half its declaration: a warning; for a peak or the hottest key share only when measured over periods of 60 s or less, since an average over a longer period hides the per-second peak.',
    'A peak or share under half its declaration from a window shorter than `--min-window` (default 7 days): kept, with a note.',
    "DynamoDB key-range throttles in 5 periods in a row or more (5 minutes of 60 s periods), wherever in the window: an error naming the key behind them (the most accessed keys in those periods, when its busiest of them reached the usable 80% of the 3,000 units/s a partition serves; else the most throttled keys rule's), or saying that none explains them.",
    'A most throttled keys (PKT) report given as the most accessed keys (PKC) one, told by its Sum against the consumed units of the same minutes: read as throttled requests, never as a share.',
    "Key-range throttles logged, or a Cosmos DB container's requests answered 429 above the 5% Azure calls healthy in the minutes a partition-key range stood at its budget while the others did not (a hot range).",
    'A saturated key space, throttled at its ceiling: its consumed peaks are floors of an unknown demand and are never written. Cosmos DB: every partition-key range at 100% NormalizedRUConsumption in 5 minutes or more, unless its exported 429s stayed at 5% of the requests or under.',
    "DynamoDB saturation: events throttled at the provisioned capacity or on-demand maximum while it consumed 90% of it or more, or, on demand with no maximum, at the account's per-table quota in a period at 90% of the window's peak or more.",
    "A DynamoDB index whose own writes were throttled in the window (write throttle events in its GlobalSecondaryIndexName metrics), or whose base table's were while the index's throttle metrics were not exported (observe cannot tell whose they were): a warning. The updates refused never reached the index, so its hottest key share is a floor, never written.",
    "A DynamoDB index's write peak: a lower bound whenever its base table's writes were throttled.",
    "An index whose hottest value the lint takes to receive the table's hottest item's writes: its measured hottest key share is compared with the share the lint judges it at, its own `hotKeyShare` of the reads and that item's share of the writes, weighed RCU + 3 × WCU as Contributor Insights counts them.",
    'Stored keys that show another shard count deployed than the design declares: a warning; the figures scaled by it are judged at the deployed count and never written.',
    'A key space with no observations to check.',
  ],
  rationale:
    'Every verdict of the lint rests on declared figures, and declarations age as traffic changes: a hottest key declared at 5% that takes 31% at the weekly peak passes SG003 on paper and throttles in production; a peak declared far above what comes plans shards every read then fans out over for nothing.',
  fix: 'write the observed figures into the design (`skewguard observe --update`, or the GuardedTable props for a cdk.out) and act on what the lint then reports; see docs/observe.md for how each figure is derived and its limits.',
  sources: [
    {
      title: 'Contributor Insights for DynamoDB: how it works',
      url: 'https://docs.aws.amazon.com/amazondynamodb/latest/developerguide/contributorinsights_HowItWorks.html',
    },
    { title: 'GetInsightRuleReport', url: 'https://docs.aws.amazon.com/AmazonCloudWatch/latest/APIReference/API_GetInsightRuleReport.html' },
    { title: 'CDBPartitionKeyRUConsumption', url: 'https://learn.microsoft.com/azure/azure-monitor/reference/tables/cdbpartitionkeyruconsumption' },
    { title: 'How to monitor normalized RU/s', url: 'https://learn.microsoft.com/azure/cosmos-db/monitor-normalized-request-units' },
    { title: 'DynamoDB metrics and dimensions', url: 'https://docs.aws.amazon.com/amazondynamodb/latest/developerguide/metrics-dimensions.html' },
    { title: 'CloudWatch statistics definitions', url: 'https://docs.aws.amazon.com/AmazonCloudWatch/latest/monitoring/Statistics-definitions.html' },
    {
      title: 'Azure Cosmos DB: Diagnose and troubleshoot request rate too large (429) exceptions',
      url: 'https://learn.microsoft.com/azure/cosmos-db/nosql/troubleshoot-request-rate-too-large',
    },
    {
      title: 'DynamoDB: Provisioned throughput considerations for global secondary indexes',
      url: 'https://docs.aws.amazon.com/amazondynamodb/latest/developerguide/GSI.html#GSI.ThroughputConsiderations',
    },
    {
      title: 'DynamoDB: Understanding GSI write throttling and back pressure',
      url: 'https://docs.aws.amazon.com/amazondynamodb/latest/developerguide/gsi-throttling.html',
    },
    { title: 'DynamoDB: Troubleshooting throttling', url: 'https://docs.aws.amazon.com/amazondynamodb/latest/developerguide/TroubleshootingThrottling.html' },
    {
      title: 'DynamoDB: Account limits exceeded (the per-table quota of on-demand tables)',
      url: 'https://docs.aws.amazon.com/amazondynamodb/latest/developerguide/throttling-account-limit-exceeded-mitigation.html',
    },
    {
      title: 'DynamoDB: key range throughput exceeded',
      url: 'https://docs.aws.amazon.com/amazondynamodb/latest/developerguide/throttling-key-range-limit-exceeded-mitigation.html',
    },
    {
      title: 'DynamoDB: burst and adaptive capacity',
      url: 'https://docs.aws.amazon.com/amazondynamodb/latest/developerguide/burst-adaptive-capacity.html',
    },
    {
      title: 'DynamoDB: CloudWatch throttling metrics',
      url: 'https://docs.aws.amazon.com/amazondynamodb/latest/developerguide/TroubleshootingThrottling-cloudwatch.html',
    },
  ],
  thresholds: [],
  messages: {
    exceedsDeclared: 'declared {{field}} {{declared}}, observed {{observed}} at the {{window}} peak',
    belowDeclared: 'declared {{field}} {{declared}}, observed {{observed}} at the {{window}} peak: over-declaring leads to over-sharding',
    firesWithObserved: 'with the figures observed in the {{window}} window, {{rule}} fires',
    firesAsDeployed: 'as deployed (the shard count the telemetry shows, and the observed share), {{rule}} fires',
    moreKeysThanDeclared: 'declared cardinality {{declared}}, observed at least {{observed}} distinct keys in the {{window}} window',
    throttled:
      '{{read}} read and {{write}} write key-range throttle events in the {{window}} window; or, for a Cosmos DB container, {{throttled}} of {{requests}} requests answered 429 while not every partition-key range was at its budget',
    throttledKey:
      '{{events}} key-range throttle events in {{periods}} periods ({{first}} to {{last}}) of the {{window}} window: the key behind them, {{key}}, is over what its partition serves',
    throttledUnexplained:
      '{{events}} key-range throttle events in {{periods}} periods ({{first}} to {{last}}) of the {{window}} window, and no finding explains them',
    saturated: 'the key space is saturated and throttling at its ceiling: the consumed {{observed}} is a floor of the demand, which is unknown',
    indexShareFloor:
      "the index's own writes were throttled in the {{window}} window ({{indexWriteThrottles}} events of its GlobalSecondaryIndexName metrics), or its base table's were ({{tableWriteThrottles}}) and the index's own throttle metrics were not exported, so observe cannot tell whose they were: the updates refused never reached the index, and its observed hottest key share {{observed}} is a floor",
    incompleteObservations: 'a source is empty or partial: {{gap}}',
    shardsNotDeployed:
      'the telemetry shows {{deployed}} shards deployed; the design declares {{declared}}: judged at {{deployed}}; re-observe after the application writes {{declared}}',
    noObservations: 'nothing was measured, so the design could not be checked against production',
  },
};
