/**
 * The composite alarm over one GuardedTable's page-tier alarms (`compositeAlarm: true`): one page per table. Its rule
 * names each alarm by its AlarmName, not its ARN: CloudWatch takes either ("You can use either alarm names or ARNs",
 * AWS::CloudWatch::CompositeAlarm, AlarmRule), a name is known exactly at synth (an ARN adds about 60 characters of
 * partition, Region and account known only at deploy), and the rule takes at most 10,240 characters. The names are
 * skewguard's (≤ 255 each); DependsOn on the table's alarms creates them first, as the ARN's Fn::GetAtt did.
 */
import { Lazy } from 'aws-cdk-lib';
import * as cloudwatch from 'aws-cdk-lib/aws-cloudwatch';
import type { Construct } from 'constructs';
import { alarmName, COMPOSITE_LIMITS_PAGE, cutWithHash, MAX_ALARM_RULE } from './alarm-text';
import type { TierActions } from './alarms';

/** The table's label in the composite's description: cut as alarm names are (255), so the description stays within 1,024. */
const LABEL_IN_DESCRIPTION = 255;

export function pageComposite(
  scope: Construct,
  label: string,
  /** The page alarms, read at synth: a GSI added later adds its own. */
  pageAlarms: () => readonly cloudwatch.Alarm[],
  /** The construct the table's alarms are made in. */
  alarmsScope: Construct,
  { page, recovery }: TierActions,
): cloudwatch.CompositeAlarm {
  const rule = () =>
    pageAlarms()
      // The name as given (`alarm.alarmName` is a Ref to it).
      .map((alarm) => `ALARM("${String((alarm.node.defaultChild as cloudwatch.CfnAlarm).alarmName)}")`)
      .join(' OR ');
  const composite = new cloudwatch.CompositeAlarm(scope, 'PageComposite', {
    compositeAlarmName: alarmName(`skewguard page ${label} any hot partition`),
    alarmDescription: `[page] any page-tier skewguard alarm of table ${cutWithHash(label, LABEL_IN_DESCRIPTION)} is in ALARM: requests throttled now, by a hot partition or a capacity limit. Do: open the alarm in ALARM for its key space and what to do.`,
    alarmRule: { renderAlarmRule: () => Lazy.string({ produce: rule }) },
  });
  if (page.length > 0) composite.addAlarmAction(...page);
  // Its recovery to the page topic it paged: the incident it opened is resolved there.
  if (recovery.page.length > 0) composite.addOkAction(...recovery.page);
  // On every alarm of the table, those a GSI added later makes too: CDK resolves a construct's dependencies at synth.
  composite.node.addDependency(alarmsScope);
  composite.node.addValidation({
    validate: () => {
      const length = rule().length;
      return length <= MAX_ALARM_RULE
        ? []
        : [
            `compositeAlarm: the rule over this table's ${pageAlarms().length} page alarms would take ${length.toLocaleString('en-US')} characters, above the ${MAX_ALARM_RULE.toLocaleString('en-US')} CloudWatch accepts (${COMPOSITE_LIMITS_PAGE}), and the deploy would fail: give the table a shorter tableName (alarm names hold it), or leave compositeAlarm off and page on the alarms themselves`,
          ];
    },
  });
  return composite;
}
