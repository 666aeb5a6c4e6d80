/**
 * Property-based tests of GuardedTable's props: generated designs (the core's arbitraries, plus
 * multi-attribute GSI keys) turned into props. Valid ones construct with exactly the core's
 * findings, and synthesize — or are refused for exactly the core's errors — with the key schema the
 * design declares; invalid ones throw a DesignError naming the field; a finding's edits give props
 * the construct accepts. Synthesis is expensive, so it runs tens of times; the rest runs hundreds
 * to thousands of times (construction stops at the first check for invalid props).
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { App, Lazy, Stack } from 'aws-cdk-lib';
import { Billing, Capacity } from 'aws-cdk-lib/aws-dynamodb';
import fc from 'fast-check';
import { DesignError, UsageError, applyDesignEdits, blockingFindings, lint, type DesignEdit, type DynamoDbTableDesign, type Finding } from '../../lib';
import { GuardedTable, type GuardedTableProps } from '../../lib/cdk';
import { asPropFinding, asPropIssue, asPropPath } from '../../lib/cfn/prop-paths';
import { synthDesignReport } from '../../lib/testing/cdk';
import { corrupted, dynamoTableWithIndexes } from '../support/arbitrary-designs';
import { errorOf } from '../testing/support/errors';
import { SEED, count, counted, reportCounts } from './support/counts';

process.env.CDK_VALIDATION = 'false';

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Json = Record<string, any>;
type TableDesign = Omit<DynamoDbTableDesign, 'engine' | 'name'>;

/** The design part of generated tables: what the props carry (name and engine are the construct's). */
const designs: fc.Arbitrary<TableDesign> = dynamoTableWithIndexes.map(({ engine: _e, name: _n, ...design }) => design);

/** Provisioned units per table and per GSI: TableV2 gives each GSI the table's capacity, so the table and its GSIs
 *  share the default account-level quota (80,000), each within the table-level one (40,000): the generated peaks
 *  mostly fit and the other rules decide. */
function unitsPerKeySpace(design: TableDesign): number {
  return Math.min(40000, Math.floor(80000 / (1 + (design.globalSecondaryIndexes?.length ?? 0))));
}

/** TableV2's capacity for a design's billing mode: provisioned tables need fixed reads and auto-scaled writes. */
function billingOf(design: TableDesign): Billing {
  const units = unitsPerKeySpace(design);
  return design.billing === 'provisioned'
    ? Billing.provisioned({ readCapacity: Capacity.fixed(units), writeCapacity: Capacity.autoscaled({ maxCapacity: units }) })
    : Billing.onDemand();
}

function propsOf(design: TableDesign): GuardedTableProps {
  const { billing: _billing, ...rest } = design;
  return { ...(rest as unknown as GuardedTableProps), billing: billingOf(design) };
}

/** What `billingOf()` declares, as the design states it. */
const provisionedOf = (design: TableDesign) => {
  const units = unitsPerKeySpace(design);
  return { read: { fixed: units }, write: { min: 1, max: units } };
};

/** The design the construct checks: the props' design with its name (from the construct path), billing mode and capacity. */
function coreDesign(design: TableDesign, name: string): DynamoDbTableDesign {
  // GuardedTable declares each GSI's and LSI's projection, TableV2's default (ALL) where the props give none.
  const projected = design.globalSecondaryIndexes?.map((gsi) => ({ projectionType: 'ALL' as const, ...gsi }));
  const localProjected = design.localSecondaryIndexes?.map((lsi) => ({ projectionType: 'ALL' as const, ...lsi }));
  const indexes = { ...(projected ? { globalSecondaryIndexes: projected } : {}), ...(localProjected ? { localSecondaryIndexes: localProjected } : {}) };
  if (design.billing !== 'provisioned') return { ...design, ...indexes, engine: 'dynamodb', name, billing: 'on-demand' };
  const capacity = provisionedOf(design);
  const globalSecondaryIndexes = projected?.map((gsi) => ({ ...gsi, capacity }));
  return { ...design, ...indexes, engine: 'dynamodb', name, billing: 'provisioned', capacity, ...(globalSecondaryIndexes ? { globalSecondaryIndexes } : {}) };
}

const shape = (findings: readonly Finding[]) => findings.map((f) => [f.ruleId, f.path, f.severity, f.acknowledged]);

