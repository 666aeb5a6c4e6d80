/**
 * SG017 beside an acknowledged SG007: a user who keeps a needless sharding on purpose (SG007 acknowledged, with a
 * reason) got SG017's "remove the sharding" first, the raise that keeps the shards only as text, with no edit: --fix
 * never applies an acknowledged finding's edits, so it fixed nothing, and the error stayed. The raise is now the fix,
 * with its edit, sized on the peak the kept shards make.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { lint, type CosmosContainerDesign, type DynamoDbTableDesign, type LintOptions } from '../../lib';
import { fixDesignText } from '../../lib/cli/fix';
import { cli, tempTree } from '../cli/helpers';

const KEPT = { rule: 'SG007', reason: 'the shards stay for the growth the next sale brings (ticket OPS-42)' };

/** A feed table read a page at a time over 10 random shards its load does not need (as in needless-sharding-raise). */
const feedTable = (overrides: Partial<DynamoDbTableDesign> = {}): DynamoDbTableDesign => ({
  name: 'feed',
  partitionKey: { name: 'userId', type: 'S', cardinality: 100_000 },
  sortKey: { name: 'ts', type: 'S' },
  sharding: { strategy: 'random', shards: 10 },
  capacity: { read: { fixed: 4_000 }, write: { fixed: 2_000 } },
  // Each page query is a request on each of the 10 shards: 3,000 RCU of reads are 30,000 RCU of requests.
  workload: { peakReadUnits: 3_000, peakWriteUnits: 1_000 },
  accessPatterns: [{ name: 'feed-page', keyAttributes: ['userId'], rangeAttribute: 'ts', share: 1, fanOut: true, limit: 20 }],
  acknowledgements: [KEPT],
  ...overrides,
});

/** The Cosmos DB twin: 6,000 RU/s of page reads over 10 shards are 60,000, with 1,000 of writes, on 12,000 manual. */
const feed = (overrides: Partial<CosmosContainerDesign> = {}): CosmosContainerDesign => ({
  name: 'feed',
  partitionKey: { paths: [{ path: '/userId', cardinality: 100_000 }] },
  sharding: { strategy: 'random', shards: 10 },
  throughput: { manual: 12_000 },
  workload: { peakReadUnits: 6_000, peakWriteUnits: 1_000 },
  accessPatterns: [{ name: 'feed-page', keyAttributes: ['/userId'], share: 1, fanOut: true, limit: 20 }],
  acknowledgements: [KEPT],
  ...overrides,
});

function fixed<T>(collection: 'tables' | 'containers', design: T, options: LintOptions = {}) {
  const result = fixDesignText(JSON.stringify({ [collection]: [design] }, null, 2), options);
  return { result, design: JSON.parse(result.text)[collection][0] as T };
}

describe('SG017 where SG007 is acknowledged: the raise that keeps the shards is the fix', () => {
  it('DynamoDB: sets capacity.read.fixed to 37,500 (30,000 RCU of fan-out requests at 80%), with an edit', () => {
    const [finding] = lint({ tables: [feedTable()] }).filter((f) => f.ruleId === 'SG017');
    expect(finding).toMatchObject({ severity: 'error', data: { peak: 30_000, suggested: 37_500 } });
    expect(finding.data).not.toHaveProperty('afterPeak');
    expect(finding.fix).toMatch(/^set `capacity\.read\.fixed` to at least 37,500 \(30,000 RCU at 80% utilization\)/);
    expect(finding.edits).toEqual([{ op: 'set', path: 'tables[0].capacity.read.fixed', value: 37_500 }]);
  });

  it('DynamoDB: --fix keeps the shards and their fan-out, raises the reads, and the re-lint finds no error', () => {
    const { result, design } = fixed('tables', feedTable());
    expect(result.fixes.map((f) => f.ruleId)).toEqual(['SG017']);
    expect(design.sharding).toEqual({ strategy: 'random', shards: 10 });
    expect(design.accessPatterns?.[0].fanOut).toBe(true);
    expect(design.capacity).toEqual({ read: { fixed: 37_500 }, write: { fixed: 2_000 } });
    const after = lint({ tables: [design] });
    expect(after.filter((f) => f.severity === 'error')).toEqual([]);
    expect(after.find((f) => f.ruleId === 'SG007')).toMatchObject({ acknowledged: true });
  });

  it('DynamoDB: an acknowledgement scoped to another index keeps the removal first', () => {
    const other = feedTable({
      globalSecondaryIndexes: [{ indexName: 'byTs', partitionKey: { name: 'ts', type: 'S', cardinality: 'unique' } }],
      acknowledgements: [{ ...KEPT, index: 'byTs' }],
    });
    const finding = lint({ tables: [other] }).find((f) => f.ruleId === 'SG017' && f.index === undefined);
    expect(finding?.fix).toMatch(/^remove the sharding of `userId`, as SG007 asks/);
  });

  it('Cosmos DB: raises throughput.manual to 76,300 RU/s (61,000 at 80%), with an edit', () => {
    const finding = lint({ containers: [feed()] }).find((f) => f.ruleId === 'SG017');
    expect(finding).toMatchObject({ severity: 'error', data: { peak: 61_000, needed: 76_300 } });
    expect(finding?.data).not.toHaveProperty('afterPeak');
    expect(finding?.fix).toMatch(/^raise throughput\.manual to at least 76,300 RU\/s \(61,000 RU\/s at 80% utilization\)/);
    expect(finding?.edits).toEqual([
      { op: 'set', path: 'containers[0].throughput.manual', value: 76_300 },
      // evensplit17: the raise splits the 2 partitions 12,000 RU/s start on to 8; undeclared, the raised design would be
      // read as created at 76,300 RU/s (13 partitions), so the edit declares the 8.
      { op: 'set', path: 'containers[0].physicalPartitions', value: 8 },
    ]);
  });

  it('Cosmos DB: --fix keeps the shards, raises the RU/s, and the re-lint finds no error', () => {
    const { result, design } = fixed('containers', feed());
    expect(result.fixes.map((f) => f.ruleId)).toEqual(['SG017']);
    expect(design.sharding).toEqual({ strategy: 'random', shards: 10 });
    expect(design.throughput).toMatchObject({ manual: 76_300 });
    expect(lint({ containers: [design] }).filter((f) => f.severity === 'error')).toEqual([]);
  });
});

