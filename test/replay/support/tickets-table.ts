/** Review 15's table, replayed by reviews 15 and 16: 30,000 WCU and 6,000 RCU at the peak, on demand, the hot event (25%)
 *  sharded 25 ways, no GSI; its page and ticket topics. 25 is the count SG003 gives on the table's 60 partitions (300 +
 *  29,700 ÷ 60 = 795 of 800 WCU; at 24, 807.29), so the reviewer's count needs no SG008 acknowledgement any more. */
import { AttributeType } from 'aws-cdk-lib/aws-dynamodb';
import { Topic } from 'aws-cdk-lib/aws-sns';
import { GuardedTable, type GuardedTableProps } from '../../../lib/cdk';
import type { CfnTemplate } from '../../../lib/testing/replay';
import { appWithStack, templateOf } from '../../cdk/support';

export function ticketsProps(overrides: Partial<GuardedTableProps> = {}): GuardedTableProps {
  return {
    partitionKey: { name: 'eventId', type: AttributeType.STRING, cardinality: 5000 },
    sortKey: { name: 'userId', type: AttributeType.STRING, cardinality: 'unique' },
    workload: { peakReadUnits: 6000, peakWriteUnits: 30000, hotKeyShare: 0.25 },
    sharding: { strategy: 'calculated', shards: 25, sourceAttribute: 'userId' },
    accessPatterns: [
      { name: 'tickets-of-user', keyAttributes: ['eventId', 'userId'], share: 0.95 },
      { name: 'event-sales-count', keyAttributes: ['eventId'], share: 0.05, fanOut: true },
    ],
    ...overrides,
  };
}

/** The Tickets table with `overrides`, synthesized (set CDK_VALIDATION=false in the test file). */
export function synthTickets(overrides: Partial<GuardedTableProps> = {}): CfnTemplate {
  const { stack } = appWithStack();
  const pageTopic = new Topic(stack, 'Page');
  const ticketTopic = new Topic(stack, 'Ticket');
  new GuardedTable(stack, 'Tickets', ticketsProps({ pageTopic, ticketTopic, ...overrides }));
  return templateOf(stack).toJSON() as CfnTemplate;
}

/** The logical id of the template's (only) table. */
export const tableIdOf = (template: CfnTemplate): string =>
  Object.entries(template.Resources ?? {}).find(([, r]) => r.Type === 'AWS::DynamoDB::GlobalTable')![0];