/** The core's verdict on the design, or its input errors. */
function coreVerdict(design: DynamoDbTableDesign): { findings: Finding[] } | { error: DesignError } {
  try {
    return { findings: lint(design) };
  } catch (error) {
    if (error instanceof DesignError) return { error };
    throw error;
  }
}

/** A stack for constructions that are never synthesized; a fresh one every 20 tables keeps the construct tree small. */
let scratch = new Stack(new App(), 'Scratch');
let unique = 0;
const nextId = () => {
  if (++unique % 20 === 0) scratch = new Stack(new App(), 'Scratch');
  return `T${unique}`;
};
/** The design name GuardedTable gives a table without tableName: its construct path with dots. */
const nameOf = (id: string) => `Scratch.${id}`;

describe('GuardedTable props, generated', () => {
  it("construct exactly when the core accepts the design, with the core's findings", () => {
    fc.assert(
      fc.property(designs, (design) => {
        const id = nextId();
        const core = coreVerdict(coreDesign(design, nameOf(id)));
        let table: GuardedTable | undefined;
        try {
          table = new GuardedTable(scratch, id, propsOf(design));
        } catch (error) {
          if (!(error instanceof DesignError)) throw error;
          count('GuardedTable: generated designs', 'refused as invalid');
          if (!('error' in core)) throw new Error(`the construct refused a design the core accepts: ${error.message}`);
          // The construct names a derived field (capacity, name) as the prop that sets it (billing, tableName).
          expect(error.issues.map((i) => i.path).sort()).toEqual(core.error.issues.map((i) => asPropIssue(i).path).sort());
          return;
        }
        count('GuardedTable: generated designs', 'constructed');
        if ('error' in core) throw new Error(`the construct accepted a design the core refuses: ${core.error.message}`);
        expect(shape(table.findings)).toEqual(shape(core.findings.map(asPropFinding)));
      }),
      { numRuns: 100, seed: SEED },
    );
    expect(counted('GuardedTable: generated designs', 'constructed')).toBeGreaterThan(60);
  });

  /** `billing` is TableV2's `Billing` in props; index elements that are not objects: see the test below. */
  const skipped = (path: string) => path === 'billing' || path.startsWith('billing.') || /^(global|local)SecondaryIndexes\[\d+\]$/.test(path);

  it('throw a DesignError naming the one invalid field of a design, never another error', () => {
    fc.assert(
      fc.property(corrupted(designs, skipped), ({ input, path, value }) => {
        count('GuardedTable: corrupted designs', 'tried');
        const error = errorOf(() => new GuardedTable(scratch, nextId(), propsOf(input)));
        if (!(error instanceof DesignError))
          throw new Error(
            `${path} = ${JSON.stringify(value)}: expected a DesignError, got ${error instanceof Error ? `${error.name}: ${error.message}` : 'no error'}`,
          );
        expect(error.issues.map((i) => i.path)).toContain(path);
      }),
      { numRuns: 1500, seed: SEED },
    );
  });

  // Regression: an index that is not an object was copied before the core saw it (a TypeError for null).
  it('throw a DesignError naming an index that is not an object', () => {
    for (const field of ['globalSecondaryIndexes', 'localSecondaryIndexes']) {
      for (const element of [null, 42, 'x']) {
        const props = {
          partitionKey: { name: 'id', type: 'S', cardinality: 'unique' },
          sortKey: { name: 'at', type: 'S' },
          workload: { peakReadUnits: 1, peakWriteUnits: 1 },
          [field]: [element],
        } as unknown as GuardedTableProps;
        expect(() => new GuardedTable(scratch, nextId(), props)).toThrow(DesignError);
        try {
          new GuardedTable(scratch, nextId(), props);
        } catch (error) {
          expect((error as DesignError).issues.map((i) => i.path)).toEqual([`${field}[0]`]);
        }
      }
    }
  });

  // Regression: the construct's own settings were not checked (TypeErrors from inside, alarms that page nobody).
  it('throw a UsageError (not a DesignError: the design is fine) naming a GuardedTable setting of the wrong type', () => {
    const cases: [string, unknown][] = [
      ['billing', 'on-demand'],
      ['alarmActions', 'x'],
      ['dashboardName', 42],
      ['contributorInsightsMode', 'SOMETIMES'],
      ['alarmTopic', 'arn:aws:sns:eu-west-1:111111111111:oncall'],
      ['dashboard', 'yes'],
      ['tableName', 42],
      // TableV2 settings passed through (TableV2 wrote some of these to the template as given, threw a TypeError on others).
      ['tableClass', 'COLD'],
      ['dynamoStream', 'NEW'],
      ['tags', 'team=orders'],
      ['encryption', 'aws-managed'],
      ['timeToLiveAttribute', 7],
      ['kinesisStream', 'arn:aws:kinesis:eu-west-1:111111111111:stream/s'],
      ['resourcePolicy', {}],
      ['warmThroughput', 12000],
      ['removalPolicy', 'keep'],
      ['deletionProtection', 'yes'],
      ['pointInTimeRecoverySpecification', true],
    ];
    /** The paths named by the UsageError that a table with `field: value` throws. */
    const refusedPaths = (field: string, value: unknown) => {
      const props = {
        partitionKey: { name: 'id', type: 'S', cardinality: 'unique' },
        workload: { peakReadUnits: 1, peakWriteUnits: 1 },
        [field]: value,
      } as unknown as GuardedTableProps;
      const error = errorOf(() => new GuardedTable(scratch, nextId(), props));
      expect(error).toBeInstanceOf(UsageError);
      return (error as UsageError).issues.map((i) => i.path);
    };
    for (const [field, value] of cases) expect(refusedPaths(field, value)).toEqual([field]);
    const nested: [string, unknown, string][] = [
      ['tags', [{ key: 'team' }], 'tags[0]'],
      ['warmThroughput', { readUnitsPerSecond: -1 }, 'warmThroughput.readUnitsPerSecond'],
      [
        'pointInTimeRecoverySpecification',
        { pointInTimeRecoveryEnabled: true, recoveryPeriodInDays: 40 },
        'pointInTimeRecoverySpecification.recoveryPeriodInDays',
      ],
    ];
    for (const [field, value, path] of nested) expect(refusedPaths(field, value)).toEqual([path]);
    // A token is CloudFormation's to check at deploy time.
    const tokens = {
      partitionKey: { name: 'id', type: 'S', cardinality: 'unique' },
      workload: { peakReadUnits: 1, peakWriteUnits: 1 },
      tableClass: Lazy.string({ produce: () => 'STANDARD' }),
      dynamoStream: Lazy.string({ produce: () => 'KEYS_ONLY' }),
    } as unknown as GuardedTableProps;
    expect(errorOf(() => new GuardedTable(scratch, nextId(), tokens))).toBeUndefined();
  });

  it("give props the construct accepts when a finding's edits are applied, and that finding goes away", () => {
    fc.assert(
      fc.property(designs, (design) => {
        const core = coreVerdict(coreDesign(design, 'edited'));
        if ('error' in core) return count('GuardedTable: edits applied', 'invalid design');
        // Provisioned capacity and on-demand maximums come from the props' `billing`, not from design fields.
        const takenFromBilling = (f: Finding) => (f.edits ?? []).some((e) => /(^|\.)(capacity|onDemand)(\.|$)/.test(e.path));
        const fixable = core.findings.filter((f) => f.edits && !f.acknowledged && !takenFromBilling(f));
        if (fixable.length === 0) return count('GuardedTable: edits applied', 'nothing to fix');
        for (const finding of fixable) {
          count('GuardedTable: edits applied', 'fixes applied');
          // The props' design part takes the edits (paths are relative to the table, as in the props).
          const edited = applyDesignEdits(design, finding.edits as DesignEdit[]);
          const table = new GuardedTable(scratch, nextId(), propsOf(edited));
          expect(table.findings.some((f) => f.ruleId === finding.ruleId && f.path === asPropPath(finding.path) && !f.acknowledged)).toBe(false);
        }
      }),
      { numRuns: 50, seed: SEED },
    );
    expect(counted('GuardedTable: edits applied', 'fixes applied')).toBeGreaterThan(40);
  });
});

