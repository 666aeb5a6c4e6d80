/**
 * SG017 counted the replicated copies of SG003's fix on a table that turned SG003 off, or acknowledged it (a DAX
 * cluster in front of the reads instead): a products table provisioned 500 WCU for its declared 200 WCU of writes
 * failed on "its planned (SG003's fix applied) peak of 600 WCU" (200 × 3 copies). A rule turned off gives no fix, and an
 * acknowledged finding is not fixed, so no copy is written: SG017 judges the declared 200 WCU, 40% of 500 (within the
 * planned 80%), and stays quiet. With SG003 running and unacknowledged, it still counts the 3 copies.
 */
import { lint, type DesignDocument } from '../../lib';

const products = (acknowledgements: readonly { rule: string; reason: string }[] = []): DesignDocument => ({
  tables: [
    {
      name: 'products',
      partitionKey: { name: 'productId', type: 'S' as const, cardinality: 200_000 },
      billing: 'provisioned' as const,
      capacity: { read: { fixed: 20_000 }, write: { fixed: 500 } },
      workload: { peakReadUnits: 16_000, peakWriteUnits: 200, hotKeyShare: 0.25 },
      acknowledgements,
    },
  ],
});
const dax = { rule: 'SG003', reason: 'DAX cluster in front of product reads; no replicas.' };
const sg017 = (findings: ReturnType<typeof lint>) => findings.find((f) => f.ruleId === 'SG017');

describe("SG017 counts SG003's copies only where SG003's fix is one the design may get", () => {
  it('with SG003 running and unacknowledged, the 3 planned copies make 600 WCU, over the 500 provisioned', () => {
    const hit = sg017(lint(products()));
    expect(hit?.message).toContain("below its planned (SG003's fix applied) peak of 600 WCU");
  });

  it('with SG003 acknowledged, SG017 judges the declared 200 WCU: no finding', () => {
    const findings = lint(products([dax]));
    expect(findings.find((f) => f.ruleId === 'SG003')?.acknowledged).toBe(true);
    expect(sg017(findings)).toBeUndefined();
  });

  it('with SG003 turned off, the same', () => {
    const findings = lint(products(), { rules: { SG003: 'off' } });
    expect(findings.find((f) => f.ruleId === 'SG003')).toBeUndefined();
    expect(sg017(findings)).toBeUndefined();
  });
});
