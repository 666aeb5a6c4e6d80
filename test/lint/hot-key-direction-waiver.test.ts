/**
 * A waiver of SG003's hot key can name the direction of heat it accepts. An online auction's hot item is read through
 * DAX, so the team waived SG003 for it, "DAX in front"; the same item took 8,000 WCU of writes, ten times the 800 WCU a
 * partition plans for (1,000 WCU hard), and the waiver hid that too: SG003 reports a key's read and write heat under one
 * message id. DAX is a write-through cache, every write still reaches the table ("DAX and DynamoDB consistency
 * models"), as Cosmos DB's integrated cache serves point reads and queries only ("Azure Cosmos DB integrated cache").
 * `appliesTo: ["hotKeyReads"]` now waives the finding only while the reads are the only direction over.
 */
import { blockingFindings, describeFinding, lintDocument, validateAcknowledgements, type CosmosContainerDesign, type DynamoDbTableDesign } from '../../lib';
import { unusedWaiverNote } from '../../lib/internal';
import { findingEntry } from '../../lib/testing/report';
import { hotSiteTelemetry, hourlyOrderEvents } from '../fixtures';

const DAX = 'DAX in front of the hot item: its item cache answers the reads';

/** The auction's items: the hottest takes half of the peak (20,000 RCU of reads; 8,000 WCU of writes at 16,000). */
const auction = (peakWriteUnits: number, acknowledgements: DynamoDbTableDesign['acknowledgements'] = []): DynamoDbTableDesign => ({
  engine: 'dynamodb',
  name: 'auction-items',
  partitionKey: { name: 'itemId', type: 'S', cardinality: 100_000 },
  workload: { peakReadUnits: 40_000, peakWriteUnits, hotKeyShare: 0.5 },
  acknowledgements,
});

const hotKeyOf = (design: DynamoDbTableDesign | CosmosContainerDesign) => {
  const result = lintDocument(design);
  const hot = result.findings.filter((f) => f.ruleId === 'SG003');
  expect(hot).toHaveLength(1);
  return { result, hot: hot[0] };
};

