// skewguard/testing/replay, as built: resolvable by its subpath, and it replays a template without
// loading any cloud SDK or adapter (a user's CI runs it over plain template JSON). The control
// proves the same check sees a module when it is loaded.
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';

const root = join(__dirname, '../..');

function loadedAfter(body: string): string[] {
  const script = `${body}; console.log(JSON.stringify(Object.keys(require.cache)));`;
  const out = execFileSync(process.execPath, ['-e', script], { cwd: root, encoding: 'utf8' });
  return JSON.parse(out.trim().split('\n').pop() as string) as string[];
}

beforeAll(() => {
  if (!existsSync(join(root, 'dist/testing/replay/index.js'))) throw new Error('dist/ is missing: run `npm run build` (npm test does it first)');
});

it("skewguard/testing/replay evaluates an alarm over telemetry, and gives the meaning of GuardedContainer's queries, without loading aws-cdk-lib, Pulumi or an adapter; loading aws-cdk-lib beside it is seen", () => {
  const replay = `
    const { replayAlarms, Telemetry, single, skewguardQueries } = require('skewguard/testing/replay');
    if (typeof skewguardQueries([{ databaseName: 'app', containerName: 'c' }]) !== 'function') throw new Error('expected a query registry');
    const t = new Telemetry(3);
    [0, 1, 2].forEach((m) => t.put({ namespace: 'N', metricName: 'M', dimensions: {} }, m, single(5)));
    const [alarm] = replayAlarms({ Resources: { A: { Type: 'AWS::CloudWatch::Alarm', Properties: { Namespace: 'N', MetricName: 'M', Statistic: 'Sum', Period: 60, Threshold: 1, ComparisonOperator: 'GreaterThanThreshold', EvaluationPeriods: 3 } } } }, t);
    if (alarm.states[2] !== 'ALARM') throw new Error('expected ALARM')`;
  const modules = loadedAfter(replay);
  expect(modules.some((m) => m.endsWith(join('dist', 'testing', 'replay', 'index.js')))).toBe(true);
  expect(modules.filter((m) => /node_modules[\\/](aws-cdk-lib|constructs|@pulumi)[\\/]|[\\/]dist[\\/](cdk|pulumi)[\\/]/.test(m))).toEqual([]);
  const control = loadedAfter(`${replay}; require('aws-cdk-lib/aws-cloudwatch')`);
  expect(control.some((m) => /node_modules[\\/]aws-cdk-lib[\\/]/.test(m))).toBe(true);
}, 30_000);
