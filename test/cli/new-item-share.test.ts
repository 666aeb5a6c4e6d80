/**
 * The expert's reproducer through the built binary: `plays` keyed by a unique `playId`, 20,000 WCU, a `KEYS_ONLY`
 * index `by-label` whose hottest label takes 40%. Every write is a put of a new item, which writes the index whatever
 * its projection (lib/lint/new-items.ts): 8,000 WCU on one label's partition, an error that fails CI. With
 * `workload.newItemShare: 0.01` the index takes 200 WCU of puts, 80 on the hot label: clean.
 */
import { join } from 'node:path';
import { bin, tempTree } from './helpers';

const PLAYS = (workload: string) => `{"tables":[{"name":"plays","partitionKey":{"name":"playId","type":"S","cardinality":"unique"},
 "workload":{"peakReadUnits":1000,"peakWriteUnits":20000${workload}},
 "globalSecondaryIndexes":[{"indexName":"by-label","partitionKey":{"name":"labelId","type":"S","cardinality":1500},"sortKey":{"name":"playedAt","type":"S"},
   "projectionType":"KEYS_ONLY","workload":{"hotKeyShare":0.4}}]}]}
`;

describe('an append log`s KEYS_ONLY index through the CLI', () => {
  it('undeclared: SG003 is an error and the run exits 1', () => {
    const dir = tempTree({ 'append-gsi.json': PLAYS('') });
    const { code, stdout } = bin(['lint', join(dir, 'append-gsi.json')]);
    expect(code).toBe(1);
    expect(stdout).toMatch(/error +SG003 hot-key-exceeds-partition/);
    expect(stdout).toContain('a table keyed by a unique `playId` takes its writes as new items');
    expect(stdout).toMatch(/1 error, 0 warnings in 1 file/);
  });

  it('newItemShare 0.01: 80 WCU on the hot label fit, exit 0', () => {
    const dir = tempTree({ 'append-gsi.json': PLAYS(',"newItemShare":0.01') });
    const { code, stdout } = bin(['lint', join(dir, 'append-gsi.json')]);
    expect(stdout).toMatch(/0 errors, 0 warnings in 1 file/);
    expect(code).toBe(0);
  });
});
