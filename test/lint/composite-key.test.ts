/**
 * A low-cardinality, hot index key whose every read also gives one attribute by equality is keyed by the composite
 * `key#attribute` first, its shards the alternative (AWS, "Choosing the right DynamoDB partition key": composite keys;
 * "Using write sharding to distribute workloads evenly" where no such attribute exists). An exam's proctor index keyed
 * `examId` (5 exams, the hottest taking 90% of the index's 12,000 WCU) whose one query, `room-status`, gives `roomId`
 * (2,000 rooms): `examId#roomId` spreads the hottest exam's 10,800 WCU over 2,000 keys, 5.4 WCU each, where the shards
 * need 35 keys. Where another read gives only `examId`, it would query all 2,000 rooms: the shards stay first.
 */
import { applyDesignEdits, lint, type DesignInput, type DynamoDbTableDesign, type Finding } from '../../lib';

/** `keys`: the proctor index's sort key in place of `roomId` (`sortKeys`, or another `sortKey`); `indexes`: more GSIs. */
const proctor = (options: { reads?: object[]; roomId?: object; keys?: object; indexes?: object[] } = {}): DesignInput => ({
  tables: [
    {
      name: 'exam-sessions',
      partitionKey: { name: 'studentId', type: 'S', cardinality: 60000 },
      sortKey: { name: 'examId', type: 'S', cardinality: 5 },
      workload: { peakReadUnits: 6000, peakWriteUnits: 12000 },
      globalSecondaryIndexes: [
        {
          indexName: 'proctor',
          partitionKey: { name: 'examId', type: 'S', cardinality: 5 },
          ...(options.keys ?? { sortKey: { name: 'roomId', type: 'S', cardinality: 2000, ...options.roomId } }),
          workload: { peakReadUnits: 3000, peakWriteUnits: 12000, hotKeyShare: 0.9 },
        },
        ...(options.indexes ?? []),
      ],
      accessPatterns: [
        { name: 'my-session', keyAttributes: ['studentId', 'examId'], share: 0.5 },
        { name: 'room-status', index: 'proctor', keyAttributes: ['examId', 'roomId'], share: 0.5 - 0.1 * (options.reads?.length ?? 0) },
        ...(options.reads ?? []),
      ],
    } as DynamoDbTableDesign,
  ],
});

/** The composite key both fixes write: 5 exams × 2,000 rooms = 10,000 values. */
const EXAM_ROOM_KEY = {
  name: 'examIdRoomId',
  type: 'S',
  cardinality: 10000,
  components: [
    { name: 'examId', cardinality: 5 },
    { name: 'roomId', cardinality: 2000 },
  ],
};

const onIndex = (findings: readonly Finding[], ruleId: string) => findings.find((f) => f.ruleId === ruleId && f.path.includes('globalSecondaryIndexes[0]'));

