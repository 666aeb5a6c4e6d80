/** The fix a report for people prints for each finding: one shared by two findings on a key space is printed once. */
import { fixesOnce } from '../../lib/lint/fixes-once';

const LONG = `pre-warm the table and shard it ${'x'.repeat(200)}`;
const on = (ruleId: string, fix: string, index?: string) => ({ ruleId, resource: 'answers', ...(index ? { index } : {}), fix });

describe('fixesOnce', () => {
  it('refers a later finding to an earlier one with the same fix, or the same with words added or left out', () => {
    expect(fixesOnce([on('SG001', LONG), on('SG003', LONG)])).toEqual([LONG, "the same as SG001's on this key, above"]);
    expect(fixesOnce([on('SG001', `use a composite key, or ${LONG}`), on('SG003', LONG)])[1]).toBe(
      `the same as SG001's on this key, above, without its opening "use a composite key, or"`,
    );
    expect(fixesOnce([on('SG003', LONG), on('SG001', `use a composite key, or ${LONG}`)])[1]).toBe(
      "use a composite key, or the same as SG003's on this key, above",
    );
  });

  it('prints in full a fix on another key space, a different fix, or a short one', () => {
    expect(fixesOnce([on('SG001', LONG), on('SG003', LONG, 'by-room')])).toEqual([LONG, LONG]);
    expect(fixesOnce([on('SG001', LONG), on('SG003', `${LONG}!`.slice(1))])[1]).toBe(`${LONG}!`.slice(1));
    expect(fixesOnce([on('SG001', 'or pre-warm it'), on('SG003', 'pre-warm it')])[1]).toBe('pre-warm it');
  });
});
