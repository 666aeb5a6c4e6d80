/**
 * `--fix` never applies a sharding that breaks a declared invariant (issue 14 §6), and does apply the
 * fixes that keep one: the real rules' edits on the shipped examples, no synthetic ones.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fixDesignText, NO_EDITS } from '../../lib/cli/fix';
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

describe('--fix names each error it leaves because its fix carries no edits (a user saw a Cosmos DB SG003 left without a word)', () => {
  it.each([
    ['bad/physical-partition-hot-store.json', 'SG003 containers[0].partitionKey.paths'],
    ['bad/ledger-hot-account.json', 'SG003 tables[0].partitionKey'],
  ])('%s: one line, saying why nothing changed for it', (name, finding) => {
    const { text, result } = fixed(name);
    expect(result.text).toBe(text);
    expect(result.skipped.map((s) => `${s.ruleId} ${s.path}: ${s.message}`)).toEqual([`${finding}: ${NO_EDITS}`]);
  });

  it('a file whose errors all carry edits gets no such line', () => {
    expect(fixed('bad/date-key.json').result.skipped.filter((s) => s.message === NO_EDITS)).toEqual([]);
  });
});
