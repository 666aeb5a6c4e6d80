/**
 * A waiver covers the verdict it was written against. A hot key's reads acknowledged as a warning ("served from DAX")
 * that production measures hot enough for an error (the cache does not take what the waiver said it would) is
 * reported by `observe`, not waived: the run fails, and the message says which waiver to read again.
 */
import { findingsOf, observeTable, week } from './support';

const ORDERS = (share: number) => ({
  tables: [
    {
      name: 'orders',
      partitionKey: { name: 'customerId', type: 'S', cardinality: 1000 },
      workload: { peakReadUnits: 5000, peakWriteUnits: 100, hotKeyShare: share },
      acknowledgements: [{ rule: 'SG003', appliesTo: ['hotKeyReads'], reason: 'served from DAX; the table sees misses only' }],
    },
  ],
});

describe('observe: an acknowledged warning that the measured figures make an error', () => {
  it('is reported (not waived) with the waiver to read again, and fails the run', async () => {
    const run = await observeTable(ORDERS(0.4), week({ reads: 5000, writes: 100, hotShare: 0.6 }), ['--format', 'json']);
    const outgrown = findingsOf(run.stdout).find((f) => f.messageId === 'firesWithObserved' && f.data?.rule === 'SG003');
    expect(outgrown).toMatchObject({ severity: 'error', data: { outgrownAcknowledgement: true } });
    expect(outgrown?.message).toContain(
      'the acknowledgement that waives it (reason: "served from DAX; the table sees misses only") was written against its warning on the declared figures, so it is reported',
    );
    expect(run.code).toBe(1);
  });

  it('stays waived where the measured figures leave it a warning', async () => {
    const run = await observeTable(ORDERS(0.4), week({ reads: 5000, writes: 100, hotShare: 0.42 }), ['--format', 'json']);
    const findings = findingsOf(run.stdout);
    expect(findings.filter((f) => f.data?.outgrownAcknowledgement)).toEqual([]);
    expect(findings.find((f) => f.ruleId === 'SG003' || f.data?.rule === 'SG003')).toMatchObject({ severity: 'warning' });
  });
});
