/**
 * A GuardedTable whose design `thresholds` loosen the lint says so at synth, in the words `skewguard lint` gives a design
 * file's (test/cli/config.test.ts: `thresholds: loosens headroom to 1 (default 0.8), maxHotKeyShare to 1 (default 0.1)`):
 * `headroom: 1` plans a key to its partition's ceiling and `maxHotKeyShare: 1` lets one value take all the traffic before
 * SG014 warns, so thresholds set to silence a finding never pass with nothing said.
 */
import { Annotations } from 'aws-cdk-lib';
import { Annotations as AssertAnnotations, Match } from 'aws-cdk-lib/assertions';
import { GuardedTable } from '../../lib/cdk';
import { appWithStack, healthy } from './support';

const loosenedWarnings = (stack: Parameters<typeof AssertAnnotations.fromStack>[0]) =>
  AssertAnnotations.fromStack(stack)
    .findWarning('*', Match.stringLikeRegexp('skewguard:thresholds-loosened'))
    .map((w) => [w.id, String(w.entry.data)]);

describe("a GuardedTable's loosened thresholds are said at synth, as the CLI says a design file's", () => {
  it('headroom and maxHotKeyShare above their defaults: one warning on the table naming each, with its default and the id that acknowledges it', () => {
    const { stack } = appWithStack();
    new GuardedTable(stack, 'Orders', healthy({ thresholds: { headroom: 1, maxHotKeyShare: 1 } }));
    const warnings = loosenedWarnings(stack);
    expect(warnings.map(([id]) => id)).toEqual(['/Test/Orders']);
    expect(warnings[0][1]).toContain('thresholds: loosens headroom to 1 (default 0.8), maxHotKeyShare to 1 (default 0.1)');
    expect(warnings[0][1]).toContain("Annotations.of(table).acknowledgeWarning('skewguard:thresholds-loosened')");
  });

  it('names only the thresholds that loosen: a lower minCardinality does, a lower maxShards tightens', () => {
    const { stack } = appWithStack();
    new GuardedTable(stack, 'Orders', healthy({ thresholds: { minCardinality: 50, maxShards: 50 } }));
    expect(loosenedWarnings(stack).map(([, text]) => text.split(';')[0])).toEqual(['thresholds: loosens minCardinality to 50 (default 100)']);
  });

  it.each([
    ['no thresholds', {}],
    ['thresholds at their defaults', { thresholds: { headroom: 0.8, maxHotKeyShare: 0.1 } }],
    ['stricter thresholds', { thresholds: { headroom: 0.7, minCardinality: 200 } }],
  ])('%s: no warning', (_, props) => {
    const { stack } = appWithStack();
    new GuardedTable(stack, 'Orders', healthy(props));
    expect(loosenedWarnings(stack)).toEqual([]);
  });

  it('acknowledged with its id, the warning is silenced', () => {
    const { stack } = appWithStack();
    const table = new GuardedTable(stack, 'Orders', healthy({ thresholds: { headroom: 0.9 } }));
    Annotations.of(table).acknowledgeWarning('skewguard:thresholds-loosened');
    expect(loosenedWarnings(stack)).toEqual([]);
  });
});
