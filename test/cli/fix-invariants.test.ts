/**
 * `--fix` never applies a sharding that breaks a declared invariant (issue 14 §6), and does apply the
 * fixes that keep one: the real rules' edits on the shipped examples, no synthetic ones.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fixDesignText } from '../../lib/cli/fix';
import { examples } from './helpers';

const fixed = (name: string) => {
  const text = readFileSync(join(examples, name), 'utf8');
  const result = fixDesignText(text, {});
  return { text, result, design: JSON.parse(result.text) };
};

describe('--fix and invariants', () => {
  it('leaves the hot ledger alone: sharding its account would move the entries but not the running balance', () => {
    const { text, result } = fixed('bad/ledger-hot-account.json');
    expect(result.fixes).toEqual([]);
    expect(result.text).toBe(text);
  });

  it('removes the 8 shards that split a cart its checkout batch needs whole', () => {
    const { design, result } = fixed('bad/cart-split-over-keys.json');
    expect(result.fixes.length).toBeGreaterThan(0);
    expect(design.containers[0].sharding).toBeUndefined();
    expect(design.containers[0].invariants).toHaveLength(1);
  });

  it('moves a calculated shard off a 1-valued region onto the unique, never-changing sort key', () => {
    const { design } = fixed('bad/calculated-on-one-region.json');
    expect(design.tables[0].sharding).toMatchObject({ strategy: 'calculated', sourceAttribute: 'userId' });
  });
});