/** The GlobalTable resource of a synthesized (or refused: written before validation) template. */
function tableResource(app: App, stack: Stack): Json {
  const template = JSON.parse(readFileSync(join(app.outdir, stack.templateFile), 'utf8')) as Json;
  const tables = Object.values(template.Resources as Json).filter((r) => r.Type === 'AWS::DynamoDB::GlobalTable');
  expect(tables).toHaveLength(1);
  return tables[0];
}

type Key = { name: string; type?: string };
const keySchema = (partition: readonly Key[], sort: readonly Key[]) => [
  ...partition.map((k) => ({ AttributeName: k.name, KeyType: 'HASH' })),
  ...sort.map((k) => ({ AttributeName: k.name, KeyType: 'RANGE' })),
];

/** What the template must say, from the design alone. */
function expectTemplateOf(table: Json, design: TableDesign): void {
  const p = table.Properties;
  expect(p.KeySchema).toEqual(keySchema([design.partitionKey], design.sortKey ? [design.sortKey] : []));
  const gsis = design.globalSecondaryIndexes ?? [];
  expect((p.GlobalSecondaryIndexes ?? []).map((g: Json) => [g.IndexName, g.KeySchema])).toEqual(
    gsis.map((g) => [g.indexName, keySchema(g.partitionKeys ?? (g.partitionKey ? [g.partitionKey] : []), g.sortKeys ?? (g.sortKey ? [g.sortKey] : []))]),
  );
  expect((p.LocalSecondaryIndexes ?? []).map((l: Json) => [l.IndexName, l.KeySchema])).toEqual(
    (design.localSecondaryIndexes ?? []).map((l) => [l.indexName, keySchema([design.partitionKey], [l.sortKey])]),
  );
  // Every key attribute is defined once, with the design's type.
  const attributes = [
    design.partitionKey,
    design.sortKey,
    ...gsis.flatMap((g) => [g.partitionKey, ...(g.partitionKeys ?? []), g.sortKey, ...(g.sortKeys ?? [])]),
    ...(design.localSecondaryIndexes ?? []).map((l) => l.sortKey),
  ].filter((a): a is NonNullable<typeof a> => a !== undefined);
  const types = new Map(attributes.map((a) => [a.name, a.type]));
  expect(new Map((p.AttributeDefinitions as Json[]).map((d) => [d.AttributeName, d.AttributeType]))).toEqual(types);
  expect(p.BillingMode).toBe(design.billing === 'provisioned' ? 'PROVISIONED' : 'PAY_PER_REQUEST');
  const replica = p.Replicas[0];
  expect(replica.DeletionProtectionEnabled).toBe(true);
  expect(replica.PointInTimeRecoverySpecification).toEqual({ PointInTimeRecoveryEnabled: true });
  expect(replica.ContributorInsightsSpecification.Enabled).toBe(design.monitoring?.contributorInsights ?? true);
  expect(table.DeletionPolicy).toBe('Retain');
  const { engine: _engine, ...expected } = coreDesign(design, 'Synth.Table');
  expect(table.Metadata.skewguard.design).toEqual(JSON.parse(JSON.stringify(expected)));
}

