/**
 * A threshold given as a token (a CfnParameter, a cross-stack value: unresolved at synth) is written in the alarm's
 * description as CloudFormation resolves it at deploy (an Fn::Join around the token), never as the digits of the
 * number that stands for the token at synth (review quota18: -18,881,545,897,087,635,000,… units a minute).
 */
import { CfnParameter, Token } from 'aws-cdk-lib';
import { Template } from 'aws-cdk-lib/assertions';
import { ContributorInsightsMode } from 'aws-cdk-lib/aws-dynamodb';
import { GuardedTable } from '../../lib/cdk';
import { fitDescription } from '../../lib/cdk/alarm-text';
import { appWithStack, healthy } from './support';

/** The description of the alarm whose logical ID holds `id`, and its threshold. */
function alarm(stack: Parameters<typeof Template.fromStack>[0], id: string) {
  const [found] = Object.entries(Template.fromStack(stack).findResources('AWS::CloudWatch::Alarm')).filter(([logicalId]) => logicalId.includes(id));
  return found[1].Properties as { AlarmDescription: unknown; Threshold: unknown };
}

/** Long runs of digit groups, or an exponent: what the token's number would print as. */
const TOKEN_DIGITS = /\d{1,3}(,\d{3}){5,}|e\+\d/;

describe('an alarm threshold given as a token', () => {
  it('is written as the parameter in the accessed-mode hot-key alarm', () => {
    const { stack } = appWithStack();
    const threshold = new CfnParameter(stack, 'HotKeyUnits', { type: 'Number' }).valueAsNumber;
    new GuardedTable(
      stack,
      'Orders',
      healthy({ contributorInsightsMode: ContributorInsightsMode.ACCESSED_AND_THROTTLED_KEYS, alarmThresholds: { hotKey: { threshold } } }),
    );
    const { AlarmDescription } = alarm(stack, 'HotKey');
    expect(JSON.stringify(AlarmDescription)).not.toMatch(TOKEN_DIGITS);
    expect(AlarmDescription).toEqual({
      'Fn::Join': [
        '',
        [expect.stringMatching(/the most accessed key of the table may use $/), { Ref: 'HotKeyUnits' }, expect.stringMatching(/^\+ units a minute/)],
      ],
    });
  });

  it('is never cut through when the description is too long: only a literal part is cut', () => {
    const { stack } = appWithStack();
    const token = new CfnParameter(stack, 'P', { type: 'Number' }).valueAsNumber;
    const text = fitDescription(
      [
        { text: `a threshold of ${Token.asString(token)} units`, cut: true },
        { text: 'x'.repeat(1100), cut: true },
      ],
      1024,
    );
    expect(text.startsWith(`a threshold of ${Token.asString(token)} units`)).toBe(true);
    expect(stack.resolve(text)).toEqual({ 'Fn::Join': ['', ['a threshold of ', { Ref: 'P' }, expect.stringMatching(/^ unitsx+…$/)]] });
  });
});
