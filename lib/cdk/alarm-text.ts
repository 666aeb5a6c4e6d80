/**
 * CloudWatch's length limits on what the alarms say, and the text cut to fit them by construction, so that no name a
 * user gives (a 128-character stack name, long construct ids, 255-character index or dashboard names) fails a deploy.
 * AWS CloudFormation Template Reference: AWS::CloudWatch::Alarm, `AlarmName` at most 255 characters and
 * `AlarmDescription` at most 1,024 (ALARM_LIMITS_PAGE); AWS::CloudWatch::CompositeAlarm, `AlarmRule` at most 10,240
 * (COMPOSITE_LIMITS_PAGE; aws-cdk-lib refuses a longer literal rule too).
 * What is cut is names, never meaning: a description keeps what fired, how it is evaluated, what to do and its AWS doc,
 * and leaves out first the dashboard link, then the figures that explain a threshold (the docs give them), then names.
 */
import { createHash } from 'node:crypto';
import { Aws, Token, Tokenization } from 'aws-cdk-lib';

export const ALARM_LIMITS_PAGE = 'https://docs.aws.amazon.com/AWSCloudFormation/latest/TemplateReference/aws-resource-cloudwatch-alarm.html';
export const COMPOSITE_LIMITS_PAGE = 'https://docs.aws.amazon.com/AWSCloudFormation/latest/TemplateReference/aws-resource-cloudwatch-compositealarm.html';

/** CloudWatch alarm names take at most 255 characters. */
export const MAX_ALARM_NAME = 255;
/** An alarm's (or composite alarm's) description takes at most 1,024 characters. */
export const MAX_ALARM_DESCRIPTION = 1024;
/** A composite alarm's rule takes at most 10,240 characters. */
export const MAX_ALARM_RULE = 10_240;
/** CloudWatch dashboard names take at most 255 characters (PutDashboard, `DashboardName`). */
const MAX_DASHBOARD_NAME = 255;
/** The longest a Region code resolves to, for a text holding `AWS::Region`: 14 characters today (ap-southeast-5,
 *  us-isob-east-1); AWS publishes no maximum, so 20 leaves room. */
const LONGEST_REGION = 20;

/**
 * What an index's write throttles do to the table, said by every page that reads them: "If the GSI doesn't have sufficient
 * capacity to handle these updates, DynamoDB throttles writes to the base table to maintain data consistency" (Developer
 * Guide, "Understanding GSI write throttling and back pressure",
 * https://docs.aws.amazon.com/amazondynamodb/latest/developerguide/gsi-throttling.html); an index's read throttles leave
 * the table alone (https://repost.aws/knowledge-center/dynamodb-gsi-throttling-table).
 */
export const BACK_PRESSURE = "; an index's write throttles reject the table's writes too (back pressure)";

/** `text`, or when longer than `max` its start and a hash of the whole: distinct texts stay distinct. */
export function cutWithHash(text: string, max: number): string {
  if (text.length <= max) return text;
  const hash = createHash('sha256').update(text).digest('hex').slice(0, 10);
  return `${text.slice(0, max - hash.length - 1)}~${hash}`;
}

/** `name`, or when too long its start and a hash of the whole: unique and at most 255 characters. */
export const alarmName = (name: string): string => cutWithHash(name, MAX_ALARM_NAME);

/**
 * The most characters `text` can take once deployed: `AWS::Region` as the longest Region code, any other token as
 * `otherToken` characters, or as its placeholder where that is not given (`${Token[TOKEN.12]}`: longer than the
 * integer an evaluation period resolves to).
 */
export function longestDeployed(text: string, otherToken?: number): number {
  if (!Token.isUnresolved(text)) return text.length;
  const region = Tokenization.reverseString(Aws.REGION).firstToken;
  // Each token stands in `text` as its placeholder, which Token.asString gives back for the same token.
  return Tokenization.reverseString(text).tokens.reduce((sum, token) => {
    const placeholder = Token.asString(token).length;
    return sum - placeholder + (token === region ? LONGEST_REGION : (otherToken ?? placeholder));
  }, text.length);
}

/**
 * A number for a description, as `format` writes it; a token (a CfnParameter, a cross-stack value, unresolved at synth)
 * as CloudFormation resolves it at deploy (the description becomes an Fn::Join), never the digits of the number that
 * stands for the token at synth (-1.888…e+289).
 */
export function numberText(value: number, format: (value: number) => string = String): string {
  return Token.isUnresolved(value) ? Token.asString(value) : format(value);
}

/** A link to a CloudWatch dashboard (in the stack's Region), with the most characters it takes once deployed. */
export function dashboardLink(dashboardName: string): { readonly url: string; readonly longest: number } {
  const url = `https://console.aws.amazon.com/cloudwatch/home?region=${Aws.REGION}#dashboards/dashboard/${dashboardName}`;
  const name = Math.min(MAX_DASHBOARD_NAME, longestDeployed(dashboardName, MAX_DASHBOARD_NAME));
  return { url, longest: longestDeployed(url) - longestDeployed(dashboardName) + name };
}

/** A part of a description. */
export interface DescriptionPart {
  readonly text: string;
  /** Left out when the whole does not fit: rank 1 first, then 2…; undefined: kept. */
  readonly drop?: number;
  /** Cut at its end when the parts kept still do not fit (a literal text: no token inside). */
  readonly cut?: boolean;
  /** The most characters it takes once deployed, where `longestDeployed` cannot tell (a dashboard link). */
  readonly longest?: number;
}

/**
 * The parts joined, within CloudWatch's 1,024 characters as deployed (`longestDeployed`): optional parts are left out in
 * their rank's order until the whole fits; what then still does not (a threshold a user gave with hundreds of digits)
 * is cut at the end of the parts marked `cut`, the last first, with an ellipsis.
 */
export function fitDescription(parts: readonly DescriptionPart[], max = MAX_ALARM_DESCRIPTION): string {
  let kept = [...parts];
  // Each part measured once: telling a token from text scans it, and the sum is taken once per rank dropped.
  const lengths = new Map(parts.map((p) => [p, p.longest ?? longestDeployed(p.text)]));
  const size = () => kept.reduce((sum, p) => sum + (lengths.get(p) ?? 0), 0);
  const ranks = [...new Set(parts.flatMap((p) => (p.drop === undefined ? [] : [p.drop])))].sort((a, b) => a - b);
  for (const rank of ranks) {
    if (size() <= max) break;
    kept = kept.filter((p) => p.drop !== rank);
  }
  let over = size() - max;
  // A part holding a token is never cut: the cut could split the token's placeholder (such a part is short: a token
  // threshold and fixed words). The last part marked first (a list of names before what fired), each only by what is
  // still over.
  const cuttable = (p: DescriptionPart) => p.cut === true && !Token.isUnresolved(p.text);
  const texts = kept.map((p) => p.text);
  for (let i = kept.length - 1; i >= 0 && over > 0; i--) {
    if (!cuttable(kept[i])) continue;
    const keep = Math.max(0, texts[i].length - over - 1);
    over -= texts[i].length - keep - 1;
    texts[i] = `${texts[i].slice(0, keep)}…`;
  }
  return texts.join('');
}