describe('GuardedTable props, synthesized', () => {
  // CDK prints the validation report (skewguard's warnings) on every synth that has one.
  beforeEach(() => jest.spyOn(console, 'error').mockImplementation(() => undefined));
  afterEach(() => jest.restoreAllMocks());

  it("synthesize the key schema the design declares, and are refused for exactly the core's errors", () => {
    fc.assert(
      fc.property(designs, (design) => {
        const core = coreVerdict(coreDesign(design, 'Synth.Table'));
        if ('error' in core) return count('GuardedTable: synthesized', 'invalid design');
        const app = new App();
        const stack = new Stack(app, 'Synth');
        new GuardedTable(stack, 'Table', propsOf(design));
        const report = synthDesignReport(stack);
        const refusedFor = [...new Set(report.violations.filter((v) => v.severity === 'error' && v.acknowledged === undefined).map((v) => v.ruleId))].sort();
        expect(refusedFor).toEqual([...new Set(blockingFindings(core.findings).map((f) => f.ruleId))].sort());
        count('GuardedTable: synthesized', refusedFor.length > 0 ? 'refused' : 'synthesized');
        expectTemplateOf(tableResource(app, stack), design);
      }),
      // 32: with a GSI's writes counting the table's replicated copies (lib/lint/written.ts), 24 runs left 3 synthesized.
      { numRuns: 32, seed: SEED },
    );
    expect(counted('GuardedTable: synthesized', 'synthesized')).toBeGreaterThan(3);
    expect(counted('GuardedTable: synthesized', 'refused')).toBeGreaterThan(3);
  });
});

afterAll(() => reportCounts('GuardedTable props'));