describe('SG003 waived for one direction of heat', () => {
  it('a waiver of the reads leaves the item reported while its writes are over too, and says which heat it leaves out', () => {
    const { result, hot } = hotKeyOf(auction(16_000, [{ rule: 'SG003', appliesTo: ['hotKeyReads'], reason: DAX }]));
    expect(hot).toMatchObject({ messageId: 'hotKey', severity: 'error', acknowledged: false, parts: ['hotKeyReads', 'hotKeyWrites'] });
    expect(hot.data).toMatchObject({ writeLoad: 8000, writeCeiling: 1000, readLoad: 20_000 });
    expect(hot.partialAcknowledgement).toEqual({ reason: DAX, path: 'acknowledgements[0]', appliesTo: ['hotKeyReads'], leftOut: ['hotKeyWrites'] });
    expect(blockingFindings(result.findings)).toContain(hot);
    // Named by the finding, so not stale: it waives the finding once the writes are sharded.
    expect(result.unusedAcknowledgements).toEqual([]);
    const note =
      'the acknowledgement of SG003 at acknowledgements[0] (`appliesTo: ["hotKeyReads"]`) does not waive this finding, which is also hotKeyWrites ' +
      "(the hottest value's writes are over their ceiling): fix that (the fix below), or, if it is accepted too, name it as well " +
      '(`appliesTo: ["hotKeyReads","hotKeyWrites"]`, or in a waiver of its own; through CDK, acknowledge \'skewguard::SG003[hotKeyWrites]\' beside it)';
    expect(describeFinding(hot)).toContain(`(${note})`);
    expect(findingEntry(hot).message).toContain(`; not waived: ${note}`);
  });

  it('with the writes sharded as the fix says, the waiver covers the read heat left', () => {
    const design = auction(16_000, [{ rule: 'SG003', appliesTo: ['hotKeyReads'], reason: DAX }]);
    const { result, hot } = hotKeyOf({ ...design, sharding: { strategy: 'random', shards: 26, hotValues: 1 } });
    expect(hot).toMatchObject({ acknowledged: true, reason: DAX, parts: ['hotKeyReads'] });
    expect(result.unusedAcknowledgements).toEqual([]);
  });

  it('waives the item whose reads alone are over', () => {
    const { result, hot } = hotKeyOf(auction(1_000, [{ rule: 'SG003', appliesTo: ['hotKeyReads'], reason: DAX }]));
    expect(hot).toMatchObject({ messageId: 'hotKey', acknowledged: true, reason: DAX, parts: ['hotKeyReads'] });
    expect(hot.partialAcknowledgement).toBeUndefined();
    expect(blockingFindings(result.findings)).toEqual([]);
    expect(result.unusedAcknowledgements).toEqual([]);
  });

  it('`hotKey`, both parts, or the whole rule still waive both directions', () => {
    for (const waiver of [{ appliesTo: ['hotKey'] }, { appliesTo: ['hotKeyReads', 'hotKeyWrites'] }, {}]) {
      const { result, hot } = hotKeyOf(auction(16_000, [{ rule: 'SG003', reason: 'Both directions accepted for the launch week.', ...waiver }]));
      expect([hot.acknowledged, hot.partialAcknowledgement]).toEqual([true, undefined]);
      expect(result.unusedAcknowledgements).toEqual([]);
    }
  });

  it('waivers of the reads and of the writes, each with its own reason, add up to waive a key over in both directions', () => {
    const writes = { rule: 'SG003', appliesTo: ['hotKeyWrites'], reason: 'Launch-week bids accepted: the writes throttle and retry.' };
    const { result, hot } = hotKeyOf(auction(16_000, [{ rule: 'SG003', appliesTo: ['hotKeyReads'], reason: DAX }, writes]));
    expect(hot).toMatchObject({ acknowledged: true, reason: `${DAX}; ${writes.reason}`, parts: ['hotKeyReads', 'hotKeyWrites'] });
    expect(hot.partialAcknowledgement).toBeUndefined();
    expect(blockingFindings(result.findings)).toEqual([]);
    // Both are used: neither is reported as waiving nothing.
    expect(result.unusedAcknowledgements).toEqual([]);
  });

  it('a waiver of the reads on an item over on its writes alone is unused, and names the heat SG003 does report there', () => {
    const design = auction(16_000, [{ rule: 'SG003', appliesTo: ['hotKeyReads'], reason: DAX }]);
    const { result, hot } = hotKeyOf({ ...design, workload: { ...design.workload, peakReadUnits: 1_000 } });
    expect(hot).toMatchObject({ acknowledged: false, parts: ['hotKeyWrites'] });
    expect(hot.partialAcknowledgement).toBeUndefined();
    expect(result.unusedAcknowledgements).toMatchObject([{ ruleId: 'SG003', appliesTo: ['hotKeyReads'], openKinds: ['hotKeyWrites'] }]);
    expect(unusedWaiverNote(result.unusedAcknowledgements[0])).toContain(
      'SG003 reports no finding of kind hotKeyReads (`appliesTo`) on auction-items; it reports hotKeyWrites there',
    );
  });

  it('on Cosmos DB (one RU/s budget): the reads waiver covers a key the writes alone fit, not one they alone overrun', () => {
    const container = (peakReadUnits: number, peakWriteUnits: number): CosmosContainerDesign => ({
      engine: 'cosmosdb',
      name: 'bids',
      partitionKey: { paths: [{ path: '/itemId', cardinality: 100_000 }] },
      workload: { peakReadUnits, peakWriteUnits, hotKeyShare: 0.5 },
      acknowledgements: [{ rule: 'SG003', appliesTo: ['hotKeyReads'], reason: 'The integrated cache answers the hot item reads.' }],
    });
    // The hottest item's 10,000 RU/s of reads beside 2,000 of writes, over the usable 8,000 RU/s; the writes alone within it.
    expect(hotKeyOf(container(20_000, 4_000)).hot).toMatchObject({ acknowledged: true, parts: ['hotKeyReads'] });
    // 6,000 and 4,000: over together, each within alone; without the reads a cache answers, the writes fit.
    expect(hotKeyOf(container(12_000, 8_000)).hot).toMatchObject({ acknowledged: true, parts: ['hotKeyReads'] });
    // 9,000 RU/s of writes alone are over: a cache leaves them so.
    expect(hotKeyOf(container(20_000, 18_000)).hot).toMatchObject({
      acknowledged: false,
      parts: ['hotKeyReads', 'hotKeyWrites'],
      partialAcknowledgement: { leftOut: ['hotKeyWrites'] },
    });
  });

  it('the direction kinds are SG003’s only: another rule refuses them at the field', () => {
    expect(() => validateAcknowledgements([{ rule: 'SG017', appliesTo: ['hotKeyReads'], reason: DAX }])).toThrow(
      /acknowledgements\[0\]\.appliesTo\[0\]: "hotKeyReads" is not a message id of SG017/,
    );
    expect(() => validateAcknowledgements([{ rule: 'SG003', appliesTo: ['hotKeyReads'], reason: DAX }])).not.toThrow();
    expect(() => lintDocument(auction(16_000, [{ rule: 'SG003', appliesTo: ['hotKeyRead'], reason: DAX }]))).toThrow(
      /acknowledgements\[0\]\.appliesTo\[0\]: "hotKeyRead" is not a message id of SG003; did you mean "hotKeyReads"\?/,
    );
  });
});

