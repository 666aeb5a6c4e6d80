import type { CosmosContainerDesign } from '../../../lib';
import { container, fanOutOver, ledger, table } from '../../fixtures';
import { testRule } from '../../support/rule-tester';

/** A cart per user; checkout writes the cart's items and the order in one transactional batch. */
const carts = (overrides: Partial<CosmosContainerDesign> = {}) =>
  container({
    // Each cart read queries every shard of a sharded cart; an unsharded or replicated one has none to fan out over.
    name: 'carts',
    partitionKey: { paths: [{ path: '/userId', cardinality: 100000 }] },
    workload: { peakReadUnits: 2000, peakWriteUnits: 1000 },
    invariants: [{ kind: 'transactional-batch', description: 'checkout: cart items and the order, all or nothing' }],
    accessPatterns: [{ name: 'cart-of-user', keyAttributes: ['/userId'], share: 1, ...fanOutOver(overrides.sharding) }],
    ...overrides,
  });

/** A tenant container whose stored procedures each work on one order's documents (the `/orderId` they share). */
const tenantOrders = (sourceAttribute: string) =>
  container({
    name: 'orders',
    partitionKey: { paths: [{ path: '/tenantId', cardinality: 300 }] },
    workload: { peakReadUnits: 1000, peakWriteUnits: 30000, hotKeyShare: 0.5 },
    sharding: { strategy: 'calculated', shards: 2, sourceAttribute, sourceCardinality: 'unique' },
    invariants: [{ kind: 'stored-procedure', scopeAttribute: '/orderId' }],
    accessPatterns: [
      { name: 'order', keyAttributes: ['/tenantId', '/orderId'], share: 0.9 },
      { name: 'tenant-orders', keyAttributes: ['/tenantId'], share: 0.1, fanOut: true },
    ],
  });

/**
 * Seats of an event (a stranger's concert ticketing, seat28): a hold succeeds only if that seat is AVAILABLE, a
 * condition on one seat's item, found by its `seatId` (the sort key); the hottest event takes 95% of the writes.
 */
const seats = (invariant: Record<string, unknown>, sharding: Record<string, unknown>) =>
  table({
    name: 'seat-inventory',
    partitionKey: { name: 'eventId', type: 'S', cardinality: 5000 },
    sortKey: { name: 'seatId', type: 'S', cardinality: 80000 },
    workload: { peakReadUnits: 4000, peakWriteUnits: 12000, hotKeyShare: 0.95 },
    sharding: sharding as never,
    invariants: [{ kind: 'conditional-write', description: 'a seat hold succeeds only if the seat is AVAILABLE', ...invariant }],
    accessPatterns: [
      { name: 'seat-map', keyAttributes: ['eventId'], share: 0.7, ...fanOutOver(sharding as { strategy: string }) },
      { name: 'hold-seat', keyAttributes: ['eventId', 'seatId'], share: 0.3 },
    ],
  });

/**
 * An airline's bookings keyed by flight, a seat hold an ETag check on the flight's one seat-map item (an expert's trial):
 * its scopeAttribute names the partition key itself, so the scope is the whole key value. Its hottest flight takes 30%.
 */
const flights = (invariant: Record<string, unknown>) =>
  container({
    name: 'bookings',
    partitionKey: { paths: [{ path: '/flightId', cardinality: 3000, hotKeyShare: 0.3 }] },
    workload: { peakReadUnits: 24000, peakWriteUnits: 12000 },
    throughput: { autoscaleMax: 40000 },
    storage: { totalGb: 120, largestPartitionGb: 2 },
    sharding: { strategy: 'random', shards: 8 },
    invariants: [invariant as never],
    accessPatterns: [
      { name: 'seat-map', keyAttributes: ['/flightId'], share: 0.75, fanOut: true },
      { name: 'bookings-of-passenger', keyAttributes: [], share: 0.25 },
    ],
  });

