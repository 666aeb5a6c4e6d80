import { container } from '../../fixtures';
import { testRule } from '../../support/rule-tester';

const paths = (...names: string[]) => ({ paths: names.map((path, i) => ({ path, cardinality: i === names.length - 1 ? ('unique' as const) : 500 })) });

testRule('SG013', {
  valid: [
    { name: 'joined containers with the same key', design: container({ joins: [{ container: 'orders', partitionKeyPaths: ['/tenantId', '/userId'] }] }) },
    // The case: a targeted prefix query serves the join.
    {
      name: 'a key that is a prefix of the other',
      design: {
        containers: [
          {
            ...container({
              name: 'devices',
              partitionKey: {
                paths: [
                  { path: '/tenantId', cardinality: 500 },
                  { path: '/deviceId', cardinality: 200000 },
                ],
              },
              joins: [{ container: 'readings' }],
            }),
            engine: undefined,
          },
          {
            ...container({
              name: 'readings',
              partitionKey: {
                paths: [
                  { path: '/tenantId', cardinality: 500 },
                  { path: '/deviceId', cardinality: 200000 },
                  { path: '/yyyyMM', cardinality: 24 },
                ],
              },
            }),
            engine: undefined,
          },
        ],
      },
    },
  ],
  invalid: [
    {
      name: 'keys with nothing in common',
      design: container({ partitionKey: paths('/customerId'), joins: [{ container: 'payments', partitionKeyPaths: ['/paymentId'] }] }),
      findings: [{ messageId: 'disjoint', path: 'joins[0]', severity: 'warning', edits: false, fix: /^partition both by `\/customerId`/ }],
    },
    {
      name: 'keys sharing only the first level',
      design: container({ joins: [{ container: 'orders', partitionKeyPaths: ['/tenantId', '/orderId'] }] }),
      findings: [
        {
          messageId: 'sharedFirst',
          data: { other: 'orders', own: ['/tenantId', '/userId'], otherKey: ['/tenantId', '/orderId'], first: '/tenantId' },
          message:
            'this container is joined with `orders`, but is partitioned by `/tenantId` → `/userId` and `orders` by `/tenantId` → `/orderId`: a joined lookup can target only by the shared first level `/tenantId`, not by the full key',
        },
      ],
    },
    {
      name: 'never suggests partitioning by a key SG001 or SG002 flags',
      design: container({
        partitionKey: { paths: [{ path: '/country', cardinality: 50 }] },
        joins: [{ container: 'payments', partitionKeyPaths: ['/paymentId'] }],
      }),
      findings: [
        {
          messageId: 'disjoint',
          data: { own: ['/country'], first: '/country' },
          fix: 'partition both by a high-cardinality key both carry (not `/country`, which is low-cardinality; `/paymentId` if it is not), or maintain a materialized view of `payments` keyed like this container via the change feed',
        },
      ],
    },
  ],
});