describe('a composite key leads where every read of the hot key gives another attribute', () => {
  it('proctor index: `examId#roomId` leads, as a new index, the shards follow; --fix converges', () => {
    const design = proctor();
    const findings = lint(design);
    const sg001 = onIndex(findings, 'SG001');
    // 90% of 12,000 WCU = 10,800 WCU on one exam; over 2,000 rooms, 10,800 ÷ 2,000 = 5.4 WCU a key. The shards need 35
    // (10,800 ÷ 35 = 308.57 WCU, within the 312.5 WCU its partition leaves it), far fewer than 2,000.
    expect(sg001?.fix).toMatch(
      /^key index `proctor` by a composite attribute the application writes on each item, `examIdRoomId` = `examId` \+ "#" \+ `roomId` \(10,000 values\): every read of a whole `examId` value gives `roomId` by equality \(`room-status`\), so each reads one key value with one Query, no fan-out and no shard count to size, and the hottest `examId` value spreads over its 2,000 `roomId` values, 5\.4 WCU each if they share it evenly \(more than the 35 keys its load needs\)/,
    );
    // The new-index clause once, after the lead; the shards' re-key is a new index too, and says so in a few words.
    expect(sg001?.fix?.split('as a new index, `proctor-v2`')).toHaveLength(2);
    expect(sg001?.fix).toContain('; or, to keep `examId` as the key (a new index too, rolled out the same way): key index `proctor` by a separate attribute');
    // `roomId`, now in the partition key, is one value within each key value: it leaves the sort key.
    expect(sg001?.fix).toContain(
      '; `roomId` leaves the sort key: the items of one composite value all hold the same `roomId`, so it would sort nothing; `roomId` must be written',
    );
    expect(sg001?.fix).toContain('hash(roomId) mod 35');
    // SG003 gives the same fix (the CLI prints it once, by reference).
    expect(onIndex(findings, 'SG003')?.fix).toBe(sg001?.fix);
    expect(sg001?.edits).toEqual([
      {
        op: 'set',
        path: 'tables[0].globalSecondaryIndexes[0].partitionKey',
        value: EXAM_ROOM_KEY,
      },
      { op: 'remove', path: 'tables[0].globalSecondaryIndexes[0].sortKey' },
      // 0.9 ÷ 2,000 rooms: the hottest exam's hottest room, if its rooms share it evenly.
      { op: 'set', path: 'tables[0].globalSecondaryIndexes[0].workload.hotKeyShare', value: 0.00045 },
      { op: 'set', path: 'tables[0].globalSecondaryIndexes[0].indexName', value: 'proctor-v2' },
      { op: 'set', path: 'tables[0].accessPatterns[1].index', value: 'proctor-v2' },
    ]);
    const fixed = applyDesignEdits(design, sg001?.edits ?? []);
    expect(lint(fixed).map((f) => `${f.ruleId} ${f.path}`)).toEqual([]);
  });

  it('the new index keeps a sort key other than `roomId`: a multi-attribute one without `roomId`, or another attribute whole', () => {
    const sortKeyOf = (design: DesignInput) => {
      const sg001 = onIndex(lint(design), 'SG001');
      expect(sg001?.fix).toMatch(/^key index `proctor` by a composite attribute/);
      const fixed = applyDesignEdits(design, sg001?.edits ?? []);
      expect(lint(fixed).map((f) => `${f.ruleId} ${f.path}`)).toEqual([]);
      const [index] = (fixed as { tables: DynamoDbTableDesign[] }).tables[0].globalSecondaryIndexes ?? [];
      return { fix: sg001?.fix, sortKey: index.sortKey, sortKeys: index.sortKeys };
    };
    const seat = { name: 'seatNo', type: 'S', cardinality: 40 };
    const room = { name: 'roomId', type: 'S', cardinality: 2000 };
    // `roomId` + `seatNo`: the seats still order a room's items.
    expect(sortKeyOf(proctor({ keys: { sortKeys: [room, seat] } }))).toMatchObject({ sortKey: undefined, sortKeys: [seat] });
    // `roomId` alone in `sortKeys`: no sort key (a `sortKeys` list may not be empty).
    expect(sortKeyOf(proctor({ keys: { sortKeys: [room] } }))).toMatchObject({ sortKey: undefined, sortKeys: undefined });
    // Sorted by when each session started, `roomId` declared on another index: the sort key stays, and the fix says nothing of it.
    const started = { name: 'startedAt', type: 'S' };
    const byRoom = { indexName: 'by-room', partitionKey: room };
    const kept = sortKeyOf(proctor({ keys: { sortKey: started }, indexes: [byRoom] }));
    expect(kept).toMatchObject({ sortKey: started, sortKeys: undefined });
    expect(kept.fix).not.toContain('leaves the sort key');
  });

  it('another read gives only `examId`: the shards lead, and the fix says the composite key would query every room', () => {
    const findings = lint(proctor({ reads: [{ name: 'exam-overview', index: 'proctor', keyAttributes: ['examId'], share: 0.1, resultKb: 40 }] }));
    const sg001 = onIndex(findings, 'SG001');
    expect(sg001?.fix).toMatch(/^use a higher-cardinality attribute or a composite key, or key index `proctor` by a separate attribute/);
    expect(sg001?.fix).toContain(
      '; a composite key `examId` + "#" + `roomId` would serve `room-status` with one Query, but not a read that gives only `examId` (`exam-overview`), which would then query all 2,000 `roomId` values: the shards stay the fix',
    );
    expect(sg001?.edits?.[0]).toMatchObject({
      op: 'set',
      path: 'tables[0].globalSecondaryIndexes[0].sharding',
      value: { strategy: 'calculated', sourceAttribute: 'roomId' },
    });
  });

  it('a `roomId` that updates change, or with fewer values than the shards need, leads with no composite key', () => {
    for (const roomId of [{ mutable: true }, { cardinality: 20 }]) {
      const fix = onIndex(lint(proctor({ roomId })), 'SG001')?.fix;
      expect(fix).toMatch(/^use a higher-cardinality attribute or a composite key[,;] /);
      expect(fix).not.toContain('composite attribute');
      expect(fix).not.toContain('a composite key `examId`');
    }
  });
});

