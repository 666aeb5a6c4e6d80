/**
 * A design's invariants: what must stay within one value of its partition key. Which kinds exist
 * depends on the engine: Cosmos DB's transactional batches and stored procedures run in one logical
 * partition; DynamoDB's TransactWriteItems spans partitions. Kinds the engine does not have are
 * rejected with the kind to use instead.
 */
import type { Engine } from '../engines';
import { joinPath } from './field-path';
import type { InvariantDesign } from './input';
import type { IssueLog } from './issue-log';
import { ITEM_AGGREGATES, type Invariant, type InvariantKind, type KeyAttribute } from './key-design';
import { listOf } from './lists';

/** Kinds one engine lacks, with the sentence that points to the right one. */
const NOT_ON: Readonly<Record<Engine, Partial<Record<InvariantKind, string>>>> = {
  dynamodb: {
    'transactional-batch': 'is a Cosmos DB kind; a DynamoDB TransactWriteItems is "transaction"',
    'stored-procedure': 'is a Cosmos DB kind; DynamoDB has no stored procedures: use "transaction" or "conditional-write"',
  },
  cosmosdb: {
    transaction:
      'is a DynamoDB kind (TransactWriteItems); Cosmos DB transactions are "transactional-batch" or "stored-procedure", both within one logical partition',
  },
};

/** Kinds with a scope within the key value: the items one call touches, or (a conditional write) the one item it checks. */
const SCOPED: ReadonlySet<InvariantKind> = new Set(['transactional-batch', 'stored-procedure', 'conditional-write']);

/**
 * The attributes a DynamoDB conditional write's `scopeAttribute` may name: the table's sort key and its components. A
 * condition expression is checked on the one item a PutItem, UpdateItem or DeleteItem names by its primary key ("Condition
 * expressions", https://docs.aws.amazon.com/amazondynamodb/latest/developerguide/Expressions.ConditionExpressions.html),
 * so within one partition-key value that item is told apart by its sort key (a seat's `seatId`), or a part of it
 * (`seatId` of `SECTION#seatId`). Any other attribute does not identify the item, and shards calculated on it could
 * put the same item's writes on two shards.
 */
function itemAttributes(sortKey: readonly KeyAttribute[]): string[] {
  return sortKey.flatMap((attribute) => [attribute.name, ...attribute.components.map((part) => part.name)]);
}

/** `sortKey`: a DynamoDB table's sort key (empty without one: each key value is one item, so a conditional write has no
 *  item scope); undefined for Cosmos DB, whose items have no sort key to check a scope against. */
export function invariants(input: readonly InvariantDesign[] | undefined, engine: Engine, log: IssueLog, sortKey?: readonly KeyAttribute[]): Invariant[] {
  return listOf(input ?? [], (declared, i) => {
    const path = joinPath('invariants', i);
    const wrongEngine = NOT_ON[engine][declared.kind];
    if (wrongEngine) log.add(joinPath(path, 'kind'), `"${declared.kind}" ${wrongEngine}`);
    if (declared.scopeAttribute !== undefined && !SCOPED.has(declared.kind)) {
      log.add(
        joinPath(path, 'scopeAttribute'),
        `applies to transactional batches, stored procedures and conditional writes; a "${declared.kind}" is one item per key value, so no attribute spreads it: remove scopeAttribute`,
      );
    }
    if (declared.scopeAttribute !== undefined && declared.kind === 'conditional-write' && sortKey !== undefined) {
      const allowed = itemAttributes(sortKey);
      if (allowed.length === 0) {
        log.add(
          joinPath(path, 'scopeAttribute'),
          `names the item a "conditional-write" checks within the key value, but the table has no sort key, so each key value is one item: remove scopeAttribute`,
        );
      } else if (!allowed.includes(declared.scopeAttribute)) {
        log.add(
          joinPath(path, 'scopeAttribute'),
          `is "${declared.scopeAttribute}", which does not identify the item a "conditional-write" checks: DynamoDB checks a condition on the one item the write names by its primary key, told apart within the key value by the sort key. Name ${allowed.map((name) => `"${name}"`).join(' or ')} (the sort key or one of its components), or remove scopeAttribute if the condition is on one aggregate item per key value`,
        );
      }
    }
    if (declared.scopeAttribute !== undefined && declared.splitPerShard === true && declared.kind === 'conditional-write') {
      log.add(
        joinPath(path, 'splitPerShard'),
        `a "conditional-write" with a scopeAttribute is on one item per "${declared.scopeAttribute}", not an aggregate to split per shard: remove splitPerShard (or scopeAttribute, if the condition is on one aggregate item per key value)`,
      );
    }
    if (declared.splitPerShard !== undefined && !ITEM_AGGREGATES.has(declared.kind)) {
      log.add(
        joinPath(path, 'splitPerShard'),
        `applies to conditional writes and running totals (an aggregate on one item that can be kept per shard); remove it from a "${declared.kind}"`,
      );
    }
    return {
      kind: declared.kind,
      description: declared.description,
      scopeAttribute: declared.scopeAttribute,
      splitPerShard: declared.splitPerShard ?? false,
      path,
    };
  });
}
