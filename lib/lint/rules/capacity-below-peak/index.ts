/** SG017 capacity-below-peak: one rule id, with each engine's checks and messages in its own file. */
import { ruleAcrossEngines } from '../../rule';
import { cosmosDbCapacityBelowPeak } from './cosmosdb';
import { dynamoDbCapacityBelowPeak } from './dynamodb';

export const capacityBelowPeak = ruleAcrossEngines(cosmosDbCapacityBelowPeak, dynamoDbCapacityBelowPeak);
