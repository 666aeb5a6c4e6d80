/**
 * A GuardedTable's findings and errors name the props its user wrote, not the design-file fields the
 * construct derives from them (API review 13 item 6): every entry of the mapping, and its use in the
 * synth refusal, in `findings` and in construction errors.
 */
import { Template } from 'aws-cdk-lib/assertions';
import { AttributeType, Billing, Capacity } from 'aws-cdk-lib/aws-dynamodb';
import { DesignError, lint, type DynamoDbTableDesign } from '../../lib';
import { GuardedTable, type GlobalSecondaryIndexSettings, type GuardedTableProps } from '../../lib/cdk';
import { asPropFinding, DERIVED_FIELDS, propOf } from '../../lib/cfn/prop-paths';
import { parseFieldPath } from '../../lib/internal';
import { appWithStack, healthy, skewguardReport, synthError } from './support';

type Example = 'A' | 'B' | 'C';
/** Design path, the prop path, the prop as written, and a table of `examples` whose props set that field to the value. */
type Row = [design: string, path: string, writes: string, example: Example, value: unknown];

const gsi = 'globalSecondaryIndexes[0]';
const ROWS: Row[] = [
  ['name', 'tableName', 'tableName', 'A', 'orders-alpha'],
  ['capacity.read', 'billing', 'billing: Billing.provisioned({ readCapacity })', 'A', { fixed: 11 }],
  ['capacity.read.fixed', 'billing', 'billing: Billing.provisioned({ readCapacity: Capacity.fixed(units) })', 'A', 11],
  ['capacity.read.min', 'billing', 'billing: Billing.provisioned({ readCapacity: Capacity.autoscaled({ minCapacity }) })', 'B', 5],
  ['capacity.read.max', 'billing', 'billing: Billing.provisioned({ readCapacity: Capacity.autoscaled({ maxCapacity }) })', 'B', 15],
  [
    'capacity.read.targetUtilizationPercent',
    'billing',
    'billing: Billing.provisioned({ readCapacity: Capacity.autoscaled({ targetUtilizationPercent }) })',
    'B',
    60,
  ],
  ['capacity.write', 'billing', 'billing: Billing.provisioned({ writeCapacity })', 'A', { min: 3, max: 12, targetUtilizationPercent: 50 }],
  ['capacity.write.min', 'billing', 'billing: Billing.provisioned({ writeCapacity: Capacity.autoscaled({ minCapacity }) })', 'A', 3],
  ['capacity.write.max', 'billing', 'billing: Billing.provisioned({ writeCapacity: Capacity.autoscaled({ maxCapacity }) })', 'A', 12],
  [
    'capacity.write.targetUtilizationPercent',
    'billing',
    'billing: Billing.provisioned({ writeCapacity: Capacity.autoscaled({ targetUtilizationPercent }) })',
    'A',
    50,
  ],
  ['onDemand.maxReadRequestUnits', 'billing', 'billing: Billing.onDemand({ maxReadRequestUnits })', 'C', 21],
  ['onDemand.maxWriteRequestUnits', 'billing', 'billing: Billing.onDemand({ maxWriteRequestUnits })', 'C', 22],
  [`${gsi}.capacity.read`, `${gsi}.readCapacity`, `${gsi}.readCapacity`, 'A', { min: 2, max: 13, targetUtilizationPercent: 55 }],
  [`${gsi}.capacity.read.fixed`, `${gsi}.readCapacity`, `${gsi}.readCapacity: Capacity.fixed(units)`, 'B', 17],
  [`${gsi}.capacity.read.min`, `${gsi}.readCapacity`, `${gsi}.readCapacity: Capacity.autoscaled({ minCapacity })`, 'A', 2],
  [`${gsi}.capacity.read.max`, `${gsi}.readCapacity`, `${gsi}.readCapacity: Capacity.autoscaled({ maxCapacity })`, 'A', 13],
  [`${gsi}.capacity.read.targetUtilizationPercent`, `${gsi}.readCapacity`, `${gsi}.readCapacity: Capacity.autoscaled({ targetUtilizationPercent })`, 'A', 55],
  [`${gsi}.capacity.write`, `${gsi}.writeCapacity`, `${gsi}.writeCapacity`, 'B', { min: 7, max: 18, targetUtilizationPercent: 65 }],
  [`${gsi}.capacity.write.min`, `${gsi}.writeCapacity`, `${gsi}.writeCapacity: Capacity.autoscaled({ minCapacity })`, 'B', 7],
  [`${gsi}.capacity.write.max`, `${gsi}.writeCapacity`, `${gsi}.writeCapacity: Capacity.autoscaled({ maxCapacity })`, 'B', 18],
  [
    `${gsi}.capacity.write.targetUtilizationPercent`,
    `${gsi}.writeCapacity`,
    `${gsi}.writeCapacity: Capacity.autoscaled({ targetUtilizationPercent })`,
    'B',
    65,
  ],
  [`${gsi}.onDemand.maxReadRequestUnits`, `${gsi}.maxReadRequestUnits`, `${gsi}.maxReadRequestUnits`, 'C', 23],
  [`${gsi}.onDemand.maxWriteRequestUnits`, `${gsi}.maxWriteRequestUnits`, `${gsi}.maxWriteRequestUnits`, 'C', 24],
];

