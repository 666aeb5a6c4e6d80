/**
 * A stack of realistic size: 80 GuardedTables, each with a GSI, in the default configuration, fit
 * one CloudFormation stack (500 resources, a 1 MB template) with room for the application's own.
 * 80, not 100, since each table's sustained-throttles ticket (about 2.9 KB a table): 100 such tables
 * pass 1 MB. The Contributor Insights rule quota binds first, at 33 of these tables an account and Region.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { App, Stack } from 'aws-cdk-lib';
import { AttributeType } from 'aws-cdk-lib/aws-dynamodb';
import { GuardedTable, LOOKUP_NONCE_CONTEXT, RULE_QUOTA_CONTEXT } from '../../lib/cdk';
import { healthy } from './support';

const TABLES = 80;
/** CloudFormation's limits, the size counted in decimal megabytes to be safe. */
const MAX_RESOURCES = 500;
const MAX_BYTES = 1_000_000;

describe(`a stack of ${TABLES} GuardedTables, each with a GSI`, () => {
  // The Contributor Insights rule quota is not under test: 200 rules pass the default 100, which the synth refuses.
  const app = new App({ context: { [LOOKUP_NONCE_CONTEXT]: 'footprint', [RULE_QUOTA_CONTEXT]: 1000 } });
  const stack = new Stack(app, 'Big');
  for (let i = 0; i < TABLES; i++) {
    new GuardedTable(
      stack,
      `Table${i}`,
      healthy({
        globalSecondaryIndexes: [{ indexName: 'by-customer', partitionKey: { name: 'customerId', type: AttributeType.STRING, cardinality: 1_000_000 } }],
      }),
    );
  }
  app.synth();
  const text = readFileSync(join(app.outdir, stack.templateFile), 'utf8');
  const resources = Object.values(JSON.parse(text).Resources as Record<string, { Type: string }>);

  it('adds at most 3 resources per table beyond the table (a key-range page and a sustained-throttles ticket over every key space, a capacity-limit page)', () => {
    const byType = resources.reduce<Record<string, number>>((counts, r) => ({ ...counts, [r.Type]: (counts[r.Type] ?? 0) + 1 }), {});
    expect(byType).toEqual({ 'AWS::DynamoDB::GlobalTable': TABLES, 'AWS::CloudWatch::Alarm': 3 * TABLES });
  });

  // Bytes: 89% (880,579) since each GSI's account-limit write throttles joined the failed-requests page beside its reads
  // (623 bytes a table: the metric and the back-pressure words; 830,749 before, within 85%): without them a GSI
  // throttled at the per-table quota rejected its table's writes and paged nobody. 85% since each GSI's account-limit
  // read throttles joined it (about 340 bytes a table here). The key-range pages' threshold and the index's back pressure on the table's writes (about 90 bytes a table)
  // are paid for by the capacity page naming only the limits its metrics hit (an on-demand table has no provisioned
  // capacity to raise). At this shape the Contributor Insights rule quota (33 tables a Region) binds long before either.
  // The README's footprint figures are per table: a change of the resources a table adds must change them too.
  it("adds the resources per table the README's footprint figures count (4: the table and its 3 alarms; 96 tables 384, 40 with both topics 162)", () => {
    const readme = readFileSync(join(__dirname, '../../README.md'), 'utf8').replace(/\s+/g, ' ');
    const [, perTable, alarms] = /(\d+) resources per table with up to 4 GSIs \(the table and its (\d+) alarms\)/.exec(readme) ?? [];
    const [, fitting, fittingResources] = /(\d+) tables with a GSI fit one stack's 1 MB template without alarm topics \(([\d,]+) resources/.exec(readme) ?? [];
    const [, topicTables, topicResources] = /(\d+) such tables are ([\d,]+) resources/.exec(readme) ?? [];
    const count = (figure: string | undefined) => Number(figure?.replace(/,/g, ''));
    expect(resources.length / TABLES).toBe(count(perTable));
    expect(count(perTable)).toBe(1 + count(alarms));
    expect(count(fittingResources)).toBe(count(fitting) * count(perTable));
    // With pageTopic and ticketTopic set: the same per table, and the stack's two topics.
    expect(count(topicResources)).toBe(count(topicTables) * count(perTable) + 2);
  });

  it('stays within CloudFormation limits with a fifth of the resources and 11% of the bytes to spare', () => {
    expect(resources.length).toBeLessThanOrEqual(MAX_RESOURCES * 0.8);
    expect(Buffer.byteLength(text)).toBeLessThanOrEqual(MAX_BYTES * 0.89);
  });
});

describe('one GuardedTable, default configuration: at most 3 resources beyond the table whatever its GSIs, up to 4', () => {
  /** Resources of one table's stack by type, with `indexes` GSIs. */
  function resourcesWith(indexes: number): Record<string, number> {
    const app = new App({ context: { [LOOKUP_NONCE_CONTEXT]: 'footprint' } });
    const stack = new Stack(app, 'One');
    new GuardedTable(
      stack,
      'Orders',
      healthy({
        globalSecondaryIndexes: Array.from({ length: indexes }, (_, i) => ({
          indexName: `by-${i}`,
          partitionKey: { name: `k${i}`, type: AttributeType.STRING, cardinality: 1_000_000 },
        })),
      }),
    );
    const template = app.synth().getStackByName('One').template as { Resources: Record<string, { Type: string }> };
    return Object.values(template.Resources).reduce<Record<string, number>>((counts, r) => ({ ...counts, [r.Type]: (counts[r.Type] ?? 0) + 1 }), {});
  }

  // The key-range page (every key space), the sustained-throttles ticket (every key space), the capacity-limit page.
  it.each([0, 1, 3, 4])('with %d GSIs: the table and 3 alarms', (indexes) => {
    expect(resourcesWith(indexes)).toEqual({ 'AWS::DynamoDB::GlobalTable': 1, 'AWS::CloudWatch::Alarm': 3 });
  });

  // Past 5 key spaces (10 metrics, what CloudWatch reads in one alarm) the key-range page and the ticket each take a
  // second alarm, " (2)"; and the failed-requests page too: the table's account-limit reads and writes and each on-demand
  // GSI's are 2 + 2 × 5 = 12 metrics (5, before each GSI's write account-limit throttles joined it).
  it('with 5 GSIs: a second key-range page, a second ticket and a second failed-requests page', () => {
    expect(resourcesWith(5)).toEqual({ 'AWS::DynamoDB::GlobalTable': 1, 'AWS::CloudWatch::Alarm': 6 });
  });
});
