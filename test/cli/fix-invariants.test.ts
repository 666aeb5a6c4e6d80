/**
 * `--fix` never applies a sharding that breaks a declared invariant (issue 14 §6), and does apply the
 * fixes that keep one: the real rules' edits on the shipped examples, no synthetic ones.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { lint, type DesignInput } from '../../lib';
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

describe("--fix and a conditional write on one item per sort-key value (seat28, a stranger's concert ticketing)", () => {
  // The stranger's seat-inventory file, as reported: a hold succeeds only if that seat is AVAILABLE.
  const seatFile = (invariant: Record<string, unknown>) =>
    JSON.stringify({
      tables: [
        {
          name: 'seat-inventory',
          partitionKey: { name: 'eventId', type: 'S', cardinality: 5000 },
          sortKey: { name: 'seatId', type: 'S', cardinality: 80000 },
          billing: 'on-demand',
          workload: { peakReadUnits: 40000, peakWriteUnits: 12000, hotKeyShare: 0.95 },
          warmThroughput: { readUnitsPerSecond: 40000, writeUnitsPerSecond: 12000 },
          invariants: [{ kind: 'conditional-write', description: 'A seat hold succeeds only if the seat is AVAILABLE', ...invariant }],
          accessPatterns: [
            // Sized (480 KB), so the fix's fan-out is counted and written: with no resultKb none is.
            { name: 'seat-map', keyAttributes: ['eventId'], share: 0.7, resultKb: 480 },
            { name: 'hold-seat', keyAttributes: ['eventId', 'seatId'], share: 0.3 },
          ],
        },
      ],
    });

  it('scoped to seatId: --fix writes the shards calculated on seatId, and the re-lint is clean of SG003 and of the invariant', () => {
    const result = fixDesignText(seatFile({ scopeAttribute: 'seatId' }), {});
    const design = JSON.parse(result.text) as DesignInput & { tables: unknown[] };
    expect(design.tables[0]).toMatchObject({ sharding: { strategy: 'calculated', shards: 40, sourceAttribute: 'seatId', hotValues: 1 } });
    const again = lint(design);
    expect(again.filter((f) => f.ruleId === 'SG003' || f.ruleId === 'SG019')).toEqual([]);
    expect(again.map((f) => f.fix).join('\n')).not.toMatch(/cannot follow the shards|on one item per/);
  });

  it('with no scope (one aggregate item per event): --fix still leaves the file alone and says why', () => {
    const text = seatFile({});
    const result = fixDesignText(text, {});
    expect(result.text).toBe(text);
    expect(result.skipped.map((s) => `${s.ruleId} ${s.path}: ${s.message}`)).toContain(`SG003 tables[0].partitionKey: ${NO_EDITS}`);
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