const index = (settings: GlobalSecondaryIndexSettings) => ({
  indexName: 'by-customer',
  partitionKey: { name: 'customerId', type: AttributeType.STRING, cardinality: 'unique' as const },
  ...settings,
});

/** Three tables whose props set every derived field to a distinct figure (a peak of 1 unit, which each serves). */
const EXAMPLES: Record<Example, GuardedTableProps> = {
  A: healthy({
    workload: { peakReadUnits: 1, peakWriteUnits: 1 },
    tableName: 'orders-alpha',
    billing: Billing.provisioned({
      readCapacity: Capacity.fixed(11),
      writeCapacity: Capacity.autoscaled({ minCapacity: 3, maxCapacity: 12, targetUtilizationPercent: 50 }),
    }),
    globalSecondaryIndexes: [
      index({
        readCapacity: Capacity.autoscaled({ minCapacity: 2, maxCapacity: 13, targetUtilizationPercent: 55 }),
        writeCapacity: Capacity.autoscaled({ minCapacity: 4, maxCapacity: 14 }),
      }),
    ],
  }),
  B: healthy({
    workload: { peakReadUnits: 1, peakWriteUnits: 1 },
    billing: Billing.provisioned({
      readCapacity: Capacity.autoscaled({ minCapacity: 5, maxCapacity: 15, targetUtilizationPercent: 60 }),
      writeCapacity: Capacity.autoscaled({ minCapacity: 6, maxCapacity: 16 }),
    }),
    globalSecondaryIndexes: [
      index({ readCapacity: Capacity.fixed(17), writeCapacity: Capacity.autoscaled({ minCapacity: 7, maxCapacity: 18, targetUtilizationPercent: 65 }) }),
    ],
  }),
  C: healthy({
    workload: { peakReadUnits: 1, peakWriteUnits: 1 },
    billing: Billing.onDemand({ maxReadRequestUnits: 21, maxWriteRequestUnits: 22 }),
    globalSecondaryIndexes: [index({ maxReadRequestUnits: 23, maxWriteRequestUnits: 24 })],
  }),
};

/** The value at a field path of plain data. */
function at(data: unknown, path: string): unknown {
  return parseFieldPath(path).reduce<unknown>((value, key) => (value as Record<string | number, unknown> | undefined)?.[key], data);
}

describe('the mapping of derived design fields to GuardedTable props', () => {
  it.each(ROWS)('%s is written %s', (design, path, writes) => {
    expect(propOf(design)).toEqual({ path, writes });
  });

  it('has a row above for every entry, on the table and on a GSI', () => {
    const mapped = [...DERIVED_FIELDS].flatMap(([field, where]) => [...(where.table ? [field] : []), ...(where.index ? [`${gsi}.${field}`] : [])]);
    expect(mapped.sort()).toEqual(ROWS.map(([design]) => design).sort());
  });

  it('leaves a quoted key attribute called `name` in messages and fixes as it is: only the table’s `name` field, a path, is `tableName`', () => {
    const design: DynamoDbTableDesign = {
      engine: 'dynamodb',
      name: 'people',
      partitionKey: { name: 'name', type: 'S', cardinality: 3 },
      workload: { peakReadUnits: 100, peakWriteUnits: 3000 },
    };
    const finding = lint(design).find((f) => f.ruleId === 'SG001');
    expect(finding?.message).toContain('partition key `name`');
    expect(asPropFinding(finding!)).toMatchObject({ path: finding?.path, message: finding?.message, fix: finding?.fix });
  });

  it('leaves fields the user writes as they are, and key attributes named `name`', () => {
    for (const path of [
      'workload.peakWriteUnits',
      'warmThroughput',
      `${gsi}.warmThroughput.readUnitsPerSecond`,
      'partitionKey.name',
      `${gsi}.name`,
      'capacity',
    ]) {
      expect(propOf(path)).toBeUndefined();
    }
  });

  it('names props that set those fields: each example table writes the row’s figure at the row’s design path (one synth)', () => {
    const { stack } = appWithStack();
    const designs = Object.fromEntries(Object.entries(EXAMPLES).map(([id, props]) => [id, new GuardedTable(stack, id, props)]));
    const template = Template.fromStack(stack);
    const designOf = (id: string) => {
      const resource = template.toJSON().Resources[stack.getLogicalId(designs[id].table.node.defaultChild as never)];
      return resource.Metadata.skewguard.design;
    };
    for (const [design, , , example, value] of ROWS) expect([design, at(designOf(example), design)]).toEqual([design, value]);
  });
});

