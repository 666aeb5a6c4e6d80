/**
 * A GSI keyed, as stored, by the table's in-place-sharded partition-key attribute beside another attribute (`eventId` +
 * `section`, a multi-attribute key) holds the table's stored keys (`E#0`…`E#6` for the hot event): a query of the plain
 * event finds none of them (AWS, "Using write sharding to distribute workloads evenly": every suffix is queried and the
 * results merged). SG009 passed it silently, while the same read on the table was an error; and SG003's table fix, which
 * shards `eventId` in place, named only the table's own reads, leaving the index read to find nothing once it deployed.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { lint, type DesignInput, type DynamoDbTableDesign } from '../../lib';
import { fixDesignText } from '../../lib/cli/fix';

const load = (name: string) => JSON.parse(readFileSync(join(__dirname, 'held-shards', `${name}.json`), 'utf8')) as { tables: DynamoDbTableDesign[] };

/** The repro: eventId calculated-sharded 7 ways on seatId (hot event only); `seat-map` queries the index by (eventId, section). */
const seatMap = (patch: { gsi?: object; pattern?: object; table?: object } = {}): DesignInput => {
  const design = load('gsi-on-sharded-attr');
  const [table] = design.tables;
  const [gsi] = table.globalSecondaryIndexes ?? [];
  const [hold, read] = table.accessPatterns ?? [];
  return {
    tables: [
      {
        ...table,
        ...patch.table,
        globalSecondaryIndexes: [{ ...gsi, ...patch.gsi }],
        accessPatterns: [hold, { ...read, ...patch.pattern }],
      } as DynamoDbTableDesign,
    ],
  };
};

const sg009 = (design: DesignInput) => lint(design).filter((f) => f.ruleId === 'SG009');

describe('SG009 on an index whose multi-attribute key holds the table-sharded attribute', () => {
  it('seat-map reads one of the 7 shards on the index: an error, with the fan-out written', () => {
    const [finding, ...more] = sg009(seatMap());
    expect(more).toEqual([]);
    expect(finding).toMatchObject({ severity: 'error', index: 'seat-map', data: { pattern: 'seat-map', shards: 7, source: 'seatId' } });
    expect(finding.message).toBe(
      "access pattern `seat-map` reads (`eventId`, `section`) on index `seat-map`, which holds the table's stored keys, calculated-sharded on `seatId` over 7 keys (`sharding`), without fan-out: it sees one of 7 shards",
    );
    expect(finding.edits).toEqual([{ op: 'set', path: 'tables[0].accessPatterns[1].fanOut', value: true }]);
  });

  it('also where the index declares its own hottest share (the shards are there whatever the shares)', () => {
    expect(sg009(seatMap({ gsi: { workload: { peakReadUnits: 1000, peakWriteUnits: 3000, hotKeyShare: 0.05 } } }))).toHaveLength(1);
  });

  it('quiet with fanOut (no idle fan-out warning either), with the source given, or with wants: "any"', () => {
    expect(sg009(seatMap({ pattern: { fanOut: true } }))).toEqual([]);
    expect(sg009(seatMap({ pattern: { keyAttributes: ['eventId', 'section', 'seatId'] } }))).toEqual([]);
    expect(sg009(seatMap({ pattern: { wants: 'any' } }))).toEqual([]);
  });

  it('quiet on an index keyed by an attribute the application writes with the plain event (no table shards held)', () => {
    const plain = seatMap({
      gsi: {
        partitionKeys: [
          { name: 'eventRef', type: 'S', cardinality: 2000 },
          { name: 'section', type: 'S', cardinality: 50 },
        ],
      },
      pattern: { keyAttributes: ['eventRef', 'section'] },
    });
    expect(sg009(plain)).toEqual([]);
  });

  it('quiet once the table is not sharded (nothing to hold), and a fanOut there is the idle-fan-out warning', () => {
    const unsharded = seatMap({ table: { sharding: undefined, warmThroughput: undefined } });
    expect(sg009(unsharded).filter((f) => f.severity === 'error')).toEqual([]);
    const idle = sg009(seatMap({ table: { sharding: undefined, warmThroughput: undefined }, pattern: { fanOut: true } }));
    expect(idle.map((f) => [f.severity, f.path])).toEqual([['warning', 'tables[0].accessPatterns[1].fanOut']]);
  });

  it('an LSI read of the plain event sees one shard too (it shares the table key)', () => {
    const [table] = (seatMap() as { tables: DynamoDbTableDesign[] }).tables;
    const lsi = {
      tables: [
        {
          ...table,
          localSecondaryIndexes: [{ indexName: 'by-status', sortKey: { name: 'holdStatus', type: 'S' } }],
          accessPatterns: [
            ...(table.accessPatterns ?? []).slice(0, 1),
            { name: 'held', index: 'by-status', keyAttributes: ['eventId'], share: 0.5, resultKb: 8 },
          ],
        },
      ],
    } as DesignInput;
    expect(sg009(lsi).map((f) => f.data?.pattern)).toEqual(['held']);
  });
});

