// The types of bench/designs.js, for the tests that lint its designs.
import type { CosmosContainerDesign, DynamoDbTableDesign } from '../lib';

/** `count` varied, valid designs (a third Cosmos DB containers), the same for the same `seed`. */
export function generateDesigns(count: number, seed?: number): (DynamoDbTableDesign | CosmosContainerDesign)[];

/** One DynamoDB table with `n` GSIs and one access pattern on each. */
export function wideTable(n: number): DynamoDbTableDesign & { engine: 'dynamodb' };
