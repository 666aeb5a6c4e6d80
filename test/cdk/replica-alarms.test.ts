/**
 * A global table's replica Regions (review ops19 item 1): a GuardedTable with a replica got alarms in its home Region
 * only, with no word of the replica. Now each replica Region gets a ticket on ReplicationLatency (TableName +
 * ReceivingRegion, published in the home Region) and a synth warning that its key-range throttles page nobody here.
 * Real synthesis, both ways: one stack with two replicas, one without.
 */
import { Annotations as AssertAnnotations, Match } from 'aws-cdk-lib/assertions';
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
function globalTable(replicas: string[]) {
  const { stack } = appWithStack();
  const page = new sns.Topic(stack, 'Page');
  const ticket = new sns.Topic(stack, 'Ticket');
  const guarded = new GuardedTable(stack, 'Sessions', healthy({ pageTopic: page, ticketTopic: ticket }));
  for (const region of replicas) guarded.table.addReplica({ region });
  const alarms = Object.values(templateOf(stack).findResources('AWS::CloudWatch::Alarm')).map((r) => r.Properties as AlarmProps);
  const warnings = AssertAnnotations.fromStack(stack)
    .findWarning('*', Match.stringLikeRegexp('skewguard:replica-region-unwatched'))
    .map((w) => ({ id: w.id, text: String(w.entry.data) }));
  return { stack, guarded, alarms, warnings, replicationAlarms: alarms.filter((a) => a.MetricName === 'ReplicationLatency') };
}

describe('a GuardedTable with replicas', () => {
  const { stack, guarded, alarms, warnings, replicationAlarms } = globalTable(['us-east-1', 'ap-southeast-2']);

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
    const { replicationAlarms, warnings, alarms } = globalTable([]);
    expect([replicationAlarms, warnings]).toEqual([[], []]);
    expect(alarms).toHaveLength(3);
  });
});
