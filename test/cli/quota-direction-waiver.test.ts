/**
 * An SG017 waiver without `appliesTo` over the table-level read quota and the table-level write quota waives two
 * findings of one message id (`overQuota`), but two quotas, each raised by its own Service Quotas request: a ticket
 * that raised the write quota alone also hid the read quota's error, and no report called the waiver broad (its kinds
 * were counted by message id). Its parts tell them apart (`overQuotaReads`, `overQuotaWrites`), so it is named broad.
 * On demand, 50,000 RCU and 45,000 WCU are each above the default table-level quota of 40,000 units per second; the
 * raises asked are 50,000 ÷ 0.8 = 62,500 RCU and 45,000 ÷ 0.8 = 56,250 WCU.
 */
import { join } from 'node:path';
import { lintDocument, type DynamoDbTableDesign } from '../../lib';
import { cli, tempTree } from './helpers';

const REASON = 'Table-level write quota raised to 60,000 WCU, Service Quotas case 123456';

const ledger = (workload: { peakReadUnits: number; peakWriteUnits: number }, acknowledgement: object = {}): DynamoDbTableDesign => ({
  engine: 'dynamodb',
  name: 'ledger',
  partitionKey: { name: 'accountId', type: 'S', cardinality: 2_000_000 },
  workload,
  acknowledgements: [{ rule: 'SG017', reason: REASON, ...acknowledgement }],
});
const BOTH = { peakReadUnits: 50_000, peakWriteUnits: 45_000 };
/** Reads at 30,000 RCU: 75% of the quota, within the 80% headroom, so only the writes are reported. */
const WRITES_ONLY = { peakReadUnits: 30_000, peakWriteUnits: 45_000 };

const ABSORBS = 'the acknowledgement of SG017 at acknowledgements[0] names no `appliesTo` and waives 2 kinds of finding: overQuotaReads, overQuotaWrites;';

interface JsonFinding {
  readonly ruleId: string;
  readonly messageId: string;
  readonly parts?: readonly string[];
  readonly acknowledged: boolean;
  readonly broadAcknowledgement?: { readonly path: string; readonly kinds: readonly string[] };
}

describe('an SG017 waiver without appliesTo over the read quota and the write quota', () => {
  it('is broad: each overQuota finding it waives names both directions, and the part to name for its own', () => {
    const sg017 = lintDocument(ledger(BOTH)).findings.filter((f) => f.ruleId === 'SG017');
    const broad = { path: 'acknowledgements[0]', kinds: ['overQuotaReads', 'overQuotaWrites'] };
    expect(sg017.map((f) => [f.messageId, f.parts, f.acknowledged, f.broadAcknowledgement])).toEqual([
      ['overQuota', ['overQuotaReads'], true, broad],
      ['overQuota', ['overQuotaWrites'], true, broad],
    ]);
  });

  it('over the write quota alone, is not broad', () => {
    const sg017 = lintDocument(ledger(WRITES_ONLY)).findings.filter((f) => f.ruleId === 'SG017');
    expect(sg017.map((f) => [f.messageId, f.parts, f.acknowledged, f.broadAcknowledgement])).toEqual([['overQuota', ['overQuotaWrites'], true, undefined]]);
  });

  it('naming the write quota (`appliesTo: ["overQuotaWrites"]`) waives it alone, and the read quota stays an error', () => {
    const sg017 = lintDocument(ledger(BOTH, { appliesTo: ['overQuotaWrites'] })).findings.filter((f) => f.ruleId === 'SG017');
    expect(sg017.map((f) => [f.parts, f.acknowledged, f.broadAcknowledgement])).toEqual([
      [['overQuotaReads'], false, undefined],
      [['overQuotaWrites'], true, undefined],
    ]);
  });

  const file = (workload = BOTH) => join(tempTree({ 'ledger.json': JSON.stringify(ledger(workload), null, 2) }), 'ledger.json');

  it('text: each waived finding says the waiver absorbs both quotas, and how to tie it to its own', async () => {
    const { code, stdout } = await cli(['lint', file(), '--no-color']);
    expect(stdout).toContain('62,500 RCU');
    expect(stdout).toContain('56,250 WCU');
    const notes = stdout.split('\n').filter((line) => line.includes('waives several kinds:'));
    expect(notes.map((line) => line.trim())).toEqual([
      `waives several kinds: ${ABSORBS} give it \`appliesTo: ["overQuotaReads"]\` if it was written for this kind only`,
      `waives several kinds: ${ABSORBS} give it \`appliesTo: ["overQuotaWrites"]\` if it was written for this kind only`,
    ]);
    expect(code).toBe(0);
  });

  it('json: each waived finding carries the waiver and the parts it absorbs; over one quota, none', async () => {
    const sg017 = async (path: string) =>
      (JSON.parse((await cli(['lint', path, '--format', 'json'])).stdout).files[0].findings as JsonFinding[]).filter((f) => f.ruleId === 'SG017');
    const broad = { path: 'acknowledgements[0]', kinds: ['overQuotaReads', 'overQuotaWrites'] };
    expect((await sg017(file())).map((f) => [f.parts, f.broadAcknowledgement])).toEqual([
      [['overQuotaReads'], broad],
      [['overQuotaWrites'], broad],
    ]);
    expect((await sg017(file(WRITES_ONLY))).map((f) => [f.parts, f.broadAcknowledgement])).toEqual([[['overQuotaWrites'], undefined]]);
  });
});