describe("SG003's in-place sharding of the table's key names the index reads it leaves on one shard", () => {
  it('the ticketing design: the table fix sets fanOut on seat-map with the sharding, and says why', () => {
    const sg003 = lint(load('ticketing')).find((f) => f.ruleId === 'SG003' && f.index === undefined);
    expect(sg003?.fix).toContain(
      'index `seat-map` is keyed by `eventId` as the table stores it, so its entries for a sharded value carry the same suffixes and a query that gives the plain value finds none of them: set fanOut on `seat-map` too',
    );
    expect(sg003?.edits).toEqual([
      { op: 'set', path: 'tables[0].warmThroughput', value: { writeUnitsPerSecond: 12000 } },
      { op: 'set', path: 'tables[0].sharding', value: { strategy: 'calculated', shards: 7, sourceAttribute: 'seatId', hotValues: 1 } },
      { op: 'set', path: 'tables[0].accessPatterns[1].fanOut', value: true },
    ]);
  });

  it('--fix converges on the ticketing design: no SG009 after it, and a second run changes nothing', () => {
    const text = readFileSync(join(__dirname, 'held-shards', 'ticketing.json'), 'utf8');
    const once = fixDesignText(text, {}).text;
    const fixed = JSON.parse(once) as { tables: DynamoDbTableDesign[] };
    expect(fixed.tables[0].sharding).toEqual({ strategy: 'calculated', shards: 7, sourceAttribute: 'seatId', hotValues: 1 });
    expect(fixed.tables[0].accessPatterns?.[1]).toMatchObject({ name: 'seat-map', fanOut: true });
    expect(lint(fixed).filter((f) => f.ruleId === 'SG009')).toEqual([]);
    expect(fixDesignText(once, {}).text).toBe(once);
  });

  it('an index keyed by another attribute is not named', () => {
    const design = load('ticketing');
    const [table] = design.tables;
    const [gsi] = table.globalSecondaryIndexes ?? [];
    const other = {
      tables: [
        {
          ...table,
          globalSecondaryIndexes: [
            {
              ...gsi,
              partitionKeys: [
                { name: 'eventRef', type: 'S', cardinality: 2000 },
                { name: 'section', type: 'S', cardinality: 50 },
              ],
            },
          ],
          accessPatterns: [table.accessPatterns?.[0], { ...table.accessPatterns?.[1], keyAttributes: ['eventRef', 'section'] }],
        },
        ...design.tables.slice(1),
      ],
    } as DesignInput;
    const sg003 = lint(other).find((f) => f.ruleId === 'SG003' && f.index === undefined);
    expect(sg003?.fix).not.toContain('set fanOut on `seat-map` too');
    expect(sg003?.edits?.some((e) => e.path.endsWith('fanOut'))).toBe(false);
  });
});
