/**
 * A stranger's reading of the telecom CDR design: where no shard count up to 1,000 serves a DynamoDB key value, the fix
 * said "no count up to 1,000 keeps the hottest `callDay` value under its ceiling", which an expert reads as "no shard
 * count helps", when what binds is the partitions the key space is assumed to have: each shard hashes onto one of P
 * partitions beside 1/P of the rest of the load ("Best practices for designing and using partition keys effectively"),
 * and more partitions (capacity, or warm throughput, within the table-level quota or past it once raised) let a count fit.
 * SG001's re-key read "use a higher-cardinality attribute or a composite key, or no count up to …", a garbled sentence.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { lint, type DesignInput, type Finding } from '../../lib';

const DESIGN = JSON.parse(readFileSync(join(__dirname, 'quota-designs', 'telecom-cdr-flawed.json'), 'utf8')) as DesignInput;
const fixOf = (findings: readonly Finding[], ruleId: string, index?: string) =>
  findings.find((f) => f.ruleId === ruleId && f.resource === 'cdr' && f.index === index)?.fix ?? '';

describe('no count up to 1,000: the fix names what binds (telecom CDR design)', () => {
  const findings = lint(DESIGN);

  it("SG001's re-key is a sentence of its own, then why no count serves", () => {
    const fix = fixOf(findings, 'SG001', 'by-rating-status');
    expect(fix).not.toContain('composite key, or no count');
    expect(fix).toMatch(
      // `ratingStatus` is named like a status: the index's re-key leads (categorical-key.ts), and the count that keeps the
      // key follows it, saying what binds.
      /^key index `by-rating-status` otherwise: .*; or, to keep reading it by `ratingStatus`: no count up to 1,000 fits the hottest `ratingStatus` value on the 125 partitions/,
    );
  });

  it.each([
    ['SG002', 'by-day', 'callDay'],
    ['SG003', undefined, 'customerId'],
  ])('%s on %s names the partitions and the table-level quota, not the key value ceiling', (ruleId, index, key) => {
    const fix = fixOf(findings, ruleId, index);
    expect(fix).not.toContain(`keeps the hottest \`${key}\` value under its ceiling`);
    expect(fix).toContain(
      `no count up to 1,000 fits the hottest \`${key}\` value on the 63 partitions assumed for the capacity SG017 raises it to (peak ÷ 80% headroom; 50,000 WCU over them, 793.65 a partition): that is 99.21% of the usable 800 WCU`,
    );
    expect(fix).toContain(
      'the partitions bind, not the count, and more come only with more capacity or warm throughput, past the table-level write quota of 40,000 WCU, once it is raised',
    );
  });

  it('names a declared quota, and its field, where the partitions fit within it', () => {
    const raised = lint(DESIGN, { quotas: { tableWriteUnits: 200_000 } });
    const fix = fixOf(raised, 'SG001', 'by-rating-status');
    expect(fix).toContain('within the table-level write quota of 200,000 WCU (`quotas.tableWriteUnits`)');
  });
});
