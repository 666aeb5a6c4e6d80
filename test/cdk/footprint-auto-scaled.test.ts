/**
 * docs/cdk.md's footprint of auto-scaled tables, pinned: "100 such tables are N resources and B bytes" is measured on
 * the stack it describes, synthesized here in full (about 10 s, as the 80-table stack of footprint.test.ts), so the
 * figure cannot drift from what the library makes: each table healthy()'s design (a unique key, 1,000 RCU/s and
 * 500 WCU/s at its peak) with one GSI (`by-customer`), the table and the GSI auto-scaled both ways (reads 100 or 50 to
 * 3,000, writes 50 to 2,000), no alarm topics, the template indented as CDK writes it by default.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { App, Stack } from 'aws-cdk-lib';
import { AttributeType, Billing, Capacity } from 'aws-cdk-lib/aws-dynamodb';
import { GuardedTable, LOOKUP_NONCE_CONTEXT, RULE_QUOTA_CONTEXT } from '../../lib/cdk';
import { healthy } from './support';

const TABLES = 100;
/** The doc's figure may round; a change of the alarms' bytes past this moves it. */
const TOLERANCE = 0.05;

const autoscaled = (minCapacity: number, maxCapacity: number) => Capacity.autoscaled({ minCapacity, maxCapacity });

it(`docs/cdk.md: ${TABLES} tables, each with a GSI, both auto-scaled both ways, are the resources it says and its bytes within ±5%`, () => {
  const doc = readFileSync(join(__dirname, '../../docs/cdk.md'), 'utf8').replace(/\s+/g, ' ');
  const [, resources, bytes] = /100 such tables are ([\d,]+) resources and ([\d,]+) bytes/.exec(doc) ?? [];
  const count = (figure: string | undefined) => Number(figure?.replace(/,/g, ''));
  // The Contributor Insights rule quota is not under test (200 rules pass the default 100).
  const app = new App({ context: { [LOOKUP_NONCE_CONTEXT]: 'footprint', [RULE_QUOTA_CONTEXT]: 1000 } });
  const stack = new Stack(app, 'AutoScaled');
  for (let i = 0; i < TABLES; i++)
    new GuardedTable(
      stack,
      `Table${i}`,
      healthy({
        billing: Billing.provisioned({ readCapacity: autoscaled(100, 3_000), writeCapacity: autoscaled(50, 2_000) }),
        globalSecondaryIndexes: [
          {
            indexName: 'by-customer',
            partitionKey: { name: 'customerId', type: AttributeType.STRING, cardinality: 1_000_000 },
            readCapacity: autoscaled(50, 3_000),
            writeCapacity: autoscaled(50, 2_000),
          },
        ],
      }),
    );
  app.synth();
  const text = readFileSync(join(app.outdir, stack.templateFile), 'utf8');
  expect(Object.keys(JSON.parse(text).Resources as object)).toHaveLength(count(resources));
  const measured = Buffer.byteLength(text);
  expect(Math.abs(measured - count(bytes)) / count(bytes)).toBeLessThanOrEqual(TOLERANCE);
});
