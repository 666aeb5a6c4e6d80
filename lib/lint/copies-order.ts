/**
 * Which remedy leads where a Cosmos DB key's hottest value needs replicated copies at a raise (`raiseThenCopies`),
 * weighed as a modeller would weigh the costs: copies are an application change (every write to N documents, every
 * read to one at random), N × the storage, and a risk that two copies hash onto one partition for good; a plain raise
 * changes no key and no application ("Best practices for scaling provisioned throughput"); the integrated cache
 * answers repeated point reads and queries at 0 RU from its item and query caches ("Azure Cosmos DB integrated cache").
 */
import { givesWholeKey } from '../design/key-design';
import type { SpaceAnalysis } from './analysis';
import { SMALL_RAISE_SHARE, type RaisedThroughput } from './physical-partition';

/**
 * Whether the raise that serves the hottest value unsharded leads the copies' raise: it costs at most SMALL_RAISE_SHARE
 * more RU/s than the raise the copies need, the margin a change of no key and no application is worth (the same
 * trade `raiseLeadsKeyChange` makes against today's RU/s). Compared on what is billed: a shared database's RU/s where
 * the raise moves the database.
 */
export function raiseAloneLeadsCopies(raise: RaisedThroughput, copiesRaise: RaisedThroughput): boolean {
  const alone = raise.databaseRequestUnits ?? raise.requestUnits;
  const copies = copiesRaise.databaseRequestUnits ?? copiesRaise.requestUnits;
  return alone <= copies * (1 + SMALL_RAISE_SHARE) + 1e-9;
}

/**
 * Whether the hottest value is hot by reads the integrated cache answers, so that the cache may lead the copies: its
 * declared heat is of reads (`hotKeyOperations: "reads"`, or its reads above its writes), and a declared query reads it
 * by its whole key, a point read or a query by exact parameters, which the item and query caches hold ("Azure Cosmos
 * DB integrated cache"). The design declares no consistency level: the cache's own terms (session or eventual
 * consistency) follow the lead, as every cache clause says.
 */
export function cacheAnswersHotReads(analysis: SpaceAnalysis): boolean {
  const { hot, space } = analysis;
  if (!(hot.reads > 0) || (space.workload.hotKeyOperations !== 'reads' && !(hot.reads > hot.writes))) return false;
  return analysis.owner.patternsOn(space).some((p) => givesWholeKey(space, p));
}
