/**
 * `skewguard lint` of a template says, per table, what it could check: a table without a skewguard design is linted from
 * the template alone (a note), and a GuardedTable whose design was stripped from the template fails the run (exit 2).
 */
import { join } from 'node:path';
import { cli, tempTree } from './helpers';

/** A GuardedTable as `cdk synth` wrote it (trimmed from a synthesized app): its design, and one of its alarms. */
const design = {
  partitionKey: { name: 'tenantId', type: 'S', cardinality: 20000 },
  sortKey: { name: 'usageDay', type: 'S', cardinality: 400, kind: 'time-bucket' },
  workload: { peakReadUnits: 500, peakWriteUnits: 300 },
  accessPatterns: [{ name: 'day-usage', keyAttributes: ['tenantId', 'usageDay'], share: 1 }],
  name: 'Metering.UsageCounters',
  billing: 'on-demand',
};
const table = (metadata?: object) => ({
  Type: 'AWS::DynamoDB::GlobalTable',
  ...(metadata ? { Metadata: metadata } : {}),
  Properties: {
    BillingMode: 'PAY_PER_REQUEST',
    KeySchema: [
      { AttributeName: 'tenantId', KeyType: 'HASH' },
      { AttributeName: 'usageDay', KeyType: 'RANGE' },
    ],
    Replicas: [{ Region: 'eu-west-1', ContributorInsightsSpecification: { Enabled: true, Mode: 'THROTTLED_KEYS' } }],
  },
});
const alarm = (name: string, tableId: string) => ({
  Type: 'AWS::CloudWatch::Alarm',
  Properties: {
    AlarmName: name,
    Metrics: [
      {
        Id: 'w0',
        MetricStat: { Metric: { Dimensions: [{ Name: 'TableName', Value: { Ref: tableId } }], MetricName: 'WriteKeyRangeThroughputThrottleEvents' } },
      },
    ],
  },
});
const PAGE = 'skewguard page Metering/UsageCounters hot partition (key-range throttles)';
const guarded = { skewguard: { version: 1, constructPath: 'Metering/UsageCounters', design } };

interface Problem {
  path: string;
  message: string;
  line?: number;
}
interface Report {
  files: { errors: Problem[]; notes: Problem[]; findings: unknown[] }[];
}

async function lintTemplate(resources: Record<string, unknown>, format = 'json') {
  const file = join(tempTree({ 'Metering.template.json': JSON.stringify({ Resources: resources }, null, 1) }), 'Metering.template.json');
  const { code, stdout } = await cli(['lint', file, '--format', format]);
  return { code, stdout, file: format === 'json' ? (JSON.parse(stdout) as Report).files[0] : undefined };
}

describe('what a template lets the lint check of each table', () => {
  it('lints a GuardedTable with its design as before: no note, no error', async () => {
    const { code, file } = await lintTemplate({ UsageCounters: table(guarded), Alarm: alarm(PAGE, 'UsageCounters') });
    expect(code).toBe(0);
    expect(file!.errors).toEqual([]);
    expect(file!.notes).toEqual([]);
  });

  it('fails the run (exit 2) for a GuardedTable whose metadata was stripped, naming the skewguard alarm that shows it', async () => {
    const { code, file } = await lintTemplate({ UsageCounters: table(), Alarm: alarm(PAGE, 'UsageCounters') });
    expect(code).toBe(2);
    expect(file!.errors).toEqual([
      expect.objectContaining({
        path: 'Resources.UsageCounters.Metadata.skewguard.design',
        message: expect.stringMatching(
          /^is absent, yet the skewguard alarm "skewguard page Metering\/UsageCounters .*" \(Resources\.Alarm\.Properties\.AlarmName\) watches it: .*Lint the template as `cdk synth` wrote it/,
        ),
        line: 3,
      }),
    ]);
    expect(file!.errors[0].message).toContain('from the template alone');
  });

  it('fails the run (exit 2) for a GuardedTable whose design alone was removed from its metadata', async () => {
    const { code, file } = await lintTemplate({ UsageCounters: table({ skewguard: { version: 1, constructPath: 'Metering/UsageCounters' } }) });
    expect(code).toBe(2);
    expect(file!.errors).toEqual([
      expect.objectContaining({
        path: 'Resources.UsageCounters.Metadata.skewguard.design',
        message: expect.stringContaining('is absent, yet its Metadata.skewguard names the GuardedTable "Metering/UsageCounters"'),
      }),
    ]);
  });

  it('notes a plain table as linted from the template alone, naming the rules that ran, and keeps exit 0', async () => {
    const { code, file } = await lintTemplate({ UsageCounters: table(), Other: alarm('my own alarm', 'UsageCounters'), Page: alarm(PAGE, 'Elsewhere') });
    expect(code).toBe(0);
    expect(file!.errors).toEqual([]);
    expect(file!.notes).toEqual([
      expect.objectContaining({
        path: 'Resources.UsageCounters.Metadata.skewguard.design',
        message: expect.stringMatching(
          /^is absent: the table was linted from the template alone, .*\(SG010 monitoring-off, SG015 suspicious-key-name\); the other \d+ DynamoDB rules need a design/,
        ),
      }),
    ]);
  });

  it('takes a raw table’s waivers (no constructPath) for a plain table, not a stripped GuardedTable', async () => {
    const waivers = {
      skewguard: {
        version: 1,
        acknowledgements: [{ rule: 'SG015', reason: 'tenant ids are uuids, many thousands of them' }],
        acknowledgedAt: { SG015: 'Metering' },
      },
    };
    const { code, file } = await lintTemplate({ UsageCounters: table(waivers) });
    expect(code).toBe(0);
    expect(file!.errors).toEqual([]);
    expect(file!.notes.map((n) => n.path)).toEqual(['Resources.UsageCounters.Metadata.skewguard.design']);
  });

  it('says it in the text report and as a SARIF notification, not a result', async () => {
    const text = await lintTemplate({ UsageCounters: table() }, 'text');
    expect(text.stdout).toMatch(/note +Resources\.UsageCounters\.Metadata\.skewguard\.design \(.*\): is absent: the table was linted from the template alone/);
    const sarif = JSON.parse((await lintTemplate({ UsageCounters: table() }, 'sarif')).stdout);
    expect(sarif.runs[0].results).toEqual([]);
    expect(sarif.runs[0].invocations[0].toolExecutionNotifications).toEqual([
      expect.objectContaining({ level: 'note', message: { text: expect.stringContaining('linted from the template alone') } }),
    ]);
  });
});