/**
 * SG007 turned off for the project (`rules: { SG007: 'off' }`) keeps the shards as surely as an acknowledgement does: SG007
 * never reports, so --fix never removes them. Before, SG017 led with "remove the sharding, as SG007 asks" (an SG007 the
 * run did not report), sized its raise on the peak without the shards, and --fix raised for a fan-out that stayed.
 */
describe('SG017 where SG007 is turned off: the same as acknowledged', () => {
  const OFF: LintOptions = { rules: { SG007: 'off' } };
  const unacknowledged = { acknowledgements: [] };

  it('lint options, DynamoDB: the raise that keeps the shards is the fix, with its edit', () => {
    const [finding] = lint({ tables: [feedTable(unacknowledged)] }, OFF).filter((f) => f.ruleId === 'SG017');
    expect(finding).toMatchObject({ severity: 'error', data: { peak: 30_000, suggested: 37_500 } });
    expect(finding.data).not.toHaveProperty('afterPeak');
    expect(finding.fix).toMatch(/^set `capacity\.read\.fixed` to at least 37,500 /);
    expect(finding.fix).not.toMatch(/remove the sharding/);
    expect(finding.edits).toEqual([{ op: 'set', path: 'tables[0].capacity.read.fixed', value: 37_500 }]);
  });

  it('lint options, Cosmos DB: raises throughput.manual to 76,300 RU/s, and --fix keeps the shards', () => {
    const finding = lint({ containers: [feed(unacknowledged)] }, OFF).find((f) => f.ruleId === 'SG017');
    expect(finding).toMatchObject({ severity: 'error', data: { peak: 61_000, needed: 76_300 } });
    expect(finding?.fix).toMatch(/^raise throughput\.manual to at least 76,300 RU\/s/);
    expect(finding?.fix).not.toMatch(/remove the sharding/);
    expect(finding?.edits).toEqual([
      { op: 'set', path: 'containers[0].throughput.manual', value: 76_300 },
      // evensplit17: the raise splits the 2 partitions 12,000 RU/s start on to 8; undeclared, the raised design would be
      // read as created at 76,300 RU/s (13 partitions), so the edit declares the 8.
      { op: 'set', path: 'containers[0].physicalPartitions', value: 8 },
    ]);
    const { result, design } = fixed('containers', feed(unacknowledged), OFF);
    expect(result.fixes.map((f) => f.ruleId)).toEqual(['SG017']);
    expect(design.sharding).toEqual({ strategy: 'random', shards: 10 });
    expect(lint({ containers: [design] }, OFF).filter((f) => f.severity === 'error')).toEqual([]);
  });

  it('SG007 on (neither acknowledged nor off): its removal still leads SG017', () => {
    const finding = lint({ containers: [feed(unacknowledged)] }).find((f) => f.ruleId === 'SG017');
    expect(finding?.fix).toMatch(/^remove the sharding of `\/userId`, as SG007 asks/);
  });

  it('the CLI with a config file that turns SG007 off: --fix raises the RU/s and keeps the shards and their fan-out', async () => {
    const dir = tempTree({
      'feed.json': JSON.stringify({ containers: [feed(unacknowledged)] }, null, 2),
      'skewguard.config.json': JSON.stringify({ rules: { SG007: 'off' } }),
    });
    const { stdout } = await cli(['lint', join(dir, 'feed.json'), '--fix', '--format', 'json', '--config', join(dir, 'skewguard.config.json')]);
    const [file] = JSON.parse(stdout).files;
    expect(file.fixes.map((f: { ruleId: string }) => f.ruleId)).toEqual(['SG017']);
    expect(file.findings.filter((f: { severity: string }) => f.severity === 'error')).toEqual([]);
    const [written] = (JSON.parse(readFileSync(join(dir, 'feed.json'), 'utf8')) as { containers: CosmosContainerDesign[] }).containers;
    expect(written.sharding).toEqual({ strategy: 'random', shards: 10 });
    expect(written.throughput).toMatchObject({ manual: 76_300 });
    expect(written.accessPatterns?.[0].fanOut).toBe(true);
  });
});
