/**
 * A global table's replica Regions (review ops19 item 1): a GuardedTable with a replica got alarms in its home Region
 * only, with no word of the replica. Now each replica Region gets a ticket on ReplicationLatency (TableName +
 * ReceivingRegion, published in the home Region) and a synth warning that its key-range throttles page nobody here.
 * Real synthesis, both ways: one stack with two replicas, one without.
 */
import { Annotations as AssertAnnotations, Match } from 'aws-cdk-lib/assertions';
import { MultiRegionConsistency } from 'aws-cdk-lib/aws-dynamodb';
import * as sns from 'aws-cdk-lib/aws-sns';
import { GuardedTable } from '../../lib/cdk';
import { appWithStack, healthy, templateOf } from './support';

interface AlarmProps {
  AlarmName: string;
  AlarmDescription: string;
  MetricName?: string;
  Namespace?: string;
  Statistic?: string;
  Dimensions?: { Name: string; Value: unknown }[];
  Threshold: number;
  EvaluationPeriods: number;
  DatapointsToAlarm: number;
  AlarmActions?: unknown[];
  OKActions?: unknown[];
  TreatMissingData: string;
}

/** A GuardedTable in eu-west-1, with `replicas` added the way GuardedTable takes them: `table.addReplica()`. */
function globalTable(replicas: string[], overrides: Parameters<typeof healthy>[0] = {}) {
  const { stack } = appWithStack();
  const page = new sns.Topic(stack, 'Page');
  const ticket = new sns.Topic(stack, 'Ticket');
  const guarded = new GuardedTable(stack, 'Sessions', healthy({ pageTopic: page, ticketTopic: ticket, ...overrides }));
  for (const region of replicas) guarded.table.addReplica({ region });
  const alarms = Object.values(templateOf(stack).findResources('AWS::CloudWatch::Alarm')).map((r) => r.Properties as AlarmProps);
  const warnings = AssertAnnotations.fromStack(stack)
    .findWarning('*', Match.stringLikeRegexp('skewguard:replica-region-unwatched'))
    .map((w) => ({ id: w.id, text: String(w.entry.data) }));
  const regional = AssertAnnotations.fromStack(stack)
    .findWarning('*', Match.stringLikeRegexp('skewguard:replica-invariants-regional'))
    .map((w) => String(w.entry.data));
  return { stack, guarded, alarms, warnings, regional, replicationAlarms: alarms.filter((a) => a.MetricName === 'ReplicationLatency') };
}

describe('a GuardedTable with replicas', () => {
  const { stack, guarded, alarms, warnings, replicationAlarms, regional } = globalTable(['us-east-1', 'ap-southeast-2']);

  it('says nothing of invariants where the design declares none', () => {
    expect(regional).toEqual([]);
  });

  it('gets a ticket on ReplicationLatency per replica Region, as AWS recommends it: average over 3 minutes in 15 of 15 minutes', () => {
    expect(replicationAlarms).toHaveLength(2);
    const [toUsEast] = replicationAlarms;
    const tableRef = stack.resolve(guarded.table.tableName);
    expect(toUsEast).toMatchObject({
      AlarmName: 'skewguard ticket Test/Sessions replication to us-east-1 late',
      Namespace: 'AWS/DynamoDB',
      Statistic: 'Average',
      Dimensions: [
        { Name: 'ReceivingRegion', Value: 'us-east-1' },
        { Name: 'TableName', Value: tableRef },
      ],
      Threshold: 180_000,
      EvaluationPeriods: 15,
      DatapointsToAlarm: 15,
      TreatMissingData: 'notBreaching',
      AlarmActions: [{ Ref: expect.stringMatching(/^Ticket/) }],
      // A ticket's recovery to the ticket topic it fired to (decision 83).
      OKActions: [{ Ref: expect.stringMatching(/^Ticket/) }],
    });
    expect(replicationAlarms[1].Dimensions).toContainEqual({ Name: 'ReceivingRegion', Value: 'ap-southeast-2' });
    expect(toUsEast.AlarmDescription).toMatch(
      /^\[ticket\] ReplicationLatency to us-east-1 averages 180,000\+ ms \(3 min\): writes made here reach the replica there that late, .*Fires on 15 of the last 15 minutes \(no data: not breaching\)\. Do: look for throttles of the table in us-east-1 .*V2globaltables_monitoring\.html$/,
    );
    expect(toUsEast.AlarmDescription.length).toBeLessThanOrEqual(1024);
    expect(guarded.skewAlarms.filter((a) => a.signal === 'replication-latency').map((a) => [a.tier, a.region])).toEqual([
      ['ticket', 'us-east-1'],
      ['ticket', 'ap-southeast-2'],
    ]);
  });

  it('adds one resource per replica Region and pages no more', () => {
    expect(alarms).toHaveLength(3 + 2);
    expect(guarded.pageAlarms).toHaveLength(2);
  });

  it('warns at synth, naming each replica Region whose key-range throttles no alarm watches, and how to watch them', () => {
    expect(warnings.map((w) => w.id)).toEqual(['/Test/Sessions', '/Test/Sessions']);
    expect(warnings[0].text).toContain(
      'the replica in us-east-1 gets a ticket on its ReplicationLatency from here, but its key-range throttles (a hot partition there, or the writes replicated to it throttled) page nobody',
    );
    expect(warnings[0].text).toContain('Watch them with alarms in a stack in us-east-1 (docs/cdk.md, "Replicas")');
    expect(warnings[1].text).toContain('the replica in ap-southeast-2');
  });
});

