/**
 * `skewguard lint` of a template says, per table, what it could check: a table without a skewguard design is linted from
 * the template alone (a note), and a GuardedTable whose design was stripped from the template fails the run (exit 2).
 * cli34: the rules the note names are those the engine ran on the table (not a fixed list), its plain tables share one
 * note (2,000 tables: one line), and `observe` says the same of a template.
 */
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { externalChecks } from '../../lib/lint/engine';
import { RULES } from '../../lib/lint/rules';
import { BIN, cli, tempTree } from './helpers';

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

async function lintTemplate(resources: Record<string, unknown>, format = 'json', config?: object) {
  const dir = tempTree({
    'Metering.template.json': JSON.stringify({ Resources: resources }, null, 1),
    ...(config ? { 'skewguard.config.json': JSON.stringify(config) } : {}),
  });
  const file = join(dir, 'Metering.template.json');
  const { code, stdout } = await cli(['lint', file, '--format', format, ...(config ? ['--config', join(dir, 'skewguard.config.json')] : ['--no-config'])]);
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

describe('the rules a template-only table is linted by', () => {
  const noteOf = async (config?: object) => (await lintTemplate({ UsageCounters: table() }, 'json', config)).file!.notes[0].message;

  it('are the ones the engine runs on such a table: every DynamoDB rule that checks one, and no other', () => {
    const checking = RULES.filter((rule) => rule.engines.includes('dynamodb') && rule.externalEngines.includes('dynamodb')).map((rule) => rule.id);
    expect(externalChecks('dynamodb').map((rule) => rule.id)).toEqual(checking);
    expect(checking).toEqual(['SG010', 'SG015']);
    // SG005 checks a Cosmos DB container created outside the constructs, not a DynamoDB table: the engine never runs it on one.
    expect(externalChecks('cosmosdb').map((rule) => rule.id)).toContain('SG005');
    expect(checking).not.toContain('SG005');
    expect(externalChecks('dynamodb', { rules: { SG015: 'off' } }).map((rule) => rule.id)).toEqual(['SG010']);
  });

  it('leave out a rule the config turns off, and say it is off', async () => {
    expect(await noteOf({ rules: { SG015: 'off' } })).toMatch(
      /^is absent: the table was linted from the template alone, by the rules that read a table's template \(SG010 monitoring-off; SG015 suspicious-key-name is turned off\); the other \d+ DynamoDB rules need a design/,
    );
    expect(await noteOf({ rules: { SG010: 'off', SG015: 'off' } })).toMatch(
      /^is absent: the table was linted from the template alone, by none of the rules that read a table's template \(SG010 monitoring-off, SG015 suspicious-key-name are turned off\);/,
    );
  });

  it('name both when both run, and count the rest of the DynamoDB rules as needing a design', async () => {
    const needDesign = RULES.filter((rule) => rule.engines.includes('dynamodb') && !rule.externalEngines.includes('dynamodb')).length;
    expect(await noteOf()).toContain(
      `by the rules that read a table's template (SG010 monitoring-off, SG015 suspicious-key-name); the other ${needDesign} DynamoDB rules need a design`,
    );
  });
});

describe('a template of many tables without a design, and hostile logical ids', () => {
  const manyTables = (count: number) => Object.fromEntries(Array.from({ length: count }, (_, i) => [`Usage${i}`, table()]));

  it('says its 2,000 plain tables in one note, at the first, naming five and counting the rest', async () => {
    const { code, file } = await lintTemplate(manyTables(2000));
    expect(code).toBe(0);
    expect(file!.notes).toEqual([
      expect.objectContaining({
        path: 'Resources.Usage0.Metadata.skewguard.design',
        message: expect.stringMatching(
          /^is absent, as it is on 1,999 other DynamoDB tables of this template \(Usage1, Usage2, Usage3, Usage4, Usage5 and 1,994 more\): each was linted from the template alone/,
        ),
      }),
    ]);
    const text = await lintTemplate(manyTables(2000), 'text');
    expect(text.stdout.split('\n').filter((line) => line.includes('is absent'))).toHaveLength(1);
  });

  it('still fails each stripped GuardedTable among them on its own (exit 2)', async () => {
    const { code, file } = await lintTemplate({ ...manyTables(3), UsageCounters: table(), Alarm: alarm(PAGE, 'UsageCounters') });
    expect(code).toBe(2);
    expect(file!.errors.map((e) => e.path)).toEqual(['Resources.UsageCounters.Metadata.skewguard.design']);
    expect(file!.notes.map((n) => n.path)).toEqual(['Resources.Usage0.Metadata.skewguard.design']);
  });

  it('shows control and bidi characters of a logical id or an alarm name escaped, in the note and the error', async () => {
    const evil = 'Usage\u001b]0;pwned\u0007\u202eX';
    const stripped = 'Strip\u009b2J';
    const resources = { Plain: table(), [evil]: table(), [stripped]: table(), Alarm: alarm('skewguard page \u001b[2J\u202eboom', stripped) };
    const { file } = await lintTemplate(resources);
    expect(file!.notes[0].message).toContain('(Usage\\x1b]0;pwned\\x07\\u202eX)');
    expect(file!.errors[0].message).toContain('the skewguard alarm "skewguard page \\x1b[2J\\u202eboom"');
    const text = await lintTemplate(resources, 'text');
    for (const raw of ['\u001b', '\u0007', '\u009b', '\u202e']) expect(text.stdout).not.toContain(raw);
    expect(text.stdout).toContain('Resources.Strip\\x9b2J.Metadata.skewguard.design');
  });

  it('gives `| head -1` the report’s first line, silently', () => {
    const file = join(tempTree({ 'Many.template.json': JSON.stringify({ Resources: manyTables(2000) }) }), 'Many.template.json');
    const result = spawnSync('bash', ['-c', `"${process.execPath}" "${BIN}" lint "${file}" --no-config | head -1; echo "exit=\${PIPESTATUS[0]}" >&2`], {
      encoding: 'utf8',
    });
    expect(result.stdout).toBe(`${file}\n`);
    // Exit 0 when the whole report fit the pipe before head went away, 141 when it did not (exit-codes.test.ts): no trace.
    expect(result.stderr).toMatch(/^exit=(0|141)\n$/);
  });
});

describe('skewguard observe on a template says what lint says of its tables without a design', () => {
  const observeTemplate = async (resources: Record<string, unknown>) => {
    const dir = tempTree({
      'Metering.template.json': JSON.stringify({ Resources: resources }, null, 1),
      'manifest.json': JSON.stringify({ observations: [] }),
    });
    const { code, stdout } = await cli(['observe', join(dir, 'Metering.template.json'), '--observations', join(dir, 'manifest.json'), '--format', 'json']);
    return { code, file: (JSON.parse(stdout) as Report).files[0] };
  };

  it('one note for the plain tables, at the first, naming the rules lint checks them by', async () => {
    const { file } = await observeTemplate({ UsageCounters: table(), Other: table() });
    expect(file.notes).toEqual([
      expect.objectContaining({
        path: 'Resources.UsageCounters.Metadata.skewguard.design',
        message: expect.stringMatching(
          /^is absent, as it is on 1 other DynamoDB table of this template \(Other\): they are not observed: observe holds a GuardedTable's design against production\. `skewguard lint` checks each from the template alone, by the rules that read a table's template \(SG010 monitoring-off, SG015 suspicious-key-name\)/,
        ),
      }),
    ]);
  });

  it('fails a stripped GuardedTable (exit 2), as lint does, rather than passing it as not observed', async () => {
    const { code, file } = await observeTemplate({ UsageCounters: table(), Alarm: alarm(PAGE, 'UsageCounters') });
    expect(code).toBe(2);
    expect(file.errors).toEqual([
      expect.objectContaining({
        path: 'Resources.UsageCounters.Metadata.skewguard.design',
        message: expect.stringMatching(
          /^is absent, yet the skewguard alarm .* watches it: .*the table cannot be observed\. Observe the template as `cdk synth` wrote it/,
        ),
      }),
    ]);
  });
});