/**
 * The same exam as a table keyed by `examId` (5 exams, the hottest taking 90% of 12,000 WCU), its sort key `roomId`
 * (2,000 rooms): sharding `examId` in place rewrites the stored key of every item of the values it shards, and changes
 * every reader of them, as the composite key's new table copies every item, so the composite key leads here too: one
 * Query per read, no fan-out, no count to size (AWS, "Choosing the right DynamoDB partition key": composite keys).
 */
const examRooms = (options: { reads?: object[]; table?: object } = {}): DesignInput => ({
  tables: [
    {
      name: 'exam-rooms',
      partitionKey: { name: 'examId', type: 'S', cardinality: 5 },
      sortKey: { name: 'roomId', type: 'S', cardinality: 2000 },
      workload: { peakReadUnits: 3000, peakWriteUnits: 12000, hotKeyShare: 0.9 },
      accessPatterns: [{ name: 'room-status', keyAttributes: ['examId', 'roomId'], share: 1 - 0.1 * (options.reads?.length ?? 0) }, ...(options.reads ?? [])],
      ...options.table,
    } as DynamoDbTableDesign,
  ],
});

const onTable = (findings: readonly Finding[], ruleId: string) => findings.find((f) => f.ruleId === ruleId && f.path === 'tables[0].partitionKey');

