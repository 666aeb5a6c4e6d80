/**
 * Fixes keep what the application relies on (issue 14 §6): a hot key whose value carries an invariant
 * gets a fix that keeps it and no edits that would silently break it, and a hot index whose items share
 * one key value gets the sparse-index alternative beside sharding.
 */
import { DesignError, lint, type DesignInput, type InvariantDesign } from '../../lib';
import { container, ledger, table } from '../fixtures';

const sg003 = (design: DesignInput) => lint(design).find((f) => f.ruleId === 'SG003');
/** `design` with each read declaring a large result (`resultKb`), so a fix's fan-out over its shards is counted and
 *  written: with no size declared, each shard's Query is charged at least one read unit uncounted, and no edit is. */
const sized = <T extends { accessPatterns?: readonly object[] }>(design: T): T =>
  Object.assign({}, design, { accessPatterns: design.accessPatterns?.map((p) => Object.assign({}, p, { resultKb: 400 })) });

describe('a hot key with an invariant', () => {
  it('a running balance: the fix says to keep it per shard or accept the cap, and carries no edits (--fix leaves it)', () => {
    const finding = sg003(ledger([{ kind: 'running-total', description: 'balance never below zero' }, { kind: 'transaction' }]));
    expect(finding?.data).toMatchObject({ aggregateKinds: ['running-total'] });
    expect(finding?.fix).toMatch(/the `running-total` on one item \(`invariants\[0\]`\) cannot follow the shards: keep it per shard/);
    expect(finding?.fix).toMatch(/caps the key at one partition's ceiling$/);
    expect(finding?.edits).toBeUndefined();
  });

  it('a balance already kept per shard, or a DynamoDB transaction alone: plain sharding keeps it, and the edits stay', () => {
    // The posting's TransactWriteItems writes its own entry beside the sub-balance: the entry's shard picks the sub-balance.
    const perShard: InvariantDesign[] = [{ kind: 'running-total', splitPerShard: true }, { kind: 'transaction' }];
    for (const invariants of [perShard, [{ kind: 'transaction' }]] as InvariantDesign[][]) {
      const finding = sg003(sized(ledger(invariants)));
      expect(finding?.fix).not.toMatch(/cannot follow the shards/);
      // The statement reads the whole account: the fix that shards it sets its fan-out beside (the fixture declares none unsharded).
      expect(finding?.edits).toEqual([
        { op: 'set', path: 'sharding', value: expect.objectContaining({ strategy: 'calculated', sourceAttribute: 'entryId' }) },
        { op: 'set', path: 'accessPatterns[0].fanOut', value: true },
      ]);
    }
  });

  it('a balance kept per shard but updated in place (no transaction writes an entry beside it): random shards, each update to a sub-total drawn at random', () => {
    // Counter30: calculated on entryId, every update of the one balance item (whose entryId never changes) hashed to one shard.
    const finding = sg003(sized(ledger([{ kind: 'running-total', splitPerShard: true }])));
    expect(finding?.edits).toEqual([
      { op: 'set', path: 'sharding', value: expect.objectContaining({ strategy: 'random' }) },
      { op: 'set', path: 'accessPatterns[0].fanOut', value: true },
    ]);
    expect(finding?.data).toMatchObject({ inPlaceKind: 'running-total', inPlacePath: 'invariants[0]' });
    // 12 partitions, the account's 1,500 of 6,000 WCU: at 5, 300 + 5,700 ÷ 12 = 775 fits the usable 800, but two of the 5
    // on one partition take 600 + 475 − 25 = 1,050 of the hard 1,000; at 6, 500 + 479.17 − 20.83 = 958.33.
    expect(finding?.fix).toMatch(
      /each update of the `running-total` \(`invariants\[0\]`\) goes to one of the 6 sub-totals, one per shard, drawn at random on each update, and a read sums all 6/,
    );
  });

  // levers34: no shard keeps a batch over the whole key value (none calculated on the key itself is valid), so the fix
  // keeps the key whole; the old text asked for shards "calculated on its scopeAttribute", which it has none of.
  it('a Cosmos DB transactional batch over the whole key value: the invariant caps the key, said plainly, no edits', () => {
    const finding = sg003(
      container({
        partitionKey: { paths: [{ path: '/accountId', cardinality: 5000 }] },
        workload: { peakReadUnits: 1000, peakWriteUnits: 40000, hotKeyShare: 0.5 },
        invariants: [{ kind: 'transactional-batch' }],
      }),
    );
    expect(finding?.data).toMatchObject({ wholeKeyKinds: ['transactional-batch'], wholeKeyScope: 'none' });
    expect(finding?.fix).toMatch(
      /^the `transactional-batch` \(`invariants\[0\]`\) runs within one logical partition, and its items share the whole `\/accountId` value \(no scopeAttribute declared\), so no sharding of `\/accountId` keeps it/,
    );
    expect(finding?.fix).not.toMatch(/shards calculated on its scopeAttribute/);
    expect(finding?.edits).toBeUndefined();
  });

  it('a batch over the whole key value rules out random shards: the size fix (SG006) and the load fix (SG003) lead with the shards that keep it', () => {
    const design = container({
      partitionKey: { paths: [{ path: '/accountId', cardinality: 5000 }] },
      workload: { peakReadUnits: 1000, peakWriteUnits: 40000, hotKeyShare: 0.5 },
      storage: { largestPartitionGb: 40 },
      invariants: [{ kind: 'transactional-batch' }],
    });
    for (const rule of ['SG003', 'SG006']) {
      const fix = lint(design).find((f) => f.ruleId === rule)?.fix ?? '';
      expect(fix).not.toMatch(/random shards \(key#/);
      expect(fix).toMatch(
        /the `transactional-batch` \(`invariants\[0\]`\) must run within one `\/accountId` value, which random shards would split: shard `\/accountId` into N = \d+ shards calculated on its scopeAttribute/,
      );
      expect(fix.match(/must run within one/g)).toHaveLength(1);
    }
  });

  // An expert's airline: a seat hold (an ETag check) scoped by /flightId on a container keyed by /flightId, the hot flight
  // hot by its writes. The fix asked to "calculate them on `/flightId`", a shard the linter refuses (the key itself).
  it('a Cosmos DB conditional write scoped by the partition key itself: no shard keeps it, so the fix narrows the scope', () => {
    const finding = sg003(
      container({
        partitionKey: { paths: [{ path: '/flightId', cardinality: 3000, hotKeyShare: 0.3 }] },
        workload: { peakReadUnits: 4000, peakWriteUnits: 30000 },
        throughput: { autoscaleMax: 60000 },
        invariants: [{ kind: 'conditional-write', description: 'seat hold: ETag check', scopeAttribute: '/flightId' }],
        accessPatterns: [{ name: 'seat-map', keyAttributes: ['/flightId'], share: 1 }],
      }),
    );
    expect(finding?.data).toMatchObject({ keyScopeKinds: ['conditional-write'], keyScopes: ['/flightId'], keyScopePaths: ['invariants[0]'] });
    expect(finding?.fix).toMatch(
      /; but the `conditional-write` \(`invariants\[0\]`\) is scoped by `\/flightId`, the partition key itself: .*so no shard of `\/flightId` keeps it .*narrow its scope to an item per unit it guards within the value/,
    );
    expect(finding?.fix).not.toMatch(/calculate them on `\/flightId`/);
    expect(finding?.edits).toBeUndefined();
  });

  it('the same hot container whose batches share /orderId (declared as the shard source): sharding on it keeps the batch', () => {
    const finding = sg003(
      container({
        partitionKey: { paths: [{ path: '/accountId', cardinality: 5000 }] },
        workload: { peakReadUnits: 1000, peakWriteUnits: 40000, hotKeyShare: 0.5 },
        sharding: { strategy: 'calculated', shards: 2, sourceAttribute: '/orderId', sourceCardinality: 'unique' },
        invariants: [{ kind: 'transactional-batch', scopeAttribute: '/orderId' }],
      }),
    );
    expect(finding?.fix).toMatch(/calculated on `\/orderId`/);
    expect(finding?.fix).not.toMatch(/must run within one/);
  });
});

describe('a conditional write on one item per sort-key value (seat28: a seat hold succeeds only if that seat is AVAILABLE)', () => {
  // The stranger's seat-inventory: the hottest event takes 95%, every hold looks up one seat by its sort key.
  const seats = (invariant: Partial<InvariantDesign>) =>
    table({
      name: 'seat-inventory',
      partitionKey: { name: 'eventId', type: 'S', cardinality: 5000 },
      sortKey: { name: 'seatId', type: 'S', cardinality: 80000 },
      workload: { peakReadUnits: 40000, peakWriteUnits: 12000, hotKeyShare: 0.95 },
      invariants: [{ kind: 'conditional-write', description: 'A seat hold succeeds only if the seat is AVAILABLE', ...invariant }],
      accessPatterns: [
        { name: 'seat-map', keyAttributes: ['eventId'], share: 0.7 },
        { name: 'hold-seat', keyAttributes: ['eventId', 'seatId'], share: 0.3 },
      ],
    });

  it('scoped to seatId: shards calculated on seatId keep each seat whole, so the fix carries its edits and no invariant clause', () => {
    const finding = sg003(sized(seats({ scopeAttribute: 'seatId' })));
    expect(finding?.fix).toMatch(/calculated shards on `seatId`/);
    expect(finding?.fix).not.toMatch(/cannot follow the shards|on one item per/);
    expect(finding?.edits).toContainEqual({
      op: 'set',
      path: 'sharding',
      value: expect.objectContaining({ strategy: 'calculated', sourceAttribute: 'seatId' }),
    });
    // Split for heat is no longer said to stop at an item every write updates: each hold updates its own seat.
    expect(finding?.message).not.toMatch(/running total or conditional write updates on every write/);
  });

  it('with no scope (one aggregate item per event): unchanged, no edits, and the scope it may mean is named', () => {
    const finding = sg003(seats({}));
    expect(finding?.fix).toMatch(/the `conditional-write` on one item \(`invariants\[0\]`\) cannot follow the shards: keep it per shard/);
    expect(finding?.fix).toMatch(
      /; if the condition of `invariants\[0\]` is on one item per `seatId` \(each `seatId`'s own item, such as an attribute_not_exists check on the item being put, not one aggregate of the `eventId` value\), declare scopeAttribute: `seatId` on it instead \(scopeAttribute names the attribute that identifies, within one `eventId` value, the one item the condition checks\)/,
    );
    expect(finding?.edits).toBeUndefined();
    expect(finding?.message).toMatch(/running total or conditional write updates on every write/);
  });

  it("beside a running total, a conditional write with no scope is still offered its item's scope, by path (counter30 item 4)", () => {
    // A ledger's idempotency check (attribute_not_exists on the posting's own item) declared without scopeAttribute: the
    // fix named it among the aggregates that cannot follow the shards, and never said that scopeAttribute keeps it whole.
    const finding = sg003(
      ledger([{ kind: 'running-total' }, { kind: 'conditional-write', description: 'idempotency: attribute_not_exists(entryId)' }, { kind: 'transaction' }], {
        accessPatterns: [
          { name: 'statement', keyAttributes: ['accountId'], share: 0.6 },
          { name: 'posting', keyAttributes: ['accountId', 'entryId'], share: 0.4 },
        ],
      }),
    );
    expect(finding?.data).toMatchObject({ itemCandidate: 'entryId', conditionPaths: ['invariants[1]'] });
    expect(finding?.fix).toContain(
      "if the condition of `invariants[1]` is on one item per `entryId` (each `entryId`'s own item, such as an attribute_not_exists check on the item being put, not one aggregate of the `accountId` value), declare scopeAttribute: `entryId` on it instead (scopeAttribute names the attribute that identifies, within one `accountId` value, the one item the condition checks)",
    );
  });

  it('a running total is never offered the scope: it is one item per key value', () => {
    expect(sg003(seats({ kind: 'running-total' }))?.fix).not.toMatch(/declare scopeAttribute/);
  });
});

describe('the sparse-index alternative', () => {
  const withIndex = (partitionKey: Record<string, unknown>, sortKey = { name: 'sk', type: 'S' as const, cardinality: 'unique' as const }) =>
    table({
      partitionKey: { name: 'pk', type: 'S', cardinality: 'unique' },
      sortKey,
      workload: { peakReadUnits: 100, peakWriteUnits: 4000 },
      globalSecondaryIndexes: [{ indexName: 'byKey', partitionKey: partitionKey as never }],
    });
  // On the uniform share of a few-valued key SG003 defers to SG001, whose fix carries the same advice after its own.
  const fixOn = (design: DesignInput) => {
    const onIndex = lint(design).filter((f) => f.index === 'byKey');
    return (onIndex.find((f) => f.ruleId === 'SG003') ?? onIndex.find((f) => f.ruleId === 'SG001'))?.fix ?? '';
  };

  it('fires for an index keyed by a constant, and for an inverted index keyed by the table sort key', () => {
    // A constant named like a type is a category: its sparse index is keyed by an attribute of many values (categorical-index.test.ts).
    expect(fixOn(withIndex({ name: 'entityType', type: 'S', cardinality: 1 }))).toMatch(
      /make it a sparse index keyed by such an attribute: .*a sparse index still keyed by `entityType` would put every item it holds on one value/,
    );
    const inverted = withIndex({ name: 'sk', type: 'S', cardinality: 3 }, { name: 'sk', type: 'S', cardinality: 3 } as never);
    expect(fixOn(inverted)).toMatch(/make it sparse: write `sk` only on those items/);
  });

  it('fires for a few-valued lifecycle state or flag (a 6-valued status, isOpen): most items reach one state few queries want', () => {
    // 12,000 WCU over 6 statuses: 2,000 WCU on each, over a partition's usable 800.
    const busy = (partitionKey: Record<string, unknown>) => ({ ...withIndex(partitionKey), workload: { peakReadUnits: 100, peakWriteUnits: 12000 } });
    // `status` is named like a category: the sparse index it is offered is keyed by an attribute of many values, since one
    // keyed by the status puts every item it holds on one value (categorical-index.test.ts); so is the flag `isOpen`.
    for (const name of ['status', 'isOpen'])
      expect(fixOn(busy({ name, type: 'S', cardinality: name === 'status' ? 6 : 2 }))).toMatch(
        new RegExp(`make it a sparse index keyed by such an attribute: .*a sparse index still keyed by \`${name}\` would put every item it holds on one value`),
      );
  });

  it('stays out of a classification every item keeps and is queried by (region), and of a status with many values', () => {
    const busy = (partitionKey: Record<string, unknown>, peakWriteUnits: number) => ({
      ...withIndex(partitionKey),
      workload: { peakReadUnits: 100, peakWriteUnits },
    });
    const region = fixOn(busy({ name: 'region', type: 'S', cardinality: 6 }, 12000));
    // A region is a category: the re-key leads, and the shards follow as the way to keep reading by it.
    expect(region).toMatch(/^key index `byKey` otherwise: `region` is named like a status, type or region/);
    expect(region).toMatch(
      /; or, to keep reading it by `region`: key index `byKey` by a separate attribute the application writes on each item, `regionShard` = `region` \+ "#" \+ a random/,
    );
    expect(region).not.toMatch(/sparse/);
    const manyStatuses = busy({ name: 'status', type: 'S', cardinality: 500 }, 12000);
    const statuses = fixOn({
      ...manyStatuses,
      globalSecondaryIndexes: manyStatuses.globalSecondaryIndexes?.map((g) => ({ ...g, workload: { hotKeyShare: 0.1 } })),
    });
    // index29: one status declared at 10%, the other 499 fitting unsharded: the separate attribute suffixes it alone.
    expect(statuses).toMatch(
      /(^|or )key index `byKey` by a separate attribute .*`statusShard` = `status` for every value but the hottest, which alone takes `status` \+ "#"/,
    );
    expect(statuses).not.toMatch(/sparse/);
  });

  it('stays out of an index whose key takes several values of its own', () => {
    const fix = fixOn(withIndex({ name: 'customerId', type: 'S', cardinality: 3 }));
    expect(fix).toMatch(/(^|or )key index `byKey` by a separate attribute .*`customerIdShard` = `customerId` \+ "#"/);
    expect(fix).not.toMatch(/sparse/);
  });
});

describe('invalid invariants and shard-source fields are named, with the way out', () => {
  /** Seats of an event keyed by a composite sort key, `section#seatId`: each part identifies a hold's item, as the key does. */
  const seatsBySection = (scopeAttribute: string) =>
    table({
      partitionKey: { name: 'eventId', type: 'S', cardinality: 5000 },
      sortKey: {
        name: 'seatKey',
        type: 'S',
        cardinality: 'unique',
        components: [
          { name: 'section', cardinality: 20 },
          { name: 'seatId', cardinality: 'unique' },
        ],
      },
      invariants: [{ kind: 'conditional-write', scopeAttribute }],
    });
  const issuesOf = (input: DesignInput): string[] => {
    try {
      lint(input);
    } catch (error) {
      expect(error).toBeInstanceOf(DesignError);
      return (error as DesignError).issues.map((i) => `${i.path}: ${i.message}`);
    }
    throw new Error('expected a DesignError');
  };

  it.each([
    [table({ invariants: [{ kind: 'transactional-batch' }] }), 'invariants[0].kind: "transactional-batch" is a Cosmos DB kind'],
    [container({ invariants: [{ kind: 'transaction' }] }), 'invariants[0].kind: "transaction" is a DynamoDB kind'],
    [table({ invariants: [{ kind: 'running-total', scopeAttribute: 'orderId' }] }), 'invariants[0].scopeAttribute: applies to transactional batches'],
    [
      table({ invariants: [{ kind: 'conditional-write', scopeAttribute: 'orderId' }] }),
      'invariants[0].scopeAttribute: names the item a "conditional-write" checks',
    ],
    [
      table({
        sortKey: { name: 'seatId', type: 'S', cardinality: 'unique' },
        invariants: [{ kind: 'conditional-write', scopeAttribute: 'seatId', splitPerShard: true }],
      }),
      'invariants[0].splitPerShard: a "conditional-write" with a scopeAttribute is on one item per "seatId"',
    ],
    [container({ invariants: [{ kind: 'stored-procedure', splitPerShard: true }] }), 'invariants[0].splitPerShard: applies to conditional writes'],
    // cli29: an attribute that is not the sort key (or one of its components) does not identify the item the condition is
    // on, so the shards the fix calculates on it would not keep that item whole. Before: accepted in silence.
    [
      table({
        sortKey: { name: 'seatId', type: 'S', cardinality: 'unique' },
        invariants: [{ kind: 'conditional-write', scopeAttribute: 'noSuchAttr' }],
      }),
      'invariants[0].scopeAttribute: is "noSuchAttr", which does not identify the item a "conditional-write" checks: DynamoDB checks a condition on the one item the write names by its primary key, told apart within the key value by the sort key. Name "seatId" (the sort key or one of its components), or remove scopeAttribute',
    ],
    [
      seatsBySection('eventId'),
      'invariants[0].scopeAttribute: is "eventId", which does not identify the item a "conditional-write" checks: DynamoDB checks a condition on the one item the write names by its primary key, told apart within the key value by the sort key. Name "seatKey" or "section" or "seatId" (the sort key or one of its components)',
    ],
    [
      table({ partitionKey: { name: 'orderId', type: 'S', cardinality: 'unique', mutable: true } }),
      "partitionKey.mutable: is true, but a table's key attributes never change",
    ],
    [table({ sharding: { strategy: 'random', shards: 4, sourceCardinality: 10 } }), 'sharding.sourceCardinality: applies to calculated sharding only'],
  ] as const)('%#: %s', (design, issue) => {
    expect(issuesOf(design as DesignInput).some((line) => line.startsWith(issue))).toBe(true);
  });

  it.each(['seatKey', 'section', 'seatId'])('accepts a conditional write scoped to the sort key or one of its components: %s', (scopeAttribute) => {
    expect(() => lint(seatsBySection(scopeAttribute))).not.toThrow();
  });
});
