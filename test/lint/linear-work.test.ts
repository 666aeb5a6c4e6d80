import { wideTable } from '../../bench/designs';
import { lint } from '../../lib';

/** The array methods a per-GSI scan of every GSI would use (`find`, `some`, `filter`…). */
const SCANS = ['find', 'findIndex', 'some', 'every', 'includes', 'indexOf', 'filter', 'map', 'forEach', 'flatMap', 'reduce'] as const;

/**
 * Work, counted instead of timed: the elements every array scan visits while `run` runs. A lookup
 * that scans all GSIs once per GSI makes this grow with n², whatever the machine's speed.
 */
function elementsScanned(run: () => void): number {
  const originals = SCANS.map((name) => [name, Array.prototype[name]] as const);
  let visited = 0;
  for (const [name, original] of originals) {
    Object.defineProperty(Array.prototype, name, {
      configurable: true,
      writable: true,
      value(this: unknown[], ...args: unknown[]) {
        visited += this.length;
        return (original as (...a: unknown[]) => unknown).apply(this, args);
      },
    });
  }
  try {
    run();
  } finally {
    for (const [name, original] of originals) Object.defineProperty(Array.prototype, name, { configurable: true, writable: true, value: original });
  }
  return visited;
}

describe('lint work grows linearly with the GSIs of a table', () => {
  it('scans about 3× the elements for 3,000 GSIs and access patterns as for 1,000', () => {
    const small = wideTable(1000);
    const large = wideTable(3000);
    const a = elementsScanned(() => lint(small));
    const b = elementsScanned(() => lint(large));
    // Every GSI is visited at least once: the counter sees the work.
    expect(a).toBeGreaterThan(1000);
    // Quadratic lookups would make this about 9.
    expect(b / a).toBeLessThan(3.3);
    expect(b / a).toBeGreaterThan(2.7);
  });
});
