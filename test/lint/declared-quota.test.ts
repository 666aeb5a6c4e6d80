/**
 * A raised DynamoDB throughput quota, declared once in the lint's `quotas` option, is the quota every finding weighs
 * (SG017's quota findings, SG003's partitions within the quota, --fix's raises), and the findings say where it came from.
 * The defaults, 40,000 read and write units per table and per GSI (both capacity modes) and 80,000 per account in a
 * Region (provisioned), are adjustable in Service Quotas ("Quotas in Amazon DynamoDB", throughput default quotas:
 * https://docs.aws.amazon.com/amazondynamodb/latest/developerguide/ServiceQuotas.html#default-limits-throughput).
 * The design: a telecom CDR table at 50,000 WCU, auto scaling capped at 40,000 WCU, three GSIs taking every write
 * (one at 2×: a mutable status key), and a usage-counter table at 50,000 WCU on demand.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { lint, UsageError, validateLintOptions, type DesignInput, type Finding } from '../../lib';
import { fixDesignText } from '../../lib/cli/fix';

const TEXT = readFileSync(join(__dirname, 'quota-designs', 'telecom-cdr-flawed.json'), 'utf8');
const DESIGN = JSON.parse(TEXT) as DesignInput;
const RAISED = { quotas: { tableWriteUnits: 200_000, accountWriteUnits: 400_000 } };

const at = (findings: readonly Finding[], ruleId: string, path: string) => findings.filter((f) => f.ruleId === ruleId && f.path === path);
const messageIds = (findings: readonly Finding[], ruleId: string) => findings.filter((f) => f.ruleId === ruleId).map((f) => f.messageId);

describe('the quotas option is validated, each problem at its field', () => {
  const refused = (quotas: unknown): string[] => {
    try {
      validateLintOptions({ quotas });
    } catch (error) {
      if (error instanceof UsageError) return error.issues.map((issue) => `${issue.path}: ${issue.message}`);
      throw error;
    }
    return [];
  };

  it.each([
    ['a string', '200000'],
    ['NaN', Number.NaN],
    ['a negative figure', -1],
    ['a fraction', 40_000.5],
    ['a figure below the default 40,000 (a quota is only raised)', 39_999],
  ])('tableWriteUnits as %s', (_, value) => {
    const issues = refused({ tableWriteUnits: value });
    expect(issues).toHaveLength(1);
    expect(issues[0]).toMatch(/^options\.quotas\.tableWriteUnits: .*an integer ≥ 40000/);
  });

  it('the account-level ones at least their default 80,000, and an unknown field named', () => {
    expect(refused({ accountReadUnits: 79_999 })[0]).toMatch(/^options\.quotas\.accountReadUnits: .*≥ 80000/);
    expect(refused({ tableWriteUnit: 200_000 })[0]).toMatch(/^options\.quotas\.tableWriteUnit/);
    expect(refused('200000')[0]).toMatch(/^options\.quotas: /);
  });

  it('the defaults themselves and raised figures pass', () => {
    expect(
      validateLintOptions({ quotas: { tableReadUnits: 40_000, tableWriteUnits: 200_000, accountReadUnits: 80_000, accountWriteUnits: 400_000 } }).quotas,
    ).toEqual({
      tableReadUnits: 40_000,
      tableWriteUnits: 200_000,
      accountReadUnits: 80_000,
      accountWriteUnits: 400_000,
    });
  });
});

describe('SG017 weighs the declared quota', () => {
  const defaults = lint(DESIGN);
  const raised = lint(DESIGN, RAISED);

  it('default: the 50,000 WCU peak is above the 40,000 table-level quota; declared 200,000: it is not', () => {
    expect(at(defaults, 'SG017', 'tables[0].workload.peakWriteUnits').map((f) => f.messageId)).toEqual(['overQuota']);
    expect(at(raised, 'SG017', 'tables[0].workload.peakWriteUnits')).toEqual([]);
    // One raise covers the table and each GSI: no overQuota on any of them.
    expect(messageIds(raised, 'SG017')).not.toContain('overQuota');
  });

  it('the table and its GSIs provisioning 4 × 40,000 = 160,000 WCU pass the default 80,000 account quota, not a declared 400,000', () => {
    expect(messageIds(defaults, 'SG017')).toContain('provisionedOverAccountQuota');
    expect(messageIds(raised, 'SG017')).not.toContain('provisionedOverAccountQuota');
  });

  it('the auto-scaling maximum of 40,000 below the 50,000 WCU peak gets its edit: 50,000 ÷ 80% = 62,500, under 200,000', () => {
    const [max] = at(raised, 'SG017', 'tables[0].capacity.write.max');
    expect(max.fix).toContain('set `capacity.write.max` to at least 62,500');
    expect(max.fix).not.toContain('--fix writes no edit');
    expect(max.edits).toEqual([{ op: 'set', path: 'tables[0].capacity.write.max', value: 62_500 }]);
    // Under the default quota, 62,500 would be refused: no edit.
    expect(at(defaults, 'SG017', 'tables[0].capacity.write.max')[0].edits).toBeUndefined();
  });

  it('a finding past the declared quota names it and its field', () => {
    // 50,000 WCU is above a declared 45,000 WCU table quota: the finding says which quota, and where it was declared.
    const [over] = at(lint(DESIGN, { quotas: { tableWriteUnits: 45_000 } }), 'SG017', 'tables[0].workload.peakWriteUnits');
    expect(over.message).toContain('above the declared table-level quota of 45,000 units per second (`quotas.tableWriteUnits`)');
    expect(over.message).not.toContain('unless the quota was raised');
    expect(over.data).toMatchObject({ quota: 45_000, quotaField: 'quotas.tableWriteUnits' });
    const [def] = at(defaults, 'SG017', 'tables[0].workload.peakWriteUnits');
    expect(def.message).toContain('above the default table-level quota of 40,000 units per second (for a table');
  });
});

describe('SG003 plans within the declared quota', () => {
  it('default: no warm throughput within 40,000 WCU (40 partitions, fewer than the 63 counted now); declared: a pre-warm within 200,000', () => {
    const [before] = at(lint(DESIGN), 'SG003', 'tables[0].partitionKey');
    expect(before.fix).toContain('63 partitions at most');
    const [after] = at(lint(DESIGN, RAISED), 'SG003', 'tables[0].partitionKey');
    expect(after.fix).not.toContain('partitions at most');
    // 12,500 WCU on the hottest customer: two of N shards on one of P partitions take 2 × 12,500 ÷ N + (50,000 − 12,500 ÷
    // N) ÷ P − 12,500 ÷ N ÷ P. Above the default quota the lever pre-warms no further than twice the 50,000 WCU peak (100
    // partitions, what on demand keeps anyway): 49 shards take 1,005.1 even on 100; 50 fit from 99 (1,000 WCU; at 98,
    // 1,005.1): 99,000 WCU (within the declared 200,000 the least N alone was 34 at 187,000, nearly 4× the peak).
    expect(after.fix).toContain(
      'pre-warm the table to 99,000 write units a second (warmThroughput): 99 partitions where 63 are counted now, the least at which two of N = 50 shards on one partition fit its 1,000 WCU maximum (1,000 WCU there)',
    );
  });

  it('on-demand billing is offered "within the quota" only where the peak is within it: 50,000 WCU is not within 40,000', () => {
    const [sg003] = at(lint(DESIGN), 'SG003', 'tables[0].partitionKey');
    expect(sg003.fix).not.toContain('move the table to on-demand billing');
  });
});

describe('--fix writes under the declared quota, and the re-lint converges', () => {
  it('writes edits where it wrote none under the default quota; a second run writes nothing more', () => {
    expect(fixDesignText(TEXT, {}).fixes).toEqual([]);
    const first = fixDesignText(TEXT, RAISED);
    expect(first.fixes.map((f) => f.ruleId)).toEqual(expect.arrayContaining(['SG017']));
    const second = fixDesignText(first.text, RAISED);
    expect(second.fixes).toEqual([]);
    expect(second.text).toBe(first.text);
    const left = lint(JSON.parse(first.text) as DesignInput, RAISED);
    expect(messageIds(left, 'SG017')).toEqual([]);
  });
});
