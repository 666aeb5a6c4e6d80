/**
 * @jest-environment-options {"globalsCleanup": "off"}
 */
// docs/pulumi.md's "What a refusal looks like" is what GuardedContainer throws for the design the doc shows: the
// doc's program is evaluated under Pulumi mocks and every line of its sample error is a line of the real one. (A
// review found the sample quoting 13,200 RU/s and "2 shards" where the component said 12,000 and 3 copies.)
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { CosmosAccountMonitoring, DesignRefusedError, GuardedContainer } from '../../lib/pulumi';
import { root } from '../cli/helpers';
import { installMocks } from '../pulumi/support/mocks';
import { shortStackTraces } from '../pulumi/support/stack-traces';

shortStackTraces();

installMocks();

const section = /## What a refusal looks like\n([\s\S]*?)\n## /.exec(readFileSync(join(root, 'docs/pulumi.md'), 'utf8'))?.[1] ?? '';
const program = /```ts\n([\s\S]*?)```/.exec(section)?.[1] ?? '';
const sample = /```\n(error: [\s\S]*?)```/.exec(section)?.[1] ?? '';

/** What the doc's program throws: its `new GuardedContainer(…)`, run with the Quick start's `monitoring`. */
function thrown(): unknown {
  const monitoring = new CosmosAccountMonitoring('telemetry', {
    resourceGroupName: 'telemetry',
    account: { name: 'telemetry', id: '/subscriptions/0/resourceGroups/telemetry/providers/Microsoft.DocumentDB/databaseAccounts/telemetry' },
    workspace: { id: '/subscriptions/0/resourceGroups/ops/providers/Microsoft.OperationalInsights/workspaces/central' },
  });
  const run = new Function('GuardedContainer', 'monitoring', 'database', program) as (...args: unknown[]) => void;
  try {
    run(GuardedContainer, monitoring, 'telemetry');
  } catch (error) {
    return error;
  }
  throw new Error("the doc's GuardedContainer was not refused");
}

it("docs/pulumi.md's sample refusal is the error its program's GuardedContainer throws, line for line", () => {
  expect(program).toContain("new GuardedContainer('events'");
  const error = thrown();
  expect(error).toBeInstanceOf(DesignRefusedError);
  const message = (error as Error).message;
  // The Pulumi CLI prints the message after "error: "; the sample is all of it, every finding and its fix.
  expect(
    sample
      .replace(/^error: /, '')
      .trimEnd()
      .split('\n'),
  ).toEqual(message.split('\n'));
});
