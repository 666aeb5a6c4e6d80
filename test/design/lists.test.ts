import { listOf } from '../../lib/design/lists';

describe('listOf', () => {
  it("gives each item's result, in order, with its index", () => {
    expect(listOf(['a', 'b', 'c'], (item, i) => `${i}:${item}`)).toEqual(['0:a', '1:b', '2:c']);
  });

  it('gives a new empty list for no items', () => {
    const items: readonly string[] = [];
    const list = listOf(items, (item) => item);
    expect(list).toEqual([]);
    expect(list).not.toBe(items);
  });
});
