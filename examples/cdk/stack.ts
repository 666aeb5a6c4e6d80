/**
 * Two realistic tables, both passing skewguard's design rules:
 * - `Tickets`: a ticket sale where one hot event takes a quarter of 80,000 writes/s. The event id
 *   alone would pin one partition; it is sharded into 80 calculated shards on the buyer's id.
 * - `Documents`: a multi-tenant document store; a multi-attribute GSI answers "a tenant's documents
 *   of one owner, by status and date" without a composite string key.
 * Alarms come in two tiers: `onCall` is paged when requests are throttled now (a hot partition:
 * sustained key-range throttles; or a capacity limit: quota, on-demand maximum), `backlog` gets
 * tickets (a key approaching its ceiling, slow operations). Each alarm tells its recovery to the
 * topic it fired to, so the incident tool subscribed to it resolves what the alarm opened.
 * With the context flag `refuse=true` a third table reproduces a seed failure case (orders keyed by
 * status): the synth is refused with rule SG001.
 */
import { Stack, type StackProps } from 'aws-cdk-lib';
import { AttributeType, Billing, ContributorInsightsMode } from 'aws-cdk-lib/aws-dynamodb';
import * as sns from 'aws-cdk-lib/aws-sns';
import type { Construct } from 'constructs';
// In your app: import { GuardedTable } from 'skewguard/cdk';
import { GuardedTable } from '../../lib/cdk';

export interface SkewguardExampleStackProps extends StackProps {
  /** Add the seed failure case (orders keyed by status), which refuses the synth. */
  readonly refuse?: boolean;
}

export class SkewguardExampleStack extends Stack {
  constructor(scope: Construct, id: string, props: SkewguardExampleStackProps = {}) {
    super(scope, id, props);
    const onCall = new sns.Topic(this, 'OnCall', { displayName: 'DynamoDB hot partitions (page)', enforceSSL: true });
    const backlog = new sns.Topic(this, 'Backlog', { displayName: 'DynamoDB skew tickets', enforceSSL: true });

    new GuardedTable(this, 'Tickets', {
      partitionKey: { name: 'eventId', type: AttributeType.STRING, cardinality: 5000 },
      sortKey: { name: 'userId', type: AttributeType.STRING, cardinality: 'unique' },
      // The sale: 80,000 writes/s at peak, the hottest event takes 25% of them.
      workload: { peakReadUnits: 6000, peakWriteUnits: 80000, hotKeyShare: 0.25 },
      // 80: each shard's 250 WCU meets, on its partition, 1/160 of the other 79,750 WCU (160 partitions for twice the
      // on-demand peak, the fewest that serve 12,000 RCU and 160,000 WCU at once: max(12,000 ÷ 3,000, 160,000 ÷ 1,000)),
      // 498.44 WCU: 748.44 of the usable 800; two shards hashed onto one partition take 500 + 498.44 − 1.56 = 996.88 of its
      // 1,000 WCU maximum (at 67, the fewest within the usable line, 1,093.28). The application writes eventId#hash(userId) mod 80.
      sharding: { strategy: 'calculated', shards: 80, sourceAttribute: 'userId' },
      // 80,000 WCU is twice DynamoDB's default table-level quota of 40,000 (an SG017 error): a sale this size
      // raises the quota first, and the waiver says so where the next reviewer will look.
      acknowledgements: [
        {
          rule: 'SG017',
          reason: 'The table-level write quota is raised to 100,000 WCU through Service Quotas before each sale (sale runbook, step 1).',
        },
      ],
      accessPatterns: [
        { name: 'tickets-of-user', keyAttributes: ['eventId', 'userId'], share: 0.95 },
        { name: 'event-sales-count', keyAttributes: ['eventId'], share: 0.05, fanOut: true },
      ],
      timeToLiveAttribute: 'expiresAt',
      // The sale is a launch window: watch every key's consumption, not only throttles, and open a
      // ticket when one approaches its partition's ceiling (twice the rules and a cost per request).
      contributorInsightsMode: ContributorInsightsMode.ACCESSED_AND_THROTTLED_KEYS,
      pageTopic: onCall,
      ticketTopic: backlog,
      // One page per table, whichever of its key spaces is hot.
      compositeAlarm: true,
    });

    const documents = new GuardedTable(this, 'Documents', {
      partitionKey: { name: 'documentId', type: AttributeType.STRING, cardinality: 'unique' },
      workload: { peakReadUnits: 9000, peakWriteUnits: 1500 },
      billing: Billing.onDemand({ maxReadRequestUnits: 20000, maxWriteRequestUnits: 4000 }),
      globalSecondaryIndexes: [
        {
          indexName: 'by-tenant-owner',
          partitionKeys: [
            { name: 'tenantId', type: AttributeType.STRING, cardinality: 2000 },
            { name: 'ownerId', type: AttributeType.STRING, cardinality: 400000 },
          ],
          sortKeys: [
            { name: 'status', type: AttributeType.STRING, cardinality: 4 },
            { name: 'updatedAt', type: AttributeType.STRING, cardinality: 'unique' },
          ],
          workload: { peakReadUnits: 3000 },
        },
      ],
      accessPatterns: [
        { name: 'document-by-id', keyAttributes: ['documentId'], share: 0.6 },
        { name: 'owner-documents-by-status', index: 'by-tenant-owner', keyAttributes: ['tenantId', 'ownerId'], share: 0.4 },
      ],
      pageTopic: onCall,
      ticketTopic: backlog,
      // Opt-in latency tickets, per operation, ignoring minutes with fewer than 100 requests.
      latencyAlarms: { thresholds: { GetItem: 20, Query: 60 } },
      // A section of the stack's skew dashboard (top throttled keys, throttles by cause, capacity).
      dashboard: true,
    });
    // Indexes added later are checked like those given in props.
    documents.addGlobalSecondaryIndex({
      indexName: 'by-folder',
      partitionKey: { name: 'folderId', type: AttributeType.STRING, cardinality: 250000 },
      sortKey: { name: 'name', type: AttributeType.STRING },
      workload: { peakReadUnits: 1000, peakWriteUnits: 1500 },
    });

    if (props.refuse) {
      // Seed failure case: five statuses, 20,000 writes/s. At most five partitions ever work.
      new GuardedTable(this, 'OrdersByStatus', {
        partitionKey: { name: 'status', type: AttributeType.STRING, cardinality: 5 },
        sortKey: { name: 'orderId', type: AttributeType.STRING, cardinality: 'unique' },
        workload: { peakReadUnits: 20000, peakWriteUnits: 20000 },
      });
    }
  }
}
