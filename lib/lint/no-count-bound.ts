/**
 * Why no shard count up to MAX_SHARDS_ACCEPTED serves a key value, said as what binds. Where the value's own load would
 * fit on that many shards with no neighbours, it is not the count that fails but the partitions the key space is
 * assumed to have: DynamoDB hashes every shard onto one of P partitions beside 1/P of the rest of the load
 * ("Best practices for designing and using partition keys effectively"), so where the key space's load over P already
 * fills a partition's usable share, no count leaves a shard room: the sentence names P, what it was counted for, and
 * the table-level quota within which more capacity or warm throughput makes more partitions. Elsewhere the value's own
 * load binds (or shards would not divide its reads at all, `noShardsWhy` in advice.ts), and the sentence says so
 * as before. One builder for SG001, SG002 and SG003, whose fixes all open with it.
 */
import { MAX_SHARDS_ACCEPTED } from '../design/limits';
import { allFit } from '../design/sharding';
import { quotaInForce } from '../engines';
import type { QuotaDimension } from '../engines/dynamodb-quotas';
import type { SpaceAnalysis } from './analysis';
import type { MessageData } from './messages';
import { partitionCountTemplate } from './partition-count-words';

/** The opening sentence where the partitions bind (`noCountBound`'s data): SG001, SG002 and SG003 open their fix with it
 *  in place of advice.ts's `noCount`, which says the value's own ceiling binds. */
export const NO_COUNT_PARTITIONS_TEMPLATE =
  'no count up to {{maxShardsAccepted}} fits the hottest {{key|key}} value on the {{noCountPartitions}} partitions assumed ' +
  partitionCountTemplate(
    'noCountCountedBy',
    'noCountDividedBy',
    'noCountChargedReads',
    '{{noCountTotal}} {{noCountUnit}} over them, {{noCountEach}} a partition',
  ) +
  ': that is {{noCountEachShare|percent}} of the usable {{noCountUsable}} {{noCountUnit}} before any shard is placed, so every shard meets a partition too full to take it: ' +
  'the partitions bind, not the count, and more come only with more capacity or warm throughput, ' +
  '{{?noCountQuotaPast}}past the table-level {{noCountDirection}} quota of {{noCountQuota}} {{noCountUnit}}{{/noCountQuotaPast}}' +
  '{{!noCountQuotaPast}}within the table-level {{noCountDirection}} quota of {{noCountQuota}} {{noCountUnit}}{{/noCountQuotaPast}}' +
  '{{?noCountQuotaField}} ({{noCountQuotaField|code}}){{/noCountQuotaField}}{{?noCountQuotaPast}}, once it is raised{{/noCountQuotaPast}}' +
  // Where the raise and the pre-warm that fit a count follow (`pastQuotaAdvice`), they are this sentence's figures.
  '{{?noCountRaiseFollows}}: {{/noCountRaiseFollows}}{{!noCountRaiseFollows}}; or {{/noCountRaiseFollows}}';

/**
 * The partitions' figures where they bind (a DynamoDB key space whose value would fit MAX_SHARDS_ACCEPTED shards with
 * no neighbours), for the first direction no count fits; undefined where the value's own load binds.
 */
export function noCountBound(analysis: SpaceAnalysis): MessageData | undefined {
  const { profile } = analysis.owner;
  const { layout } = analysis.plan;
  const { design } = analysis;
  // Only a design with table-level throughput quotas (DynamoDB's) gets more partitions from more capacity within one.
  if (!('quotas' in design) || analysis.owner.partitionNeighbours === undefined || layout === 'none' || layout === 'cache') return undefined;
  const { headroom } = design.thresholds;
  // Alone on its partition, MAX_SHARDS_ACCEPTED shards would each fit: the value's own ceiling does not bind.
  if (!allFit(profile.loadDimensions(analysis.storedLoads(layout, MAX_SHARDS_ACCEPTED), headroom))) return undefined;
  const over = analysis.dimensionsAt(layout, MAX_SHARDS_ACCEPTED).find((d) => d.load > d.usable && d.neighbours !== undefined);
  const neighbours = over?.neighbours;
  if (!over || !neighbours || (over.label !== 'read' && over.label !== 'write')) return undefined;
  // Reads that fill the partitions only as the count's own fan-out charges them (each shard's Query a request of its
  // own, "Query") are no load "before any shard is placed": there the value's reads bind, not the partitions.
  if (over.label === 'read' && neighbours.total > analysis.totalAt(layout, MAX_SHARDS_ACCEPTED).reads * (1 + 1e-9)) return undefined;
  const direction: QuotaDimension = over.label;
  const quota = quotaInForce(design, 'table-level', direction);
  const each = neighbours.total / neighbours.partitions;
  return Object.assign(
    {
      noCountPartitions: neighbours.partitions,
      noCountCountedBy: neighbours.countedBy,
      noCountTotal: neighbours.total,
      noCountEach: each,
      noCountEachShare: each / neighbours.usableAlone,
      noCountUsable: neighbours.usableAlone,
      noCountUnit: over.unit,
      noCountDirection: direction,
      noCountQuota: quota.units,
      // A partition serves at most `ceiling` units a second: capacity within the quota makes at most quota ÷ ceiling.
    },
    // A partition serves at most `ceiling` units a second: capacity within the quota makes at most quota ÷ ceiling.
    neighbours.partitions >= Math.floor(quota.units / over.ceiling) ? { noCountQuotaPast: true } : {},
    neighbours.peakDividedBy === undefined ? {} : { noCountDividedBy: neighbours.peakDividedBy },
    neighbours.chargedReads === undefined ? {} : { noCountChargedReads: neighbours.chargedReads },
    quota.field === undefined ? {} : { noCountQuotaField: quota.field },
  );
}
