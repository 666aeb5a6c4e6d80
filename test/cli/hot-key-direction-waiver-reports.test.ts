/**
 * The reports of an auction item waived for its reads (`appliesTo: ["hotKeyReads"]`, DAX in front) whose writes are
 * over too: SARIF keeps the result unsuppressed and says which heat the waiver leaves out, and the text report says it
 * on a "not waived" line.
 */
import { join } from 'node:path';
import { cli, tempTree } from './helpers';

const AUCTION = {
  engine: 'dynamodb',
  name: 'auction-items',
  partitionKey: { name: 'itemId', type: 'S', cardinality: 100_000 },
  // The hottest item: 20,000 RCU of reads, 8,000 WCU of writes.
  workload: { peakReadUnits: 40_000, peakWriteUnits: 16_000, hotKeyShare: 0.5 },
  acknowledgements: [{ rule: 'SG003', appliesTo: ['hotKeyReads'], reason: 'DAX in front of the hot item: its item cache answers the reads' }],
};

const LEFT_OUT = 'the acknowledgement of SG003 at acknowledgements[0] (`appliesTo: ["hotKeyReads"]`) does not waive this finding, which is also hotKeyWrites';

interface SarifResult {
  readonly ruleId: string;
  readonly level: string;
  readonly message: { readonly text: string };
  readonly suppressions?: unknown[];
}

describe('a waiver of the reads of an item whose writes are over too', () => {
  const file = () => join(tempTree({ 'auction.json': JSON.stringify(AUCTION, null, 2) }), 'auction.json');

  it('SARIF: the result stays unsuppressed, an error, and says the waiver leaves the writes out', async () => {
    const { code, stdout } = await cli(['lint', file(), '--format', 'sarif']);
    const results = (JSON.parse(stdout).runs[0].results as SarifResult[]).filter((r) => r.ruleId === 'SG003');
    expect(results.map((r) => [r.level, r.suppressions])).toEqual([['error', undefined]]);
    expect(results[0].message.text).toContain(`. Not waived: ${LEFT_OUT}`);
    expect(code).toBe(1);
  });

  it('text: a "not waived" line under the finding', async () => {
    const { code, stdout } = await cli(['lint', file(), '--no-color']);
    expect(stdout).toContain(`not waived: ${LEFT_OUT}`);
    expect(code).toBe(1);
  });
});
