/** SG005 key-structure: one rule id, with each engine's checks and messages in its own file. */
import { ruleAcrossEngines } from '../../rule';
import { cosmosDbKeyStructure } from './cosmosdb';
import { dynamoDbKeyStructure } from './dynamodb';

export const keyStructure = ruleAcrossEngines(cosmosDbKeyStructure, dynamoDbKeyStructure);
