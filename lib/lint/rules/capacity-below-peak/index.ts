/** SG017 capacity-below-peak: one rule id, with each engine's checks and messages in its own file. */
import { ruleAcrossEngines } from '../../rule';
import { dynamoDbCapacityBelowPeak } from './dynamodb';

// The Cosmos DB half (provisioned RU/s or the autoscale maximum below the peak) joins here as
// `cosmosDbCapacityBelowPeak` from './cosmosdb': ruleAcrossEngines(cosmosDbCapacityBelowPeak, dynamoDbCapacityBelowPeak).
export const capacityBelowPeak = ruleAcrossEngines(dynamoDbCapacityBelowPeak);
