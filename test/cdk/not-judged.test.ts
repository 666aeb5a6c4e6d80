/**
 * What the rules did not judge on a GuardedTable is said at synth as info, one annotation per entry naming the prop to
 * declare: never a warning (`cdk synth --strict` fails on warnings, and nothing is known to be wrong), and nothing where
 * the design declares what its rules read.
 */
import { join } from 'node:path';
import { Annotations as AssertAnnotations, Match } from 'aws-cdk-lib/assertions';
import { AttributeType } from 'aws-cdk-lib/aws-dynamodb';
import { GuardedTable } from '../../lib/cdk';
import { cli, tempTree } from '../cli/helpers';
import { appWithStack, healthy } from './support';

/** The `note    not judged: …` lines of `skewguard lint cdk.out/` on the app's cloud assembly. */
async function notJudgedLines(app: { outdir: string; synth: () => unknown }): Promise<string[]> {
  app.synth();
  const { stdout } = await cli(['lint', 'cdk.out'], { cwd: join(app.outdir, '..') });
  return stdout.split('\n').filter((line) => line.includes('not judged'));
}

const skewguardMessages = (found: { entry: { data?: unknown } }[]) => found.map((a) => String(a.entry.data)).filter((m) => m.startsWith('skewguard'));

describe('GuardedTable: what the rules did not judge, as synth info', () => {
  it('5,000 customers and a GSI added later, no hotKeyShare: one info each, no warning; `lint cdk.out/` says them too', async () => {
    const { app, stack } = appWithStack({ outdir: join(tempTree(), 'cdk.out') });
    const table = new GuardedTable(stack, 'Orders', {
      partitionKey: { name: 'customerId', type: AttributeType.STRING, cardinality: 5000 },
      sortKey: { name: 'orderId', type: AttributeType.STRING, cardinality: 'unique' },
      workload: { peakReadUnits: 1000, peakWriteUnits: 500 },
    });
    table.addGlobalSecondaryIndex({ indexName: 'byRegion', partitionKey: { name: 'region', type: AttributeType.STRING, cardinality: 2000 } });
    const annotations = AssertAnnotations.fromStack(stack);
    expect(skewguardMessages(annotations.findInfo('/Test/Orders', Match.anyValue()))).toEqual([
      'skewguard SG003 did not judge the hottest value, taken as uniform (1/5,000 of the load) (declare workload.hotKeyShare)',
      'skewguard SG003 did not judge the hottest value, taken as uniform (1/2,000 of the load) (declare globalSecondaryIndexes[0].workload.hotKeyShare)',
    ]);
    expect(skewguardMessages(annotations.findWarning('*', Match.stringLikeRegexp('did not judge')))).toEqual([]);
    const [line, ...others] = await notJudgedLines(app);
    expect(others).toEqual([]);
    expect(line).toMatch(
      /^ {4}note {4}not judged: the hottest value, taken as uniform \(1\/5,000 of the load\) \(declare Resources\.Orders[A-Z0-9]+\.Metadata\.skewguard\.design\.workload\.hotKeyShare\); /,
    );
    expect(line).toMatch(
      /the hottest value, taken as uniform \(1\/2,000 of the load\) \(declare Resources\.Orders[A-Z0-9]+\.Metadata\.skewguard\.design\.globalSecondaryIndexes\[0\]\.workload\.hotKeyShare\)$/,
    );
  });

  it('the same table declaring hotKeyShare on the table and the GSI: no info, and no line from `lint cdk.out/`', async () => {
    const { app, stack } = appWithStack({ outdir: join(tempTree(), 'cdk.out') });
    const table = new GuardedTable(stack, 'Orders', {
      partitionKey: { name: 'customerId', type: AttributeType.STRING, cardinality: 5000 },
      sortKey: { name: 'orderId', type: AttributeType.STRING, cardinality: 'unique' },
      workload: { peakReadUnits: 1000, peakWriteUnits: 500, hotKeyShare: 0.001 },
    });
    table.addGlobalSecondaryIndex({
      indexName: 'byRegion',
      partitionKey: { name: 'region', type: AttributeType.STRING, cardinality: 2000 },
      workload: { hotKeyShare: 0.002 },
    });
    expect(skewguardMessages(AssertAnnotations.fromStack(stack).findInfo('*', Match.anyValue()))).toEqual([]);
    expect(await notJudgedLines(app)).toEqual([]);
  });

  it('a unique key (nothing assumed): no info', () => {
    const { stack } = appWithStack();
    new GuardedTable(stack, 'Orders', healthy());
    expect(skewguardMessages(AssertAnnotations.fromStack(stack).findInfo('*', Match.anyValue()))).toEqual([]);
  });
});
