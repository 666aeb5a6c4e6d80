/**
 * Two realistic tables, both passing skewguard's design rules:
 * - `Tickets`: a ticket sale where one hot event takes a quarter of 80,000 writes/s. The event id
 *   alone would pin one partition; it is sharded into 25 calculated shards on the buyer's id.
 * - `Documents`: a multi-tenant document store; a multi-attribute GSI answers "a tenant's documents
 *   of one owner, by status and date" without a composite string key.
 * With the context flag `refuse=true` a third table reproduces a seed failure case (orders keyed by
 * status): the synth is refused with rule SG001.
 */
import { Stack, type StackProps } from 'aws-cdk-lib';
import { AttributeType, Billing } from 'aws-cdk-lib/aws-dynamodb';
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
    const onCall = new sns.Topic(this, 'OnCall', { displayName: 'DynamoDB skew alarms', enforceSSL: true });

    new GuardedTable(this, 'Tickets', {
      partitionKey: { name: 'eventId', type: AttributeType.STRING, cardinality: 5000 },
      sortKey: { name: 'userId', type: AttributeType.STRING, cardinality: 'unique' },
      // The sale: 80,000 writes/s at peak, the hottest event takes 25% of them.
      workload: { peakReadUnits: 6000, peakWriteUnits: 80000, hotKeyShare: 0.25 },
      // 25 = ceil(20,000 WCU / 800 usable per partition); the application writes eventId#hash(userId) mod 25.
      sharding: { strategy: 'calculated', shards: 25, sourceAttribute: 'userId' },
      accessPatterns: [
        { name: 'tickets-of-user', keyAttributes: ['eventId', 'userId'], share: 0.95 },
        { name: 'event-sales-count', keyAttributes: ['eventId'], share: 0.05, fanOut: true },
      ],
      timeToLiveAttribute: 'expiresAt',
      alarmTopic: onCall,
    });

    const documents = new GuardedTable(this, 'Documents', {
      partitionKey: { name: 'documentId', type: AttributeType.STRING, cardinality: 'unique' },
      workload: { peakReadUnits: 9000, peakWriteUnits: 1500 },
      billing: Billing.onDemand({ maxReadRequestUnits: 20000, maxWriteRequestUnits: 4000 }),
      globalSecondaryIndexes: [{
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
      }],
      accessPatterns: [
        { name: 'document-by-id', keyAttributes: ['documentId'], share: 0.6 },
        { name: 'owner-documents-by-status', index: 'by-tenant-owner', keyAttributes: ['tenantId', 'ownerId'], share: 0.4 },
      ],
      alarmTopic: onCall,
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
