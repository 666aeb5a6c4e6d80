/**
 * dynA32 item 1: an on-demand table launched at its peak with a GSI no access pattern reads (review32/unread-index-launch.json,
 * 5,000 WCU, patterns read only the table) made SG017 divide the index's 0 reads by its 0 share of the table's reads: the
 * figure was NaN, and rendering it threw a RangeError from inside the formatter, so the lint gave no verdict at all (CLI
 * exit 2, CDK "Validation plugin failed"). An index nobody reads has 0 read load, and every figure about it is defined.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { lint, type DesignInput, type DynamoDbTableDesign } from '../../lib';
import { fillTemplate, compileTemplate } from '../../lib/lint/messages';

const probe = JSON.parse(readFileSync(join(__dirname, 'review32', 'unread-index-launch.json'), 'utf8')) as { tables: DynamoDbTableDesign[] };

const variant = (change: Partial<DynamoDbTableDesign>): DesignInput => ({ tables: [Object.assign({}, probe.tables[0], change)] });

describe('an index no access pattern reads (item 1)', () => {
  it('gets a verdict: SG017 names the index as read by no access pattern, with 0 RCU, and no undefined figure', () => {
    const findings = lint(probe);
    const onIndex = findings.filter((f) => f.ruleId === 'SG017' && f.index === 'gsi1');
    expect(onIndex).toHaveLength(1);
    expect(onIndex[0]).toMatchObject({ messageId: 'notPreWarmed', data: { reads: 0 } });
    expect(onIndex[0].notes).toContain('readsByNoPattern');
    expect(onIndex[0].message).toContain('no access pattern reads it');
    expect(onIndex[0].message).not.toContain('NaN');
  });

  it('a sweep of such designs (launch on or off, no reads at all or 100 RCU, writes 0 to 50,000) never throws nor writes NaN', () => {
    const checked: string[] = [];
    for (const launchAtPeak of [true, false])
      for (const peakReadUnits of [0, 100])
        for (const peakWriteUnits of [0, 1, 1000, 3499, 3500, 4000, 5000, 12000, 40000, 50000])
          for (const gsiWrites of [undefined, 0, peakWriteUnits]) {
            const design = variant({
              launchAtPeak,
              workload: { peakReadUnits, peakWriteUnits },
              globalSecondaryIndexes: [
                Object.assign({}, probe.tables[0].globalSecondaryIndexes?.[0], gsiWrites === undefined ? {} : { workload: { peakWriteUnits: gsiWrites } }),
              ],
            });
            const label = JSON.stringify({ launchAtPeak, peakReadUnits, peakWriteUnits, gsiWrites });
            let texts: string[];
            try {
              texts = lint(design).flatMap((f) => [f.message, f.fix ?? '']);
            } catch (error) {
              texts = [`threw ${String(error)}`];
            }
            const bad = texts.filter((text) => /NaN|threw/.test(text));
            if (bad.length > 0) checked.push(`${label}: ${bad.join(' | ')}`);
          }
    expect(checked).toEqual([]);
  });
});

describe('a NaN figure reaching a message is our bug, named as such', () => {
  it('names the placeholder and its template instead of failing inside the number formatter', () => {
    const template = compileTemplate('the index takes {{reads}} RCU of {{share|percent}}');
    expect(() => fillTemplate(template, { reads: Number.NaN, share: 0.5 })).toThrow(/placeholder "\{\{reads\}\}" is NaN.*the index takes/);
    expect(() => fillTemplate(template, { reads: 1, share: Number.NaN })).toThrow(/placeholder "\{\{share\}\}" is NaN/);
  });
});