/** A well-keyed table declared for a 25,000 WCU peak whose auto scaling stops at 50 WCU (SG017 error). */
const capped = () =>
  healthy({
    workload: { peakReadUnits: 1000, peakWriteUnits: 25000 },
    billing: Billing.provisioned({ readCapacity: Capacity.fixed(2000), writeCapacity: Capacity.autoscaled({ minCapacity: 5, maxCapacity: 50 }) }),
  });

describe('a GuardedTable refused for its capacity (SG017)', () => {
  it('names billing in the report, the field path and the fix, where a design file names capacity.write.max', () => {
    const { app, stack } = appWithStack();
    new GuardedTable(stack, 'Votes', capped());
    const error = synthError(app);
    expect(error).toContain('field billing: auto scaling of the table stops at 50 WCU');
    expect(error).toContain('set `billing: Billing.provisioned({ writeCapacity: Capacity.autoscaled({ maxCapacity }) })` to at least 31,250');
    expect(error).not.toContain('capacity.write');
    const violation = skewguardReport(app)?.violations.find((v) => v.ruleName === 'skewguard::SG017');
    expect(violation?.ruleMetadata).toMatchObject({ fieldPath: 'billing', rule: 'SG017' });
  });

  it('leaves the core’s message for a design file as it was', () => {
    const design: DynamoDbTableDesign = {
      engine: 'dynamodb',
      name: 'votes',
      partitionKey: { name: 'orderId', type: 'S', cardinality: 'unique' },
      workload: { peakReadUnits: 1000, peakWriteUnits: 25000 },
      billing: 'provisioned',
      capacity: { read: { fixed: 2000 }, write: { min: 5, max: 50 } },
    };
    const finding = lint(design).find((f) => f.ruleId === 'SG017');
    expect([finding?.path, finding?.fix]).toEqual(['capacity.write.max', expect.stringContaining('set `capacity.write.max` to at least 31,250')]);
  });

  it("asks a GSI that takes the table's capacity for a writeCapacity prop of its own", () => {
    const { stack } = appWithStack();
    const table = new GuardedTable(
      stack,
      'Votes',
      healthy({
        workload: { peakReadUnits: 1000, peakWriteUnits: 500 },
        billing: Billing.provisioned({ readCapacity: Capacity.fixed(2000), writeCapacity: Capacity.autoscaled({ minCapacity: 5, maxCapacity: 1000 }) }),
        globalSecondaryIndexes: [{ ...index({}), workload: { peakWriteUnits: 2000 } }],
      }),
    );
    const finding = table.findings.find((f) => f.ruleId === 'SG017');
    expect([finding?.path, finding?.fix]).toEqual([
      `${gsi}.writeCapacity`,
      `set \`${gsi}.writeCapacity: Capacity.autoscaled({ maxCapacity })\` to at least 2,500 (2,000 WCU at 80% utilization), or use on-demand billing`,
    ]);
    // The edits stay in the design's terms (what \`skewguard lint --fix\` applies to a design file).
    expect(finding?.edits?.map((e) => e.path)).toEqual([`${gsi}.capacity.write.max`]);
  });
});

describe('a GuardedTable whose billing makes an invalid design figure', () => {
  it('is refused at billing, the message saying which figure', () => {
    const { stack } = appWithStack();
    let thrown: unknown;
    try {
      new GuardedTable(stack, 'Votes', healthy({ billing: Billing.onDemand({ maxReadRequestUnits: 0.5 }) }));
    } catch (error) {
      thrown = error;
    }
    expect(thrown).toBeInstanceOf(DesignError);
    expect((thrown as DesignError).issues).toEqual([
      { path: 'billing', message: 'in `billing: Billing.onDemand({ maxReadRequestUnits })`, expected an integer ≥ 1, got 0.5' },
    ]);
  });
});
