/**
 * An acknowledgement waives one key space: without `index`, the table's (container's) own; with `index`, that
 * index's. Before, one without `index` also waived every GSI's findings of its rule, silently, and the waiver written
 * for the GSI was reported as waiving nothing (task ack26, teams/games/designs/game-acked.json).
 */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { Validations } from 'aws-cdk-lib';
import { AttributeType, Table, TableV2 } from 'aws-cdk-lib/aws-dynamodb';
import { blockingFindings, describeFinding, lintDocument, type DynamoDbTableDesign } from '../../lib';
import { FAIL_ON_CONTEXT, GuardedTable, SkewguardPlugin } from '../../lib/cdk';
import { appWithStack, skewguardReport, synthError, verdicts } from '../cdk/support';
import { cli, tempTree } from '../cli/helpers';
import { container } from '../fixtures';

process.env.CDK_VALIDATION = 'false';

const OWN = { rule: 'SG001', reason: 'Season-sharding migration planned in GAME-456 next sprint.' };
const ON_INDEX = { rule: 'SG001', index: 'by-division', reason: 'Leaderboard reads move to DAX under GAME-789.' };

/** A 40-valued key on the table and on its GSI `by-division` (light load: SG001 warnings): SG001 fires on both key spaces. */
const seasons = (acknowledgements: DynamoDbTableDesign['acknowledgements'], tableKey: 'few' | 'unique' = 'few'): DynamoDbTableDesign => ({
  engine: 'dynamodb',
  name: 'season-scores',
  partitionKey: tableKey === 'few' ? { name: 'leagueId', type: 'S', cardinality: 40 } : { name: 'scoreId', type: 'S', cardinality: 'unique' },
  workload: { peakReadUnits: 50, peakWriteUnits: 20 },
  globalSecondaryIndexes: [{ indexName: 'by-division', partitionKey: { name: 'divisionId', type: 'S', cardinality: 40 } }],
  acknowledgements,
});

const sg001 = (design: DynamoDbTableDesign) => {
  const result = lintDocument({ tables: [{ ...design, engine: undefined }] });
  const [onIndex, own] = ['by-division', undefined].map((index) => result.findings.find((f) => f.ruleId === 'SG001' && f.index === index));
  return { result, onIndex, own };
};

describe('an acknowledgement without `index`', () => {
  it('waives the finding on the table’s own key and not the one on its GSI, which names it and says to add `index`', () => {
    const { result, onIndex, own } = sg001(seasons([OWN]));
    expect(own).toMatchObject({ acknowledged: true, reason: OWN.reason });
    expect(own?.acknowledgementWithoutIndex).toBeUndefined();
    expect(onIndex).toMatchObject({ acknowledged: false, acknowledgementWithoutIndex: { reason: OWN.reason, path: 'tables[0].acknowledgements[0]' } });
    expect(onIndex?.reason).toBeUndefined();
    expect(blockingFindings(result.findings, 'warning')).toEqual([onIndex]);
    expect(describeFinding(onIndex!)).toContain(
      '(the acknowledgement of SG001 at tables[0].acknowledgements[0] has no `index`: it waives the table\'s own key space only, not index by-division; add `index: "by-division"` to waive this finding)',
    );
    expect(result.unusedAcknowledgements).toEqual([]);
  });

  it('whose rule fires only on an index waives nothing, and is reported naming that index', () => {
    const { result, onIndex } = sg001(seasons([OWN], 'unique'));
    expect(onIndex?.acknowledged).toBe(false);
    expect(result.unusedAcknowledgements).toEqual([
      {
        ruleId: 'SG001',
        engine: 'dynamodb',
        resource: 'season-scores',
        index: undefined,
        path: 'tables[0].acknowledgements[0]',
        reason: OWN.reason,
        uncoveredIndexes: ['by-division'],
      },
    ]);
  });

  it('on a Cosmos DB container (no indexes) waives its findings as before', () => {
    const few = container({ partitionKey: { paths: [{ path: '/region', cardinality: 12 }] }, acknowledgements: [{ rule: 'SG001', reason: OWN.reason }] });
    const result = lintDocument(few);
    expect(result.findings.filter((f) => f.ruleId === 'SG001').map((f) => [f.index, f.acknowledged])).toEqual([[undefined, true]]);
    expect(result.unusedAcknowledgements).toEqual([]);
  });
});

