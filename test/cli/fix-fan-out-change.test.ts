// What the application must do when --fix turns an access pattern's fan-out on or off. A fix that removes a needless
// sharding also removes `fanOut`, and once said "must read every shard and merge the results": the opposite.
import { applicationChange } from '../../lib/cli/fix-consequences';

const path = 'tables[0].accessPatterns[2].fanOut';

describe('applicationChange of an access pattern fanOut', () => {
  it('set to true: the queries read every shard and merge', () => {
    expect(applicationChange({ op: 'set', path, value: true })).toBe('the queries of this access pattern must read every shard and merge the results');
  });

  it('removed, or set to false: the queries stop fanning out and query the one key', () => {
    const stop = 'the queries of this access pattern must stop reading every shard and query the one unsharded key';
    expect(applicationChange({ op: 'remove', path })).toBe(stop);
    expect(applicationChange({ op: 'set', path, value: false })).toBe(stop);
  });
});