describe('a GuardedTable without replicas', () => {
  it('has no replication alarm and no replica warning', () => {
    const { replicationAlarms, warnings, alarms, regional } = globalTable([], { invariants: [HOLD] });
    expect([replicationAlarms, warnings, regional]).toEqual([[], [], []]);
    expect(alarms).toHaveLength(3);
  });
});

/**
 * A hotel's "hold a room only if one is left" on a global table (stranger29a): with multi-Region eventual consistency
 * each Region checks the condition against its own copy and two Regions' writes to one item are resolved last writer
 * wins (AWS Prescriptive Guidance, "Overview of global tables"; "Write to one Region mode"), so both Regions can sell
 * the last room. A synth warning says so, once per table; none under multi-Region strong consistency or without such an
 * invariant (the stack above).
 */
const HOLD = { kind: 'conditional-write', description: 'decrement roomsLeft only if > 0' } as const;

describe('a global table whose design declares a conditional write', () => {
  it('warns once, naming the invariant, the Region and the two ways out', () => {
    const { regional } = globalTable(['us-east-1', 'ap-southeast-2'], { invariants: [HOLD, { kind: 'running-total' }] });
    expect(regional).toHaveLength(1);
    expect(regional[0]).toContain(
      'the design declares a conditional write (invariants[0]: "decrement roomsLeft only if > 0"), a running total (invariants[1]), and the table has a replica in us-east-1 with multi-Region eventual consistency (the default)',
    );
    expect(regional[0]).toContain('resolved last writer wins, unlogged, so both Regions can pass the same condition');
    expect(regional[0]).toMatch(/Send these writes to one Region \(AWS: "Write to one Region mode"\), or create the table with multiRegionConsistency: STRONG/);
  });

  it('does not warn under multi-Region strong consistency (two replicas given as the prop MRSC needs, and this Region: three)', () => {
    const { regional, replicationAlarms, warnings } = globalTable([], {
      invariants: [HOLD],
      multiRegionConsistency: MultiRegionConsistency.STRONG,
      replicas: [{ region: 'eu-west-2' }, { region: 'eu-west-3' }],
    });
    expect(regional).toEqual([]);
    // Replicas given as the prop get what addReplica() gives: a ticket and the unwatched-Region warning each.
    expect(replicationAlarms.map((a) => a.Dimensions?.find((d) => d.Name === 'ReceivingRegion')?.Value)).toEqual(['eu-west-2', 'eu-west-3']);
    expect(warnings).toHaveLength(2);
  });

  it('warns for a transaction too: its items replicate one by one, each last writer wins', () => {
    expect(globalTable(['us-east-1'], { invariants: [{ kind: 'transaction' }] }).regional).toHaveLength(1);
  });
});