describe('an acknowledgement with `index`', () => {
  it('waives that index’s finding and not the table’s own, and is used (the repro: both waivers, none unused)', () => {
    const alone = sg001(seasons([ON_INDEX]));
    expect([alone.onIndex?.acknowledged, alone.onIndex?.reason, alone.own?.acknowledged]).toEqual([true, ON_INDEX.reason, false]);
    // No waiver without `index`: nothing to name on the table's finding.
    expect(alone.own?.acknowledgementWithoutIndex).toBeUndefined();
    const both = sg001(seasons([OWN, ON_INDEX]));
    expect([both.own?.reason, both.onIndex?.reason]).toEqual([OWN.reason, ON_INDEX.reason]);
    expect(both.result.unusedAcknowledgements).toEqual([]);
  });

  it('waives nothing once the index’s finding is gone, and is reported for that index alone', () => {
    const design = seasons([OWN, ON_INDEX]);
    const fixed = {
      ...design,
      globalSecondaryIndexes: [{ indexName: 'by-division', partitionKey: { name: 'divisionId', type: 'S' as const, cardinality: 'unique' as const } }],
    };
    const { result, own } = sg001(fixed);
    expect(own?.acknowledged).toBe(true);
    expect(result.unusedAcknowledgements.map((u) => [u.path, u.index, u.uncoveredIndexes])).toEqual([
      ['tables[0].acknowledgements[1]', 'by-division', undefined],
    ]);
  });
});

describe('the CLI reports the scope both ways', () => {
  const dir = tempTree();
  const file = (name: string, design: DynamoDbTableDesign) => {
    const path = join(dir, name);
    writeFileSync(path, JSON.stringify({ tables: [{ ...design, engine: undefined }] }));
    return path;
  };

  it('SARIF suppresses the index finding with the index waiver’s justification, and no waiver is unused', async () => {
    const { code, stdout } = await cli(['lint', file('both.json', seasons([OWN, ON_INDEX])), '--format', 'sarif', '--report-unused-acknowledgements', 'error']);
    const results = JSON.parse(stdout).runs[0].results as { ruleId: string; suppressions?: { justification: string }[]; message: { text: string } }[];
    expect(results.map((r) => [r.ruleId, r.suppressions?.[0].justification])).toEqual([
      ['SG001', ON_INDEX.reason],
      ['SG001', OWN.reason],
    ]);
    expect(code).toBe(0);
  });

  it('with the table’s waiver alone, the index finding is an unsuppressed result that names it; text says "not waived"', async () => {
    const path = file('own.json', seasons([OWN]));
    const sarif = await cli(['lint', path, '--format', 'sarif']);
    const results = JSON.parse(sarif.stdout).runs[0].results as { suppressions?: unknown[]; message: { text: string } }[];
    const open = results.filter((r) => r.suppressions === undefined);
    expect(open).toHaveLength(1);
    expect(open[0].message.text).toContain('Not waived: the acknowledgement of SG001 at tables[0].acknowledgements[0] has no `index`');
    const text = await cli(['lint', path, '--fail-on', 'warning']);
    expect(text.code).toBe(1);
    expect(text.stdout).toContain('not waived: the acknowledgement of SG001 at tables[0].acknowledgements[0] has no `index`');
  });

  it('a waiver without `index` whose rule fires only on an index is unused, naming the index', async () => {
    const { code, stdout } = await cli(['lint', file('only-index.json', seasons([OWN], 'unique')), '--report-unused-acknowledgements', 'error']);
    expect(code).toBe(1);
    expect(stdout).toContain(
      'SG001 reports nothing on the own key space of season-scores, the only one an acknowledgement without `index` waives; its SG001 findings on index by-division (`index: "by-division"`) need an acknowledgement naming the index',
    );
  });
});

describe('GuardedTable', () => {
  const props = {
    partitionKey: { name: 'leagueId', type: AttributeType.STRING, cardinality: 40 },
    workload: { peakReadUnits: 50, peakWriteUnits: 20 },
    globalSecondaryIndexes: [{ indexName: 'by-division', partitionKey: { name: 'divisionId', type: AttributeType.STRING, cardinality: 40 } }],
  };

  it('`acknowledgements` prop: one without `index` leaves the GSI finding open', () => {
    const { stack } = appWithStack();
    const table = new GuardedTable(stack, 'Scores', { ...props, acknowledgements: [OWN] });
    expect(table.findings.filter((f) => f.ruleId === 'SG001').map((f) => [f.index, f.acknowledged])).toEqual([
      ['by-division', false],
      [undefined, true],
    ]);
  });

  it('Validations.acknowledge() waives every key space, as CDK suppresses it, and `lint cdk.out/` agrees with the synth', async () => {
    const { app, stack } = appWithStack({ outdir: join(tempTree(), 'cdk.out') });
    const table = new GuardedTable(stack, 'Scores', props);
    Validations.of(stack).acknowledge({ id: 'skewguard::SG001', reason: OWN.reason });
    expect(synthError(app)).toBe('');
    expect(table.findings.filter((f) => f.ruleId === 'SG001').map((f) => [f.index, f.acknowledged])).toEqual([
      ['by-division', true],
      [undefined, true],
    ]);
    expect(skewguardReport(app)?.violations.filter((v) => v.ruleName === 'skewguard::acknowledgement')).toEqual([]);
    const { code, stdout } = await cli(['lint', 'cdk.out', '--format', 'json', '--report-unused-acknowledgements', 'error', '--fail-on', 'warning'], {
      cwd: join(app.outdir, '..'),
    });
    const [template] = JSON.parse(stdout).files as { findings: { ruleId: string; acknowledged: boolean }[]; unusedAcknowledgements: unknown[] }[];
    expect(template.findings.filter((f) => f.ruleId === 'SG001').map((f) => f.acknowledged)).toEqual([true, true]);
    expect(template.unusedAcknowledgements).toEqual([]);
    expect(code).toBe(0);
  });
});