/**
 * SG003 words its hot-key finding otherwise where the design names more of the value: held with its shard in another
 * attribute (`hotHeldKey`), named by the reads that ask for it (`hotNamedKey`), judged under the hottest first-level
 * value (`hotKeyUnderFirstLevel`). Each is the same finding, made of the same directions of heat: `appliesTo: ["hotKey"]`
 * waives every wording, so declaring a pattern's `keyValue` neither revives the finding nor leaves the waiver stale.
 */
describe('SG003 waived as `hotKey`, however the finding is worded', () => {
  const LAUNCH = 'Accepted for the launch week: the hot item is retired after it.';
  const hotKey = (extra: { index?: string } = {}) => [{ rule: 'SG003', appliesTo: ['hotKey'], reason: LAUNCH, ...extra }];
  const watched = (acknowledgements: DynamoDbTableDesign['acknowledgements']) => ({
    ...auction(16_000, acknowledgements),
    accessPatterns: [{ name: 'watch-item', keyAttributes: ['itemId'], share: 0.5, keyValue: 'item-1' }],
  });

  it('waives the value named by the reads that ask for it (`hotNamedKey`), and a waiver of that wording holds too', () => {
    const { result, hot } = hotKeyOf(watched(hotKey()));
    expect(hot).toMatchObject({ messageId: 'hotNamedKey', variantOf: 'hotKey', acknowledged: true, reason: LAUNCH });
    expect(result.unusedAcknowledgements).toEqual([]);
    expect(hotKeyOf(watched([{ rule: 'SG003', appliesTo: ['hotNamedKey'], reason: LAUNCH }])).hot.acknowledged).toBe(true);
  });

  it('waives the value held with its shard in another attribute (`hotHeldKey`), on the index the waiver names', () => {
    const design = hourlyOrderEvents(4);
    const { result, hot } = hotKeyOf({ ...design, acknowledgements: hotKey({ index: 'by-hour' }) });
    expect(hot).toMatchObject({ messageId: 'hotHeldKey', variantOf: 'hotKey', index: 'by-hour', acknowledged: true });
    expect(result.unusedAcknowledgements).toEqual([]);
  });

  it('waives a full key value judged under the hottest first-level value (`hotKeyUnderFirstLevel`), not that level’s own finding', () => {
    const result = lintDocument({ ...hotSiteTelemetry(), acknowledgements: hotKey() });
    const sg003 = result.findings.filter((f) => f.ruleId === 'SG003').map((f) => [f.path, f.messageId, f.variantOf, f.acknowledged]);
    expect(sg003).toEqual([
      ['partitionKey.paths', 'hotKeyUnderFirstLevel', 'hotKey', true],
      ['partitionKey.paths[0]', 'prefixHot', undefined, false],
    ]);
  });

  it('a variant’s own id waives that wording alone: `hotNamedKey` on the plain `hotKey` finding waives nothing', () => {
    const { result, hot } = hotKeyOf(auction(16_000, [{ rule: 'SG003', appliesTo: ['hotNamedKey'], reason: LAUNCH }]));
    expect(hot).toMatchObject({ messageId: 'hotKey', acknowledged: false });
    expect(hot.variantOf).toBeUndefined();
    expect(result.unusedAcknowledgements).toMatchObject([{ ruleId: 'SG003', appliesTo: ['hotNamedKey'], openKinds: ['hotKeyReads', 'hotKeyWrites'] }]);
  });
});
