/**
 * Review 13 item 10, as `skewguard observe` reports it: the reviewer's read-hot catalogue (/categoryId → /productId,
 * test/lint/review13/catalogue.json, declared with a mild category), whose logs show one category taking most of the
 * reads and one product a third of them. With those figures SG003 fires on the first level, and its buckets must hash
 * the same source the lint of the design names (`productId`, the declared level that holds one document), not an `id`
 * the design does not name; and the category, hot by its reads, is offered the integrated cache first.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { cli, tempTree } from '../helpers';
import { findingsOf } from './support';

const minute = (m: number) => `2026-11-30T18:${String(m).padStart(2, '0')}:00Z`;

/** The reviewer's container, its hottest category declared at 2.5% (the mild figure observe contradicts). */
function design() {
  const { engine: _engine, ...container } = JSON.parse(readFileSync(join(__dirname, '..', '..', 'lint', 'review13', 'catalogue.json'), 'utf8'));
  const [category, product] = container.partitionKey.paths;
  return { containers: [{ ...container, partitionKey: { paths: [{ ...category, hotKeyShare: 0.025, largestGb: 40 }, product] } }] };
}

/** 30 minutes of 20,000 RU/s of reads (a minute's 1.2 M RU): product p-hot of category cat-1 takes 30%, six other
 *  products of cat-1 10% each, nine other categories the last 10%; and 100 RU/s of writes on one of them. */
function ruRows() {
  const rows: Record<string, unknown>[] = [];
  const row = (m: number, key: string, operation: string, charge: number) => ({
    TimeGenerated: minute(m),
    DatabaseName: 'shop',
    CollectionName: 'catalogue',
    PartitionKey: key,
    OperationName: operation,
    RequestCharge: charge,
  });
  const perMinute = 20_000 * 60;
  for (let m = 0; m < 30; m++) {
    rows.push(row(m, '["cat-1","p-hot"]', 'Query', 0.3 * perMinute));
    for (let p = 0; p < 6; p++) rows.push(row(m, `["cat-1","p-${p}"]`, 'Read', 0.1 * perMinute));
    for (let c = 2; c <= 10; c++) rows.push(row(m, `["cat-${c}","p-1"]`, 'Read', (0.1 * perMinute) / 9));
    rows.push(row(m, '["cat-2","p-2"]', 'Create', 100 * 60));
  }
  return rows;
}

describe('observe, review 13 item 10: the read-hot category', () => {
  it('names the bucket source the lint names, and offers the cache first', async () => {
    const dir = tempTree({
      'catalogue.json': JSON.stringify(design(), null, 2),
      'ru.json': JSON.stringify(ruRows()),
      'manifest.json': JSON.stringify({ periodSeconds: 60, observations: [{ container: 'catalogue', database: 'shop', ruConsumption: 'ru.json' }] }),
    });
    const run = await cli(['observe', 'catalogue.json', '--observations', 'manifest.json', '--format', 'json'], { cwd: dir });
    const firstLevel = findingsOf(run.stdout).find(
      (f) => f.messageId === 'firesWithObserved' && f.data?.rule === 'SG003' && f.path === 'containers[0].partitionKey.paths[0]',
    );
    expect(firstLevel?.fix).toMatch(/^put the integrated cache in front of the reads of the hottest `\/categoryId` value/);
    expect(firstLevel?.fix).toMatch(/; or give the first level more values: .* hash\(productId\) mod \d+ /);
    expect(firstLevel?.fix).not.toContain('hash(id)');
  });
});
