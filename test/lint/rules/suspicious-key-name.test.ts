import type { AcknowledgementDesign, Engine, ExternalKeyDesign } from '../../../lib';
import { findingsOf, table } from '../../fixtures';

const RULE = 'SG015';

/** A design file with one table or container created outside the guarded constructs. */
function external(partitionKeys: ExternalKeyDesign[], acknowledgements?: AcknowledgementDesign[], engine: Engine = 'dynamodb') {
  return { external: [{ engine, name: 'legacy-orders', partitionKeys, ...(acknowledgements ? { acknowledgements } : {}) }] };
}

describe('SG015 suspicious-key-name', () => {
  describe('fires', () => {
    it('on an external table keyed by status', () => {
      const [finding, ...rest] = findingsOf(RULE, external([{ attribute: 'status' }]));
      expect(rest).toHaveLength(0);
      expect(finding).toMatchObject({ severity: 'warning', resource: 'legacy-orders', path: 'external[0].partitionKeys[0]', acknowledged: false });
      expect(finding.index).toBeUndefined();
      expect(finding.message).toBe('partition key `status` of `legacy-orders` is named like a low-cardinality field (status, type, region…), and no design declares its cardinality or peak');
      expect(finding.fix).toBe('declare the design (GuardedTable / GuardedContainer, or a design file) so skewguard can check it, or acknowledge with a reason if the key is in fact high-cardinality');
    });

    it.each(['orderStatus', 'state', 'type', 'region', 'countryCode', 'isActive', 'hasDiscount', 'tier'])('on the low-cardinality name %s', (attribute) => {
      const [finding] = findingsOf(RULE, external([{ attribute }]));
      expect(finding.message).toContain(`partition key \`${attribute}\` of \`legacy-orders\` is named like a low-cardinality field`);
    });

    it.each(['date', 'eventDay', 'hour', 'createdAt', 'yyyyMM', 'timestamp'])('on the time-bucket name %s', (attribute) => {
      const [finding] = findingsOf(RULE, external([{ attribute }]));
      expect(finding.message).toContain(`partition key \`${attribute}\` of \`legacy-orders\` is named like a time bucket (date, hour, month…)`);
    });

    it('on an external Cosmos DB container path', () => {
      const [finding] = findingsOf(RULE, external([{ attribute: '/region' }], undefined, 'cosmosdb'));
      expect(finding).toMatchObject({ engine: 'cosmosdb', path: 'external[0].partitionKeys[0]' });
      expect(finding.message).toContain('partition key `/region`');
    });

    it('on an index key only, naming the index', () => {
      const findings = findingsOf(RULE, external([{ attribute: 'orderId' }, { attribute: 'orderStatus', index: 'byStatus' }]));
      expect(findings.map((f) => [f.path, f.index])).toEqual([['external[0].partitionKeys[1]', 'byStatus']]);
      expect(findings[0].message).toContain('partition key `orderStatus` on index `byStatus` of `legacy-orders`');
    });

    it('at the external resource\'s position in a file with designs', () => {
      const findings = findingsOf(RULE, {
        tables: [{ ...table(), engine: undefined }],
        external: [
          { engine: 'dynamodb', name: 'legacy-users', partitionKeys: [{ attribute: 'userId' }] },
          { engine: 'dynamodb', name: 'legacy-daily', partitionKeys: [{ attribute: 'day' }] },
        ],
      });
      expect(findings.map((f) => [f.resource, f.path])).toEqual([['legacy-daily', 'external[1].partitionKeys[0]']]);
    });
  });

  describe('does not fire', () => {
    it.each(['orderId', 'userId', 'candidate', 'stateless', 'updatedBy', 'typeface', 'regionalManagerId', '/tenantId'])('on the name %s', (attribute) => {
      expect(findingsOf(RULE, external([{ attribute }]))).toEqual([]);
    });

    it('on declared designs, whatever their key is named (SG001/SG002 judge those by the numbers)', () => {
      expect(findingsOf(RULE, table({ partitionKey: { name: 'status', type: 'S', cardinality: 5 } }))).toEqual([]);
      expect(findingsOf(RULE, table({ partitionKey: { name: 'region', type: 'S', cardinality: 5000 } }))).toEqual([]);
    });
  });

  describe('acknowledgements', () => {
    it('mark the finding acknowledged with its reason', () => {
      const reason = 'state holds a per-order workflow id, not a US state.';
      const findings = findingsOf(RULE, external([{ attribute: 'state' }], [{ rule: RULE, reason }]));
      expect(findings).toEqual([expect.objectContaining({ acknowledged: true, reason, path: 'external[0].partitionKeys[0]' })]);
    });

    it('scoped to an index waive that index\'s finding only', () => {
      const findings = findingsOf(RULE, external(
        [{ attribute: 'region' }, { attribute: 'orderStatus', index: 'byStatus' }],
        [{ rule: RULE, reason: 'The status index holds only the open orders.', index: 'byStatus' }],
      ));
      expect(findings.map((f) => [f.path, f.index, f.acknowledged])).toEqual([
        ['external[0].partitionKeys[0]', undefined, false],
        ['external[0].partitionKeys[1]', 'byStatus', true],
      ]);
    });
  });
});
