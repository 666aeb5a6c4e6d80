// docs/cdk.md's Quick start, run as written: its design synthesizes with no finding, and without its `sharding`
// line the synth is refused with the hot-key error the text after it quotes (review 15: an 80,000 WCU peak was
// refused by SG017, over the 40,000 WCU a table may take).
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { App, Stack } from 'aws-cdk-lib';
import { AttributeType } from 'aws-cdk-lib/aws-dynamodb';
import * as iam from 'aws-cdk-lib/aws-iam';
import * as sns from 'aws-cdk-lib/aws-sns';
import ts from 'typescript';
import { GuardedTable } from '../../lib/cdk';

process.env.CDK_VALIDATION = 'false';

const cdkMd = readFileSync(join(__dirname, '../../docs/cdk.md'), 'utf8');
const quickStart = /## Quick start\n\n```ts\n([\s\S]*?)```/.exec(cdkMd)?.[1] ?? '';

/** Runs the snippet (its imports given as arguments) in a new stack and synthesizes it (which throws on an error);
 *  returns the stack's warnings. */
function synthesize(code: string): string[] {
  const app = new App({ context: { 'skewguard:lookupNonce': 'quick-start' } });
  const stack = new Stack(app, 'Shop');
  const body = ts.transpileModule(code.replace(/^import .*$/gm, ''), { compilerOptions: { target: ts.ScriptTarget.ES2022 } }).outputText;
  const run = new Function('AttributeType', 'GuardedTable', 'onCallTopic', 'backlogTopic', 'handler', body);
  const handler = new iam.Role(stack, 'Handler', { assumedBy: new iam.ServicePrincipal('lambda.amazonaws.com') });
  run.call(stack, AttributeType, GuardedTable, new sns.Topic(stack, 'OnCall'), new sns.Topic(stack, 'Backlog'), handler);
  const messages = app.synth().getStackByName('Shop').messages;
  return messages.filter((m) => m.level !== 'info').map((m) => `${m.level} ${String(m.entry.data)}`);
}

it('synthesizes the Quick start design with no error or warning', () => {
  expect(quickStart).toContain("sharding: { strategy: 'calculated'");
  expect(synthesize(quickStart)).toEqual([]);
});

it('without its sharding line, refuses it with the hot-key error the docs quote, and the fix names the shard count', () => {
  expect(() => synthesize(quickStart.replace(/^\s*sharding: .*\n/m, ''))).toThrow(
    /ERROR hot-key-exceeds-partition[\s\S]*7,500 WCU writes against a usable 800 WCU[\s\S]*425 WCU left[\s\S]*N = 30 calculated shards[\s\S]*skewguard::SG003/,
  );
  // The sales count's fanOut has nothing to fan out over until that sharding is declared: a warning beside the error.
  expect(() => synthesize(quickStart.replace(/^\s*sharding: .*\n/m, ''))).toThrow(
    /WARNING unsharded-read at Shop\/Tickets, field accessPatterns\[1\]\.fanOut: access pattern `event-sales-count` sets fanOut, but `eventId` has no sharding[\s\S]*declare the sharding SG003's fix writes on this key \(30 calculated shards/,
  );
  expect(cdkMd).toContain('Beside it, `WARNING unsharded-read` at `accessPatterns[1].fanOut`');
  expect(cdkMd).toContain('Remove the `sharding` line and `cdk synth` stops with\n`ERROR hot-key-exceeds-partition');
  expect(cdkMd).toContain('7,500 WCU against the 425 its partition leaves it');
  expect(cdkMd).toContain('names the shard count (30: ');
});
