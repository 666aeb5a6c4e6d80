import type { ContainerJoinDesign, CosmosContainerDesign } from '../../../lib';
import { container, findingsOf, table } from '../../fixtures';

const RULE = 'SG013';

/** A container inside a design file (engine implied by `containers`). */
function member(name: string, path: string, joins?: ContainerJoinDesign[]): CosmosContainerDesign {
  return { ...container({ name, partitionKey: { paths: [{ path, cardinality: 'unique' }] }, ...(joins ? { joins } : {}) }), engine: undefined };
}

describe('SG013 mismatched-join-keys', () => {
  describe('fires', () => {
    it('on a container joined with one in the same file partitioned differently', () => {
      const [finding, ...rest] = findingsOf(RULE, {
        containers: [member('orders', '/orderId', [{ container: 'customers' }]), member('customers', '/customerId')],
      });
      expect(rest).toHaveLength(0);
      expect(finding).toMatchObject({ severity: 'warning', engine: 'cosmosdb', resource: 'orders', path: 'containers[0].joins[0]', acknowledged: false });
      expect(finding.message).toBe('this container is joined with `customers`, but is partitioned by `/orderId` and `customers` by `/customerId`: each joined lookup fans out over every partition');
      expect(finding.fix).toBe('partition both by the same key (e.g. `/orderId`), or maintain a materialized view of `customers` keyed by `/orderId` via the change feed');
    });

    it('on each side when both declare the join', () => {
      const findings = findingsOf(RULE, {
        containers: [member('orders', '/orderId', [{ container: 'customers' }]), member('customers', '/customerId', [{ container: 'orders' }])],
      });
      expect(findings.map((f) => [f.resource, f.path])).toEqual([['orders', 'containers[0].joins[0]'], ['customers', 'containers[1].joins[0]']]);
    });

    it('on a container outside the file, from its declared partitionKeyPaths', () => {
      const [finding] = findingsOf(RULE, container({ joins: [{ container: 'legacy-events', partitionKeyPaths: ['/region'] }] }));
      expect(finding.path).toBe('joins[0]');
      expect(finding.message).toBe('this container is joined with `legacy-events`, but is partitioned by `/tenantId`, `/userId` and `legacy-events` by `/region`: each joined lookup fans out over every partition');
    });

    it('on the same paths in another order', () => {
      const [finding] = findingsOf(RULE, container({ joins: [{ container: 'sessions', partitionKeyPaths: ['/userId', '/tenantId'] }] }));
      expect(finding.path).toBe('joins[0]');
    });

    it('on keys that share a first level but differ in depth, either way round', () => {
      const deeper = findingsOf(RULE, container({ joins: [{ container: 'tenants', partitionKeyPaths: ['/tenantId'] }] }));
      expect(deeper.map((f) => f.message)).toEqual(['this container is joined with `tenants`, but is partitioned by `/tenantId`, `/userId` and `tenants` by `/tenantId`: a joined lookup can target only by the shared first level `/tenantId`, not by the full key']);
      const shallower = findingsOf(RULE, container({
        partitionKey: { paths: [{ path: '/tenantId', cardinality: 500 }] },
        joins: [{ container: 'profiles-v2', partitionKeyPaths: ['/tenantId', '/userId'] }],
      }));
      expect(shallower.map((f) => f.path)).toEqual(['joins[0]']);
    });

    it('on the mismatched join only', () => {
      const findings = findingsOf(RULE, container({
        joins: [{ container: 'devices', partitionKeyPaths: ['/tenantId', '/userId'] }, { container: 'invoices', partitionKeyPaths: ['/invoiceId'] }],
      }));
      expect(findings.map((f) => f.path)).toEqual(['joins[1]']);
      expect(findings[0].message).toContain('joined with `invoices`');
    });
  });

  describe('does not fire', () => {
    it('on containers partitioned by the same key', () => {
      expect(findingsOf(RULE, {
        containers: [member('orders', '/customerId', [{ container: 'customers' }]), member('customers', '/customerId', [{ container: 'orders' }])],
      })).toEqual([]);
    });

    it('on the same hierarchical paths written without the leading slash', () => {
      expect(findingsOf(RULE, container({ joins: [{ container: 'sessions', partitionKeyPaths: ['tenantId', 'userId'] }] }))).toEqual([]);
    });

    it('on containers with no joins, or DynamoDB tables', () => {
      expect(findingsOf(RULE, container())).toEqual([]);
      expect(findingsOf(RULE, table())).toEqual([]);
    });
  });

  describe('acknowledgements', () => {
    it('mark the finding acknowledged with its reason', () => {
      const reason = 'Customers are cached in the app; the join is rare.';
      const findings = findingsOf(RULE, {
        containers: [{ ...member('orders', '/orderId', [{ container: 'customers' }]), acknowledgements: [{ rule: RULE, reason }] }, member('customers', '/customerId')],
      });
      expect(findings).toEqual([expect.objectContaining({ resource: 'orders', acknowledged: true, reason })]);
    });
  });
});
