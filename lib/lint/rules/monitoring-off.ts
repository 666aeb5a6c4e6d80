import { profileOf } from '../../engines';
import { defineRule, type RuleHit } from '../rule';
import { SOURCES } from '../sources';

type Id =
  | 'contributorInsights'
  | 'contributorInsightsWithIndexes'
  | 'contributorInsightsOnIndexes'
  | 'diagnosticLogs'
  | 'externalContributorInsights'
  | 'externalDiagnosticLogs'
  | 'fixContributorInsights'
  | 'fixDiagnosticLogs';

export const monitoringOff = defineRule({
  id: 'SG010',
  title: 'monitoring-off',
  summary: 'Per-key monitoring (Contributor Insights, partition-key diagnostics) is off',
  severity: 'error',
  thresholds: [],
  fires: 'Contributor Insights (DynamoDB table or any GSI) or partition-key diagnostics (Cosmos DB) are disabled.',
  rationale: "Without per-key statistics nobody can see which key is hot: skew builds up silently for months and the first signal is customers' errors.",
  rationaleDetails: [
    'DynamoDB: Contributor Insights lists the most accessed and most throttled partition keys, and partition and sort keys, of a table or GSI (AWS: "CloudWatch Contributor Insights").',
    'Cosmos DB: the PartitionKeyStatistics and PartitionKeyRUConsumption diagnostic logs, sent to a Log Analytics workspace, show the largest and the busiest logical partitions (Azure: "Troubleshoot issues with diagnostics queries").',
  ],
  fix: "Enable them (Contributor Insights is billed per rule a month and per million events; a table or GSI uses 1 of the account's Contributor Insights rules in THROTTLED_KEYS mode, 2 with a sort key, and twice that in ACCESSED_AND_THROTTLED_KEYS mode).",
  sources: [SOURCES.dynamoContributorInsights, SOURCES.dynamoContributorInsightsModes, SOURCES.cosmosDiagnosticQueries, SOURCES.cosmosNormalizedRu],
  messages: () => ({
    contributorInsights: 'Contributor Insights is off for the table: no one can see which partition keys are hot or throttled',
    contributorInsightsWithIndexes:
      'Contributor Insights is off for the table and {{indexes|indexes}}: no one can see which partition keys are hot or throttled',
    contributorInsightsOnIndexes: 'Contributor Insights is off for {{indexes|indexes}}: no one can see which partition keys are hot or throttled',
    diagnosticLogs: 'partition-key diagnostics are off: no one can see which logical partitions are hot or growing toward 20 GB',
    externalContributorInsights: 'Contributor Insights is off for {{name|code}}: no one can see which keys are hot',
    externalDiagnosticLogs: 'partition-key diagnostics are off for {{name|code}}: no one can see which keys are hot',
    fixContributorInsights:
      // Per key space: a most-throttled rule on the partition key, one more on the full key with a sort key;
      // ACCESSED_AND_THROTTLED_KEYS adds the most-accessed pair (contributorinsights_HowItWorks, contributorinsights_tutorial).
      "enable Contributor Insights (billed per rule a month and per million events; a table or GSI uses 1 of the account's Contributor Insights rules in THROTTLED_KEYS mode, 2 with a sort key, and twice that in ACCESSED_AND_THROTTLED_KEYS mode)",
    fixDiagnosticLogs:
      'enable partition-key diagnostics (PartitionKeyStatistics and PartitionKeyRUConsumption to a Log Analytics workspace, resource-specific tables)',
  }),
  check(_design, analysis) {
    // GSIs inherit the table's switch: report each switch once, naming every key space it turns off.
    const off = analysis.keySpaces.filter((space) => !space.keyMonitoring);
    return [...new Set(off.map((space) => space.keyMonitoringPath))].map((path): RuleHit<Id> => {
      const edits = [{ op: 'set' as const, path, value: true }];
      if (analysis.profile.keyMonitoring === 'diagnostic-logs') return { path, messageId: 'diagnosticLogs', fixId: 'fixDiagnosticLogs', data: {}, edits };
      const spaces = off.filter((space) => space.keyMonitoringPath === path);
      const table = spaces.some((space) => space.index === undefined);
      const indexes = spaces.flatMap((space) => (space.index === undefined ? [] : [space.index]));
      return {
        path,
        index: spaces.length === 1 ? spaces[0].index : undefined,
        messageId: indexes.length === 0 ? 'contributorInsights' : table ? 'contributorInsightsWithIndexes' : 'contributorInsightsOnIndexes',
        fixId: 'fixContributorInsights',
        data: indexes.length === 0 ? {} : { indexes },
        edits,
      };
    });
  },
  checkExternal(resource) {
    if (resource.keyMonitoring !== false) return [];
    const insights = profileOf(resource.engine).keyMonitoring === 'contributor-insights';
    // The declaration describes a resource made elsewhere: the fix is there, not in this file.
    return [
      {
        path: resource.keyMonitoringPath,
        messageId: insights ? 'externalContributorInsights' : 'externalDiagnosticLogs',
        fixId: insights ? 'fixContributorInsights' : 'fixDiagnosticLogs',
        data: { name: resource.name },
      },
    ];
  },
});
