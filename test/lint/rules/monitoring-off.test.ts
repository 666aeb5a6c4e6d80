import { container, table } from '../../fixtures';
import { testRule } from '../../support/rule-tester';

const gsi = (indexName: string, contributorInsights?: boolean) => ({
  indexName,
  partitionKey: { name: `${indexName}Key`, type: 'S' as const, cardinality: 'unique' as const },
  contributorInsights,
});

testRule('SG010', {
  valid: [
    { name: 'monitoring on by default', design: table({ globalSecondaryIndexes: [gsi('byCustomer')] }) },
    { name: 'partition-key diagnostics on by default', design: container() },
    {
      name: 'an external resource with unknown monitoring',
      design: { external: [{ engine: 'dynamodb', name: 'legacy-jobs', partitionKeys: [{ attribute: 'jobId' }] }] },
    },
  ],
  invalid: [
    {
      name: 'Contributor Insights off for the table and the GSIs that inherit it: one finding at the switch',
      design: table({ monitoring: { contributorInsights: false }, globalSecondaryIndexes: [gsi('byCustomer')] }),
      findings: [
        {
          messageId: 'contributorInsightsWithIndexes',
          path: 'monitoring.contributorInsights',
          data: { indexes: ['byCustomer'] },
          message: 'Contributor Insights is off for the table and index `byCustomer`: no one can see which partition keys are hot or throttled',
          // Rules per key space by mode, as docs/cdk.md counts them (GuardedTable's THROTTLED_KEYS default: 2 with a sort key, not 4).
          fix: "enable Contributor Insights (billed per rule a month and per million events; a table or GSI uses 1 of the account's Contributor Insights rules in THROTTLED_KEYS mode, 2 with a sort key, and twice that in ACCESSED_AND_THROTTLED_KEYS mode)",
          edits: [{ op: 'set', path: 'monitoring.contributorInsights', value: true }],
        },
      ],
    },
    {
      name: 'Contributor Insights off for one GSI',
      design: table({ globalSecondaryIndexes: [gsi('byCustomer', false), gsi('byShop')] }),
      findings: [
        {
          messageId: 'contributorInsightsOnIndexes',
          path: 'globalSecondaryIndexes[0].contributorInsights',
          index: 'byCustomer',
          data: { indexes: ['byCustomer'] },
          message: /^Contributor Insights is off for index `byCustomer`: /,
        },
      ],
    },
    {
      name: 'Contributor Insights off for the table alone',
      design: table({ monitoring: { contributorInsights: false } }),
      findings: [
        { messageId: 'contributorInsights', path: 'monitoring.contributorInsights', data: {}, message: /^Contributor Insights is off for the table: / },
      ],
    },
    {
      name: 'partition-key diagnostics off',
      design: container({ monitoring: { partitionKeyDiagnostics: false } }),
      findings: [{ messageId: 'diagnosticLogs', path: 'monitoring.partitionKeyDiagnostics', edits: true }],
    },
    {
      name: 'an external table without Contributor Insights: no edit, the fix is on the resource',
      design: { external: [{ engine: 'dynamodb', name: 'legacy-jobs', partitionKeys: [{ attribute: 'jobId' }], keyMonitoring: false }] },
      findings: [
        {
          messageId: 'externalContributorInsights',
          path: 'external[0].keyMonitoring',
          edits: false,
          data: { name: 'legacy-jobs' },
          message: 'Contributor Insights is off for `legacy-jobs`: no one can see which keys are hot',
        },
      ],
    },
    {
      name: 'an external container without partition-key diagnostics',
      design: { external: [{ engine: 'cosmosdb', name: 'legacy-orders', partitionKeys: [{ attribute: '/tenantId' }], keyMonitoring: false }] },
      findings: [
        {
          messageId: 'externalDiagnosticLogs',
          edits: false,
          data: { name: 'legacy-orders' },
          message: /^partition-key diagnostics are off for `legacy-orders`: /,
        },
      ],
    },
  ],
});
