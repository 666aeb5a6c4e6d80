// Review 17 (stranger17a): in the replay's "surge beyond the per-table quota" on an on-demand table, the
// key-range page fired a minute before the capacity page and said "a hot key … more capacity will not
// help". No key was hot: on demand, traffic past twice the previous peak within 30 minutes throttles
// partitions while DynamoDB splits them (AWS knowledge center, "on-demand-table-throttling-dynamodb";
// Developer Guide, "Pre-warming a table for on-demand capacity mode"). On an on-demand table the page
// now names that case and its remedies; a provisioned table's does not (its uniform excess is a
// provisioned-capacity throttle). The description stays under CloudWatch's 1,024 characters.
import { App, Stack } from 'aws-cdk-lib';
import { AttributeType, Billing, Capacity } from 'aws-cdk-lib/aws-dynamodb';
import * as sns from 'aws-cdk-lib/aws-sns';
import { GuardedTable, type GuardedTableProps } from '../../lib/cdk';
import { dynamoIncident, replayStack, type CfnTemplate } from '../../lib/testing/replay';

const PEAK = { read: 3_000, write: 10_000 };
const SURGE_CLAUSE = 'no hot key: past 2× its prior peak in 30 min; ramp over 30 min or pre-warm';

function template(stackName: string, id: string, props: Partial<GuardedTableProps> = {}): CfnTemplate {
  const previous = process.env.CDK_VALIDATION;
  process.env.CDK_VALIDATION = 'false';
  try {
    const app = new App();
    const stack = new Stack(app, stackName);
    new GuardedTable(stack, id, {
      partitionKey: { name: 'eventId', type: AttributeType.STRING, cardinality: 'unique' },
      workload: { peakReadUnits: PEAK.read, peakWriteUnits: PEAK.write },
      pageTopic: new sns.Topic(stack, 'OnCall'),
      ...props,
    });
    return app.synth().getStackByName(stack.stackName).template as CfnTemplate;
  } finally {
    process.env.CDK_VALIDATION = previous;
  }
}

/** Each alarm's name → its description, a dashboard link's Fn::Join written out with a 14-character Region. */
function descriptions(t: CfnTemplate): Map<string, string> {
  const text = (d: unknown): string =>
    typeof d === 'string'
      ? d
      : ((d as { 'Fn::Join': [string, unknown[]] })['Fn::Join'][1] ?? []).map((p) => (typeof p === 'string' ? p : 'ap-southeast-3')).join('');
  return new Map(
    Object.values(t.Resources ?? {})
      .filter((r) => r.Type === 'AWS::CloudWatch::Alarm')
      .map((r) => [String(r.Properties?.AlarmName), text(r.Properties?.AlarmDescription)]),
  );
}

const KEY_RANGE = (label: string) => `skewguard page ${label} hot partition (key-range throttles)`;

describe('writes surge to 50,000 WCU/s for 40 minutes on an on-demand table planned for 10,000 (default per-table quota 40,000)', () => {
  const onDemand = template('Review17', 'Events');
  const profiles = { Events: { capacity: { mode: 'on-demand' as const }, peakRead: PEAK.read, peakWrite: PEAK.write, cardinality: 1_000_000 } };
  const table = replayStack(onDemand, dynamoIncident('surge beyond the per-table quota', profiles, { table: 'Events' }), {
    pages: (target) => target.includes('OnCall'),
  }).tables.Events;

  it('the key-range page fires first, a minute before the capacity page, with no hot key in the model', () => {
    const first = table.pages[0];
    expect(table.pages.slice(0, 2).map((p) => [p.minute - first.minute, p.alarm])).toEqual([
      [0, KEY_RANGE('Review17/Events')],
      [1, 'skewguard page Review17/Events failed requests (not a hot key)'],
    ]);
  });

  it('and its description names the on-demand surge without a hot key and its remedies (before: only "a hot key … more capacity will not help")', () => {
    const description = descriptions(onDemand).get(KEY_RANGE('Review17/Events'));
    // Pre-warming is capacity that helps here: the provisioned text (what capacity cannot do) stays on provisioned tables only.
    expect(description).toContain(`cache a read-hot one; ${SURGE_CLAUSE}.`);
    expect(description).not.toContain('more capacity will not help');
  });
});

it('a provisioned table’s key-range page does not name it: its uniform excess throttles as provisioned capacity', () => {
  const provisioned = template('Review17', 'Events', {
    billing: Billing.provisioned({ readCapacity: Capacity.fixed(4_500), writeCapacity: Capacity.autoscaled({ maxCapacity: 15_000 }) }),
  });
  const description = descriptions(provisioned).get(KEY_RANGE('Review17/Events'));
  // Decision 64: what capacity cannot do and more partitions can, where it said "more capacity will not help." (SG001's fix
  // pre-warms more partitions).
  expect(description).toContain(
    "capacity does not lift a partition's 1,000 WCU/3,000 RCU: one hot key stays bound, a hot range of keys spreads over more partitions (warm throughput).",
  );
  expect(description).not.toContain('previous peak');
});

it('with a 128-character stack name, a long construct id, a GSI and the dashboard link, every description stays under 1,024 characters', () => {
  const stackName = `S${'x'.repeat(127)}`;
  const long = template(stackName, `Events${'Y'.repeat(60)}`, {
    dashboard: true,
    globalSecondaryIndexes: [
      {
        indexName: `by-${'z'.repeat(60)}`,
        partitionKey: { name: 'tenant', type: AttributeType.STRING, cardinality: 100_000 },
        workload: { peakReadUnits: 1_000, peakWriteUnits: PEAK.write },
      },
    ],
  });
  const texts = [...descriptions(long).values()];
  // One key-range page for the table and its GSI (decision 64; was one each: 2).
  expect(texts.filter((d) => d.includes(SURGE_CLAUSE))).toHaveLength(1);
  expect(Math.max(...texts.map((d) => d.length))).toBeLessThanOrEqual(1024);
});
