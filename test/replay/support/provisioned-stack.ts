/**
 * A stack of two provisioned GuardedTables with default alarms, for replay: `Scaled` (read and write
 * auto-scaled, minimum sized for ordinary days at 70% target utilization, maximum for the planned
 * peak with headroom) and `Fixed` (fixed capacity sized for the planned peak: reads fixed, writes
 * auto-scaled with the minimum at the maximum, as TableV2 allows), and their traffic
 * profiles. Each table plans 9,000 RCU/s and 3,000 WCU/s at its peak; an ordinary day peaks at 30%.
 */
import { App, Stack } from 'aws-cdk-lib';
import { AttributeType, Billing, Capacity } from 'aws-cdk-lib/aws-dynamodb';
import * as sns from 'aws-cdk-lib/aws-sns';
import { GuardedTable, type SkewAlarmThresholds } from '../../../lib/cdk';
import type { CfnTemplate, DynamoTableProfile } from '../../../lib/testing/replay';

const PEAK = { read: 9_000, write: 3_000 };
/** Minimum: an ordinary day's peak (30% of the planned) at the 70% target; maximum: the planned peak at 67%. */
export const SCALED = { read: { min: 3_900, max: 13_500 }, write: { min: 1_300, max: 4_500 }, targetUtilizationPercent: 70 } as const;
export const FIXED = { read: 13_500, write: 4_500 } as const;

export const PROVISIONED_TABLES: Readonly<Record<string, DynamoTableProfile>> = {
  Scaled: {
    capacity: {
      mode: 'provisioned',
      read: SCALED.read.min,
      write: SCALED.write.min,
      autoScaling: {
        read: { max: SCALED.read.max, targetUtilizationPercent: SCALED.targetUtilizationPercent },
        write: { max: SCALED.write.max, targetUtilizationPercent: SCALED.targetUtilizationPercent },
      },
    },
    peakRead: PEAK.read,
    peakWrite: PEAK.write,
    cardinality: 1_000_000,
  },
  Fixed: { capacity: { mode: 'provisioned', read: FIXED.read, write: FIXED.write }, peakRead: PEAK.read, peakWrite: PEAK.write, cardinality: 1_000_000 },
};

/** The stack, synthesized without aws-cdk-lib's validation (not under test here). */
export function provisionedTemplate(alarmThresholds?: SkewAlarmThresholds): CfnTemplate {
  const previous = process.env.CDK_VALIDATION;
  process.env.CDK_VALIDATION = 'false';
  try {
    const app = new App();
    const stack = new Stack(app, 'Provisioned');
    const pageTopic = new sns.Topic(stack, 'OnCall');
    const ticketTopic = new sns.Topic(stack, 'Backlog');
    const common = {
      partitionKey: { name: 'id', type: AttributeType.STRING, cardinality: 'unique' as const },
      workload: { peakReadUnits: PEAK.read, peakWriteUnits: PEAK.write },
      pageTopic,
      ticketTopic,
      alarmThresholds,
    };
    const autoscaled = (d: 'read' | 'write') =>
      Capacity.autoscaled({ minCapacity: SCALED[d].min, maxCapacity: SCALED[d].max, targetUtilizationPercent: SCALED.targetUtilizationPercent });
    new GuardedTable(stack, 'Scaled', { ...common, billing: Billing.provisioned({ readCapacity: autoscaled('read'), writeCapacity: autoscaled('write') }) });
    new GuardedTable(stack, 'Fixed', {
      ...common,
      // TableV2 takes write capacity auto-scaled only: a minimum equal to the maximum is fixed capacity.
      billing: Billing.provisioned({
        readCapacity: Capacity.fixed(FIXED.read),
        writeCapacity: Capacity.autoscaled({ minCapacity: FIXED.write, maxCapacity: FIXED.write }),
      }),
    });
    return app.synth().getStackByName(stack.stackName).template as CfnTemplate;
  } finally {
    process.env.CDK_VALIDATION = previous;
  }
}
