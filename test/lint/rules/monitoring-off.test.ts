import type { DynamoDbTableDesign, ExternalResourceDesign, GlobalSecondaryIndexDesign } from '../../../lib';
import { container, findingsOf, table } from '../../fixtures';

const RULE = 'SG010';

function gsi(indexName: string, attribute: string, contributorInsights?: boolean): GlobalSecondaryIndexDesign {
  return {
    indexName,
    partitionKey: { name: attribute, type: 'S', cardinality: 'unique' },
    ...(contributorInsights !== undefined ? { contributorInsights } : {}),
  };
}

function withIndexes(tableInsights: boolean | undefined, customer?: boolean, product?: boolean, overrides: Partial<DynamoDbTableDesign> = {}): DynamoDbTableDesign {
  return table({
    ...(tableInsights !== undefined ? { monitoring: { contributorInsights: tableInsights } } : {}),
    globalSecondaryIndexes: [gsi('byCustomer', 'customerId', customer), gsi('byProduct', 'productId', product)],
    ...overrides,
  });
}

function external(resource: Partial<ExternalResourceDesign>) {
  return { external: [{ engine: 'dynamodb' as const, name: 'legacy-orders', partitionKeys: [{ attribute: 'orderId' }], ...resource }] };
}

describe('SG010 monitoring-off', () => {
  describe('fires', () => {
    it('once for a table with Contributor Insights off', () => {
      const [finding, ...rest] = findingsOf(RULE, table({ monitoring: { contributorInsights: false } }));
      expect(rest).toHaveLength(0);
      expect(finding).toMatchObject({ severity: 'error', path: 'monitoring.contributorInsights', acknowledged: false });
      expect(finding.index).toBeUndefined();
      expect(finding.message).toBe('Contributor Insights is off for the table: no one can see which partition keys are hot or throttled');
      expect(finding.fix).toContain('enable Contributor Insights (≈ $0.02 per million events');
    });

    it('once for the table switch, naming every GSI that inherits it', () => {
      const findings = findingsOf(RULE, withIndexes(false));
      expect(findings).toHaveLength(1);
      expect(findings[0].path).toBe('monitoring.contributorInsights');
      expect(findings[0].index).toBeUndefined();
      expect(findings[0].message).toBe('Contributor Insights is off for the table, index `byCustomer`, index `byProduct`: no one can see which partition keys are hot or throttled');
    });

    it('for the table switch without a GSI that overrides it back on', () => {
      const findings = findingsOf(RULE, withIndexes(false, true));
      expect(findings.map((f) => f.message)).toEqual(['Contributor Insights is off for the table, index `byProduct`: no one can see which partition keys are hot or throttled']);
    });

    it('for the table alone when every GSI turns Contributor Insights back on', () => {
      const findings = findingsOf(RULE, withIndexes(false, true, true));
      expect(findings.map((f) => f.message)).toEqual(['Contributor Insights is off for the table: no one can see which partition keys are hot or throttled']);
    });

    it('at a GSI\'s own switch when it turns Contributor Insights off, with its index', () => {
      const [finding, ...rest] = findingsOf(RULE, withIndexes(undefined, undefined, false));
      expect(rest).toHaveLength(0);
      expect(finding).toMatchObject({ path: 'globalSecondaryIndexes[1].contributorInsights', index: 'byProduct' });
      expect(finding.message).toBe('Contributor Insights is off for index `byProduct`: no one can see which partition keys are hot or throttled');
    });

    it('once per switch when the table and a GSI are both off', () => {
      const findings = findingsOf(RULE, withIndexes(false, undefined, false));
      expect(findings.map((f) => [f.path, f.index])).toEqual([
        ['globalSecondaryIndexes[1].contributorInsights', 'byProduct'],
        ['monitoring.contributorInsights', undefined],
      ]);
      expect(findings[1].message).toContain('off for the table, index `byCustomer`:');
    });

    it('for a Cosmos DB container with partition-key diagnostics off', () => {
      const [finding, ...rest] = findingsOf(RULE, container({ monitoring: { partitionKeyDiagnostics: false } }));
      expect(rest).toHaveLength(0);
      expect(finding).toMatchObject({
        severity: 'error', path: 'monitoring.partitionKeyDiagnostics',
        message: 'partition-key diagnostics are off: no one can see which logical partitions are hot or growing toward 20 GB',
      });
      expect(finding.fix).toContain('PartitionKeyStatistics and PartitionKeyRUConsumption');
    });

    it('for an external DynamoDB table known to have Contributor Insights off', () => {
      const [finding] = findingsOf(RULE, external({ keyMonitoring: false }));
      expect(finding).toMatchObject({
        severity: 'error', resource: 'legacy-orders', path: 'external[0].keyMonitoring',
        message: 'Contributor Insights is off for `legacy-orders`: no one can see which keys are hot',
      });
      expect(finding.fix).toContain('$0.02 per million events');
    });

    it('for an external Cosmos DB container known to have diagnostics off', () => {
      const [finding] = findingsOf(RULE, external({ engine: 'cosmosdb', name: 'legacy-events', partitionKeys: [{ attribute: '/eventId' }], keyMonitoring: false }));
      expect(finding).toMatchObject({ path: 'external[0].keyMonitoring', message: 'partition-key diagnostics is off for `legacy-events`: no one can see which keys are hot' });
      expect(finding.fix).toContain('PartitionKeyRUConsumption');
    });

    it('in a design file, at the table\'s location', () => {
      const findings = findingsOf(RULE, { tables: [table(), table({ name: 'carts', monitoring: { contributorInsights: false } })] });
      expect(findings.map((f) => [f.resource, f.path])).toEqual([['carts', 'tables[1].monitoring.contributorInsights']]);
    });
  });

  describe('does not fire', () => {
    it('with monitoring on by default, for tables, GSIs and containers', () => {
      expect(findingsOf(RULE, withIndexes(undefined))).toEqual([]);
      expect(findingsOf(RULE, container())).toEqual([]);
    });

    it('for external resources whose monitoring is on or unknown', () => {
      expect(findingsOf(RULE, external({ keyMonitoring: true }))).toEqual([]);
      expect(findingsOf(RULE, external({}))).toEqual([]);
    });
  });

  describe('acknowledgements', () => {
    it('mark the finding acknowledged with its reason', () => {
      const reason = 'Insights run in the shared account, not per stack.';
      const findings = findingsOf(RULE, table({ monitoring: { contributorInsights: false }, acknowledgements: [{ rule: RULE, reason }] }));
      expect(findings).toEqual([expect.objectContaining({ acknowledged: true, reason })]);
    });

    it('scoped to an index waive that index\'s switch only, not the table\'s', () => {
      const findings = findingsOf(RULE, withIndexes(false, undefined, false, {
        acknowledgements: [{ rule: RULE, reason: 'The product index is rebuilt nightly.', index: 'byProduct' }],
      }));
      expect(findings.map((f) => [f.path, f.acknowledged])).toEqual([
        ['globalSecondaryIndexes[1].contributorInsights', true],
        ['monitoring.contributorInsights', false],
      ]);
    });

    it('on an external resource', () => {
      const reason = 'Owned by the billing team; tracked in their runbook.';
      const findings = findingsOf(RULE, external({ keyMonitoring: false, acknowledgements: [{ rule: RULE, reason }] }));
      expect(findings).toEqual([expect.objectContaining({ acknowledged: true, reason, path: 'external[0].keyMonitoring' })]);
    });
  });
});
