/**
 * Findings are listed with array indexes in number order (`globalSecondaryIndexes[2]` before `[10]`), in every report
 * format: the engine sorts them with one comparator for paths (compareFieldPaths), and no format reorders them.
 */
import { compareFieldPaths } from '../../lib/design/field-path';
import { cli, tempTree } from './helpers';

/** One table with 12 indexes, each keyed by a 3-value status: an SG001 error on every index, nothing else apart. */
const TWELVE_INDEXES = JSON.stringify({
  tables: [
    {
      name: 'big',
      partitionKey: { name: 'id', type: 'S', cardinality: 'unique' },
      workload: { peakReadUnits: 100, peakWriteUnits: 5000 },
      globalSecondaryIndexes: Array.from({ length: 12 }, (_, i) => ({ indexName: `idx${i}`, partitionKey: { name: `status${i}`, type: 'S', cardinality: 3 } })),
    },
  ],
});
const IN_ORDER = Array.from({ length: 12 }, (_, i) => `tables[0].globalSecondaryIndexes[${i}].partitionKey`);
/** The index paths in the order a report names them. */
const indexPaths = (text: string) => [...text.matchAll(/tables\[0\]\.globalSecondaryIndexes\[\d+\]\.partitionKey/g)].map((m) => m[0]);
const unique = (paths: string[]) => [...new Set(paths)];

describe('compareFieldPaths', () => {
  it('orders array indexes by number and the rest by text', () => {
    const paths = ['a[10]', 'a[2]', 'a[1999]', 'a[1].b', 'a[1]', 'a.b', 'b', 'a[1].a[3]', 'a[1].a[20]'];
    expect([...paths].sort(compareFieldPaths)).toEqual(['a.b', 'a[1]', 'a[1].a[3]', 'a[1].a[20]', 'a[1].b', 'a[2]', 'a[10]', 'a[1999]', 'b']);
    expect(compareFieldPaths('x[7]', 'x[7]')).toBe(0);
  });
});

describe('findings on many indexes', () => {
  const file = `${tempTree({ 'gsi.json': TWELVE_INDEXES })}/gsi.json`;

  it.each(['text', 'json', 'sarif', 'github'])('are listed with indexes in number order in the %s report', async (format) => {
    const { code, stdout } = await cli(['lint', file, '--no-config', '--format', format]);
    expect(code).toBe(1);
    expect(unique(indexPaths(stdout))).toEqual(IN_ORDER);
  });
});