/**
 * A raw table's (`checkUnguardedTables()`) waivers reach the template as written, without `index`; the reader of the
 * template (synth and `lint cdk.out/` alike) copies a Validations.acknowledge() once per index, as CDK suppresses it.
 * Each raw table here has an id-like key and Contributor Insights on: its only finding is SG015 on its GSI's `status`.
 */
describe('a raw Table/TableV2 with a GSI under checkUnguardedTables()', () => {
  const STATUS_WAIVER = 'five statuses, the index is read once a night';
  /** One synth, warnings failing it: a TableV2 `Orders` and a Table `Jobs`, each with a GSI keyed by `status`. */
  const rawTables = (acknowledge: boolean) => {
    const { app, stack } = appWithStack({ outdir: join(tempTree(), 'cdk.out'), context: { [FAIL_ON_CONTEXT]: 'warning' } });
    SkewguardPlugin.checkUnguardedTables(app);
    const status = { indexName: 'by-status', partitionKey: { name: 'status', type: AttributeType.STRING } };
    const orders = new TableV2(stack, 'Orders', {
      partitionKey: { name: 'orderId', type: AttributeType.STRING },
      contributorInsightsSpecification: { enabled: true },
      globalSecondaryIndexes: [status],
    });
    const jobs = new Table(stack, 'Jobs', { partitionKey: { name: 'jobId', type: AttributeType.STRING }, contributorInsightsSpecification: { enabled: true } });
    jobs.addGlobalSecondaryIndex({ ...status, contributorInsightsSpecification: { enabled: true } });
    // On the table, and on the stack (a scope's waiver, counted once at the scope by `lint cdk.out/`).
    if (acknowledge) {
      Validations.of(orders).acknowledge({ id: 'skewguard::SG015', reason: STATUS_WAIVER });
      Validations.of(stack).acknowledge({ id: 'skewguard::SG015', reason: STATUS_WAIVER });
    }
    const error = synthError(app);
    return { app, error, report: skewguardReport(app), cwd: join(app.outdir, '..') };
  };
  const lintCdkOut = async (cwd: string) => {
    const { code, stdout } = await cli(['lint', 'cdk.out', '--format', 'json', '--fail-on', 'warning', '--report-unused-acknowledgements', 'error'], { cwd });
    const [template] = JSON.parse(stdout).files as {
      findings: { ruleId: string; resource: string; index?: string; acknowledged: boolean; reason?: string }[];
      unusedAcknowledgements: unknown[];
    }[];
    return { code, findings: template.findings.map((f) => [f.ruleId, f.index, f.acknowledged, f.reason]), unused: template.unusedAcknowledgements };
  };

  it('acknowledged through Validations.acknowledge(): the synth passes, nothing is unused, and `lint cdk.out/` agrees', async () => {
    const { error, report, cwd } = rawTables(true);
    expect(error).toBe('');
    expect(report?.violations).toEqual([]);
    expect(report?.suppressedViolations.map((v) => [v.ruleName, v.violatingConstructs[0].constructPath, v.acknowledgedAt])).toEqual([
      ['skewguard::SG015', 'Test/Orders/Resource', 'Test/Orders'],
      ['skewguard::SG015', 'Test/Jobs/Resource', 'Test'],
    ]);
    const linted = await lintCdkOut(cwd);
    expect(linted.findings).toEqual([
      ['SG015', 'by-status', true, STATUS_WAIVER],
      ['SG015', 'by-status', true, STATUS_WAIVER],
    ]);
    expect(linted.unused).toEqual([]);
    expect(linted.code).toBe(0);
  });

  it('not acknowledged: the synth is refused on each index finding, and `lint cdk.out/` fails on the same two', async () => {
    const { error, report, cwd } = rawTables(false);
    expect(error).toContain('skewguard::SG015');
    expect(verdicts(report?.violations ?? [])).toEqual([
      ['error', 'skewguard::SG015', 'Test/Orders/Resource'],
      ['error', 'skewguard::SG015', 'Test/Jobs/Resource'],
    ]);
    expect(report?.suppressedViolations).toEqual([]);
    const linted = await lintCdkOut(cwd);
    expect(linted.findings).toEqual([
      ['SG015', 'by-status', false, undefined],
      ['SG015', 'by-status', false, undefined],
    ]);
    expect(linted.code).toBe(1);
  });
});
