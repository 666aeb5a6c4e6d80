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
          messageId: 'contributorInsights',
          path: 'monitoring.contributorInsights',
          data: { spaces: 'the table and index `byCustomer`' },
          edits: [{ op: 'set', path: 'monitoring.contributorInsights', value: true }],
        },
      ],
    },
    {
      name: 'Contributor Insights off for one GSI',
      design: table({ globalSecondaryIndexes: [gsi('byCustomer', false), gsi('byShop')] }),
      findings: [{ messageId: 'contributorInsights', path: 'globalSecondaryIndexes[0].contributorInsights', index: 'byCustomer' }],
    },
    {
      name: 'partition-key diagnostics off',
      design: container({ monitoring: { partitionKeyDiagnostics: false } }),
      findings: [{ messageId: 'diagnosticLogs', path: 'monitoring.partitionKeyDiagnostics', edits: true }],
    },
    {
      name: 'an external table without Contributor Insights: no edit, the fix is on the resource',
      design: { external: [{ engine: 'dynamodb', name: 'legacy-jobs', partitionKeys: [{ attribute: 'jobId' }], keyMonitoring: false }] },
      findings: [{ messageId: 'external', path: 'external[0].keyMonitoring', edits: false, data: { what: 'Contributor Insights is' } }],
    },
  ],
});