describe("a composite key leads on a table's own key where every read gives another attribute", () => {
  it('`examId#roomId` leads as a new key of the table, the shards in place follow; --fix converges', () => {
    const design = examRooms();
    const findings = lint(design);
    const sg001 = onTable(findings, 'SG001');
    // 90% of 12,000 WCU = 10,800 WCU on one exam; ÷ 2,000 rooms = 5.4 WCU a key. The shards need 35 (10,800 ÷ 35 =
    // 308.57 WCU, within the 800 − 487.5 = 312.5 WCU its partition leaves it), far fewer than 2,000.
    expect(sg001?.fix).toMatch(
      /^key the table by a composite attribute the application writes on each item, `examIdRoomId` = `examId` \+ "#" \+ `roomId` \(10,000 values\): every read of a whole `examId` value gives `roomId` by equality \(`room-status`\), so each reads one key value with one Query, no fan-out and no shard count to size, and the hottest `examId` value spreads over its 2,000 `roomId` values, 5\.4 WCU each if they share it evenly \(more than the 35 keys its load needs\); `roomId` leaves the sort key/,
    );
    // A table's key: no index to add beside it, but a new table where it holds data, as a container's re-key is said.
    expect(sg001?.fix).not.toContain('as a new index');
    expect(sg001?.fix).toContain(
      '; every write must carry `examIdRoomId`, built from `roomId` (a put without the key is refused), and `roomId` must never change',
    );
    expect(sg001?.fix).toContain(
      '; a partition key cannot be changed in place: on a table not yet deployed, deploy it keyed so; on one that holds data, create a table keyed so, copy every item into it and point the application at it',
    );
    // The shards follow, a rewrite of the items they move on a table that holds data; not withheld as a categorical
    // key's (5 values, no more than the 35 shards): the composite key is the re-key that clause would ask for.
    expect(sg001?.fix).toContain('; or, to keep `examId` as the key (on a table that holds data a rewrite too: every item of a value the shards cover moves');
    expect(sg001?.fix).toContain('into N = 35 calculated shards on `roomId`');
    expect(sg001?.fix).not.toContain('a re-key is the fix');
    expect(onTable(findings, 'SG003')?.fix).toBe(sg001?.fix);
    expect(sg001?.edits).toEqual([
      {
        op: 'set',
        path: 'tables[0].partitionKey',
        value: EXAM_ROOM_KEY,
      },
      { op: 'remove', path: 'tables[0].sortKey' },
      // 0.9 ÷ 2,000 rooms: the hottest exam's hottest room, if its rooms share it evenly.
      { op: 'set', path: 'tables[0].workload.hotKeyShare', value: 0.00045 },
    ]);
    expect(lint(applyDesignEdits(design, sg001?.edits ?? [])).map((f) => `${f.ruleId} ${f.path}`)).toEqual([]);
  });

  it('a read gives only `examId`: the shards in place lead, and the fix says the composite key would query every room', () => {
    const sg001 = onTable(lint(examRooms({ reads: [{ name: 'exam-overview', keyAttributes: ['examId'], share: 0.1, resultKb: 40 }] })), 'SG001');
    expect(sg001?.fix).toMatch(
      /^use a higher-cardinality attribute or a composite key, or shard only the hottest `examId` value, into N = 35 calculated shards/,
    );
    expect(sg001?.fix).toContain(
      '; a composite key `examId` + "#" + `roomId` would serve `room-status` with one Query, but not a read that gives only `examId` (`exam-overview`), which would then query all 2,000 `roomId` values: the shards stay the fix',
    );
    expect(sg001?.edits?.[0]).toMatchObject({ op: 'set', path: 'tables[0].sharding', value: { strategy: 'calculated', sourceAttribute: 'roomId' } });
  });

  it('a local secondary index keeps the sort key: it needs a table with a composite primary key', () => {
    const lsi = { indexName: 'by-start', sortKey: { name: 'startedAt', type: 'S' } };
    // The largest exam's items declared at 2 GB, within an item collection's 10 GB (SG006 checks it only where declared).
    const design = examRooms({ table: { localSecondaryIndexes: [lsi], storage: { largestPartitionGb: 2 } } });
    const sg001 = onTable(lint(design), 'SG001');
    expect(sg001?.fix).toMatch(/^key the table by a composite attribute/);
    expect(sg001?.fix).not.toContain('leaves the sort key');
    expect(sg001?.edits?.map((e) => e.path)).toEqual(['tables[0].partitionKey', 'tables[0].workload.hotKeyShare']);
    expect(lint(applyDesignEdits(design, sg001?.edits ?? [])).map((f) => `${f.ruleId} ${f.path}`)).toEqual([]);
  });

  it('a running total per exam, or no sort key, leaves no composite key: the hot writes are one item of one room', () => {
    const total = { invariants: [{ kind: 'running-total', description: 'seats taken per exam', splitPerShard: true }] };
    const noSortKey = {
      sortKey: undefined,
      globalSecondaryIndexes: [{ indexName: 'by-room', partitionKey: { name: 'roomId', type: 'S', cardinality: 2000 } }],
    };
    for (const table of [total, noSortKey]) {
      const fix = onTable(lint(examRooms({ table })), 'SG001')?.fix;
      expect(fix).toBeDefined();
      expect(fix).not.toContain('composite attribute');
    }
  });

  // The index's key values are the table's stored `examId`: shards in place spread its hottest exam too, where a
  // composite attribute would leave `examId`, and so the index's 10,800 WCU, on one value (carried-shards-raise).
  it("an index keyed by the table's `examId` keeps the shards in place first: they spread the index's hottest exam too", () => {
    // 200 exams, more than the 35 shards: no category, so the shards keep their edit.
    const examId = { name: 'examId', type: 'S', cardinality: 200 };
    const byExam = { indexName: 'by-exam', partitionKey: examId, sortKey: { name: 'startedAt', type: 'S' } };
    const sg003 = onTable(lint(examRooms({ table: { partitionKey: examId, globalSecondaryIndexes: [byExam] } })), 'SG003');
    expect(sg003?.fix).toMatch(/^shard only the hottest `examId` value, into N = 35 calculated shards on `roomId`/);
    expect(sg003?.fix).not.toContain('composite attribute');
    expect(sg003?.edits?.[0]).toMatchObject({ op: 'set', path: 'tables[0].sharding', value: { strategy: 'calculated', sourceAttribute: 'roomId' } });
  });

  it('a Cosmos DB container of the same shape gets no composite key: it declares no values of `/roomId` to spread over', () => {
    const findings = lint({
      containers: [
        {
          name: 'exam-rooms',
          partitionKey: { paths: [{ path: '/examId', cardinality: 5 }] },
          throughput: { autoscaleMax: 100000 },
          workload: { peakReadUnits: 10000, peakWriteUnits: 30000, hotKeyShare: 0.9 },
          accessPatterns: [{ name: 'room-status', keyAttributes: ['/examId', '/roomId'], share: 1 }],
        },
      ],
    });
    const sg003 = findings.find((f) => f.ruleId === 'SG003');
    expect(sg003?.fix).toMatch(/^shard only the hottest `\/examId` value/);
    expect(sg003?.fix).not.toContain('composite attribute');
  });
});