testRule('SG019', {
  valid: [
    { name: 'an unsharded cart keeps its checkout batch', design: carts() },
    {
      name: 'DynamoDB TransactWriteItems spans partitions: sharding keeps it',
      design: ledger([{ kind: 'transaction' }], { sharding: { strategy: 'calculated', shards: 2, sourceAttribute: 'entryId' } }),
    },
    {
      name: 'a running balance kept per shard (sub-balances read together)',
      design: ledger([{ kind: 'running-total', splitPerShard: true }, { kind: 'transaction' }], {
        sharding: { strategy: 'calculated', shards: 2, sourceAttribute: 'entryId' },
      }),
    },
    { name: "stored procedures scoped by /orderId, shards calculated on /orderId: each call's documents share a shard", design: tenantOrders('/orderId') },
    {
      name: 'a conditional write on one seat per seatId (scopeAttribute), shards calculated on seatId: each seat stays on one shard',
      design: seats({ scopeAttribute: 'seatId' }, { strategy: 'calculated', shards: 40, sourceAttribute: 'seatId' }),
    },
  ],
  invalid: [
    {
      // Copies of a stock item stay consistent under a conditional decrement only when every write updates all of
      // them in one TransactWriteItems, which the plain replicate fix does not arrange: reported, never applied.
      name: 'DynamoDB: a read-hot stock item replicated 4 ways while a conditional write keeps stock >= 0',
      design: table({
        name: 'inventory',
        partitionKey: { name: 'sku', type: 'S', cardinality: 50000 },
        workload: { peakReadUnits: 40000, peakWriteUnits: 200, hotKeyShare: 0.2 },
        sharding: { strategy: 'replicated', shards: 4 },
        invariants: [{ kind: 'conditional-write', description: 'stock >= 0 on each decrement' }],
      }),
      findings: [{ messageId: 'breaksCopies', path: 'invariants[0]', data: { kind: 'conditional-write', declaredShards: 4 }, edits: undefined }],
    },
    {
      name: 'a cart split over 8 keys: the checkout batch cannot be atomic (the load does not need it: remove)',
      design: carts({ sharding: { strategy: 'random', shards: 8 } }),
      findings: [
        {
          messageId: 'breaksScope',
          path: 'invariants[0]',
          data: { kind: 'transactional-batch', declaredShards: 8 },
          fix: /^remove the sharding.*, and remove fanOut from `cart-of-user`/,
          // The fan-out of `cart-of-user` goes with the shards it read.
          edits: [
            { op: 'remove', path: 'sharding' },
            { op: 'remove', path: 'accessPatterns[0].fanOut' },
          ],
        },
      ],
    },
    {
      name: 'a running balance under plain sharding: per-shard sub-totals or the one-partition cap, no edits',
      design: ledger([{ kind: 'running-total' }, { kind: 'transaction' }], { sharding: { strategy: 'calculated', shards: 2, sourceAttribute: 'entryId' } }),
      findings: [
        {
          messageId: 'breaksAggregate',
          path: 'invariants[0]',
          fix: /declare splitPerShard: true; or remove the sharding[^;]*: the invariant caps the key at one partition$/,
          edits: false,
        },
      ],
    },
    {
      // Counter30: with no transaction writing an entry beside it, the balance is updated in place: entryId never varies for it.
      name: 'a running balance updated in place under calculated shards: per-shard sub-totals drawn at random, not calculated',
      design: ledger([{ kind: 'running-total' }], { sharding: { strategy: 'calculated', shards: 2, sourceAttribute: 'entryId' } }),
      findings: [
        {
          messageId: 'breaksAggregate',
          fix: /declare splitPerShard: true; or remove the sharding.*; and make the shards random, each update to a sub-total drawn at random: every write updates that one item in place, whose entryId never changes/,
          data: { shardSource: 'entryId' },
          edits: false,
        },
      ],
    },
    {
      name: 'stored procedures scoped by /orderId, shards calculated on another attribute: shard on /orderId (its cardinality unknown, so no edits)',
      design: tenantOrders('/customerId'),
      findings: [{ messageId: 'breaksScope', fix: /^calculate the shard on the attribute each call's items share/, edits: false }],
    },
    {
      name: "a conditional write on one seat per seatId under random shards: a hold's writes land on any shard, so calculate on seatId",
      design: seats({ scopeAttribute: 'seatId' }, { strategy: 'random', shards: 40 }),
      findings: [
        { messageId: 'breaksItem', path: 'invariants[0]', data: { scope: 'seatId' }, fix: /^calculate the shard on `seatId` \(the invariant's scopeAttribute/ },
      ],
    },
    {
      name: 'a conditional write with no scope (one aggregate item per event) under shards on seatId: unchanged, with the scope it may mean named',
      design: seats({}, { strategy: 'calculated', shards: 40, sourceAttribute: 'seatId' }),
      findings: [
        {
          messageId: 'breaksAggregate',
          path: 'invariants[0]',
          fix: /declare splitPerShard: true; or remove the sharding.*; if the condition is on one item per `seatId` .*declare scopeAttribute: `seatId`/,
          edits: false,
        },
      ],
    },
    {
      // Before, the fix said "calculate the shard on `/flightId`", which the linter refuses (a shard on the key itself).
      name: 'a conditional write scoped by the partition key itself under random shards: no shard keeps it, so narrow the scope or keep the key whole',
      design: flights({ kind: 'conditional-write', description: 'seat hold: ETag check', scopeAttribute: '/flightId' }),
      findings: [
        {
          messageId: 'breaksKeyItem',
          path: 'invariants[0]',
          data: { scope: '/flightId', declaredShards: 8 },
          message:
            /scopeAttribute `\/flightId` is the partition key itself: the condition is on one item per `\/flightId` value, which every write of that value must check in its one logical partition/,
          fix: /^narrow the scope, if the condition allows: give each unit it guards an item of its own \(a seat, or a block of seats, within one `\/flightId` value\).*remove scopeAttribute and declare splitPerShard: true; or remove the sharding and keep the key whole/,
          edits: false,
        },
      ],
    },
    {
      name: 'a stored procedure scoped by the partition key itself: each call spans the whole key value, which no shard keeps',
      design: flights({ kind: 'stored-procedure', scopeAttribute: '/flightId' }),
      findings: [
        {
          messageId: 'breaksKeyCall',
          data: { scope: '/flightId' },
          fix: /^narrow the scope, if the calls allow: declare as scopeAttribute an attribute each call's items share within one `\/flightId` value/,
          edits: false,
        },
      ],
    },
    {
      name: 'replicated Cosmos DB copies: no batch writes them all',
      design: carts({ sharding: { strategy: 'replicated', shards: 3 } }),
      findings: [{ messageId: 'breaksCopies', edits: [{ op: 'remove', path: 'sharding' }] }],
    },
  ],
});
