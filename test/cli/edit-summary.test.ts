// The text report's line for an applied edit: a long value is cut where a JSON member ends, never inside a figure
// (review 16: `{"path":"/userId","cardinality":100000…` for 1,000,000 read as 100,000).
import { describeEdit } from '../../lib/cli/report-text';

describe('describeEdit', () => {
  it('shows a short value whole', () => {
    expect(describeEdit({ op: 'set', path: 'tables[0].sharding.shards', value: 12 })).toBe('set tables[0].sharding.shards to 12');
  });

  it('cuts a long value after its last whole member', () => {
    const value = { path: '/userId', cardinality: 1_000_000, hotKeyShare: 0.0125, note: 'x'.repeat(60) };
    const line = describeEdit({ op: 'set', path: 'containers[0].partitionKey.paths[1]', value });
    expect(line).toBe('set containers[0].partitionKey.paths[1] to {"path":"/userId","cardinality":1000000,"hotKeyShare":0.0125,…');
  });

  it('cuts a long word back to its start when no member ends within the limit', () => {
    expect(describeEdit({ op: 'set', path: 'x', value: `tenant ${'a'.repeat(100)}` })).toBe('set x to "tenant …');
  });
});
