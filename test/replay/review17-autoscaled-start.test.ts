// Review 17 (stranger17a): an auto-scaled table replayed from its minimum paged a healthy week. The
// model started the table at its minimum capacity whatever the load of minute 0, so a table whose
// realistic minimum sits under its ordinary night load throttled from minute 0 until auto scaling caught
// up, and the capacity page fired at minute 19 with `firstCapacityThrottle: 0`. A real table running
// this workload would already be where target tracking holds it: the replay now starts there (load ÷
// target, within minimum and maximum) and still models scale-out lag on later ramps.
import { App, Stack } from 'aws-cdk-lib';
import { AttributeType, Billing, Capacity } from 'aws-cdk-lib/aws-dynamodb';
import * as sns from 'aws-cdk-lib/aws-sns';
import { GuardedTable } from '../../lib/cdk';
import { clockOf, healthyWeek, Random, replayStack, simulateTable, Telemetry, type CfnTemplate, type DynamoTableProfile } from '../../lib/testing/replay';

const PEAK = { read: 3_000, write: 1_200 };
const TARGET = 70;
type Limits = { read: { min: number; max: number }; write: { min: number; max: number } };
const REALISTIC: Limits = { read: { min: 100, max: 5_000 }, write: { min: 50, max: 2_000 } };

function sessions(limits: Limits): { template: CfnTemplate; profiles: Record<string, DynamoTableProfile> } {
  const previous = process.env.CDK_VALIDATION;
  process.env.CDK_VALIDATION = 'false';
  try {
    const app = new App();
    const stack = new Stack(app, 'Review17');
    const autoscaled = (d: 'read' | 'write') =>
      Capacity.autoscaled({ minCapacity: limits[d].min, maxCapacity: limits[d].max, targetUtilizationPercent: TARGET });
    new GuardedTable(stack, 'Sessions', {
      partitionKey: { name: 'sessionId', type: AttributeType.STRING, cardinality: 'unique' },
      workload: { peakReadUnits: PEAK.read, peakWriteUnits: PEAK.write },
      pageTopic: new sns.Topic(stack, 'OnCall'),
      billing: Billing.provisioned({ readCapacity: autoscaled('read'), writeCapacity: autoscaled('write') }),
    });
    const template = app.synth().getStackByName(stack.stackName).template as CfnTemplate;
    const profiles: Record<string, DynamoTableProfile> = {
      Sessions: {
        capacity: {
          mode: 'provisioned',
          read: limits.read.min,
          write: limits.write.min,
          autoScaling: { read: { max: limits.read.max, targetUtilizationPercent: TARGET }, write: { max: limits.write.max, targetUtilizationPercent: TARGET } },
        },
        peakRead: PEAK.read,
        peakWrite: PEAK.write,
        cardinality: 1_000_000,
      },
    };
    return { template, profiles };
  } finally {
    process.env.CDK_VALIDATION = previous;
  }
}

const pages = (target: string) => target.includes('OnCall');

describe('Sessions, auto-scaled reads 100→5,000 and writes 50→2,000 at 70%, planned peak 3,000 RCU / 1,200 WCU (healthy 4 days, seed 1)', () => {
  const { template, profiles } = sessions(REALISTIC);
  const week = healthyWeek(profiles, 1, 4);
  const table = replayStack(template, week, { pages }).tables.Sessions;

  it('pages nobody (before: "failed requests" at d0 00:19, firstCapacityThrottle 0)', () => {
    expect(table.pages.map((p) => `${clockOf(p.minute)} ${p.alarm}`)).toEqual([]);
  });

  describe('the model of the same week', () => {
    const t = new Telemetry(week.days * 24 * 60);
    const [truth] = simulateTable(week.models.Sessions, { tableName: 'T', rules: {} }, t, new Random(week.seed));
    const series = (name: string) => t.series({ namespace: 'AWS/DynamoDB', metricName: name, dimensions: { TableName: 'T' } }).map((p) => p?.sum ?? 0);
    const throttledMinutes = () => {
      const [read, write] = [series('ReadProvisionedThroughputThrottleEvents'), series('WriteProvisionedThroughputThrottleEvents')];
      return read.flatMap((n, m) => (n + write[m] > 0 ? [clockOf(m)] : []));
    };

    it("starts at minute 0's load ÷ 70%: 542 RCU/s → 775, 217 WCU/s → 310 (before: the minimums 100 and 50)", () => {
      const load = (d: 'read' | 'write') => week.models.Sessions.keySpaces[0][d](0);
      expect([Math.round(load('read')), Math.round(load('write'))]).toEqual([542, 217]);
      expect([series('ProvisionedReadCapacityUnits')[0], series('ProvisionedWriteCapacityUnits')[0]]).toEqual([775, 310]);
    });

    it("still lags later ramps: the nightly batch's step (118 → 372 WCU/s at 02:00) throttles once burst credit runs out at 02:06, the planned peak's ramp for 6 minutes; neither pages (20 of 40)", () => {
      expect(truth.firstCapacityThrottle).toBe(126);
      expect(throttledMinutes()).toEqual(['d0 02:06', 'd3 19:11', 'd3 19:12', 'd3 19:13', 'd3 19:14', 'd3 19:15', 'd3 19:16']);
    });
  });
});
