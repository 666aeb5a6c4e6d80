/**
 * Azure's partition merge (preview), as a fix for a hot key whose physical partition's share is what bites: a container
 * once raised (a data ingestion) and lowered keeps the partitions the raise split, each with a smaller share of its RU/s
 * ("Merge partitions in Azure Cosmos DB": "If a container's throughput has been scaled up and needs to be scaled back
 * down, merge can help resolve throughput fragmentation issues. For the same amount of provisioned RU/s, having fewer
 * physical partitions means each physical partition gets more of the overall RU/s"). Merging back to the partitions its
 * RU/s and storage need changes no key and adds no RU/s, so where it serves the key it comes before shards or a raise.
 */
import type { CosmosKeyDesign } from '../design/key-design';
import { fits } from '../design/sharding';
import { physicalPartitionCount } from '../engines';
import type { SpaceAnalysis } from './analysis';
import { declaredCopies } from './written';

/**
 * The fix note's words. The merged count: Azure sets it from the RU/s at the time of the merge ("the same target
 * partition count based on the RU/s set at the time the merge was triggered") and publishes no rule, so it is judged at
 * the layout a container created at the declared RU/s and storage gets (one per 6,000 RU/s manual, 10,000 autoscale; one
 * per 50 GB): never fewer than the ⌈RU/s ÷ 10,000⌉ and ⌈GB ÷ 50⌉ every container has, and the more partitions, the
 * smaller the share this figure promises. Its limits, all from the same page: a preview enabled on the account's
 * Features page; `az cosmosdb sql container merge` (cosmosdb-preview extension) or `Invoke-AzCosmosDBSqlContainerMerge`
 * (`-WhatIf` simulates it); allow 5-6 hours; provisioned throughput only (not serverless), single-region writes, no
 * point-in-time restore, customer-managed keys or analytical store; once the feature is on, whether a merge is running
 * or not, the account accepts requests only from the .NET SDK ≥ 3.27.0, Java SDK ≥ 4.42.0, Spark connector ≥ 4.18.0 or
 * JavaScript SDK ≥ 4.3, and blocks the others: older .NET, Java and JavaScript SDKs, any Python SDK, the Go SDK, and
 * connectors without merge support (Azure Data Factory, Azure Search, the Azure Functions extension 3.x and earlier);
 * a merged container's change feed cannot be read from a start time.
 */
export const OR_MERGE_PARTITIONS =
  "; or merge its physical partitions instead, which changes no key and adds no RU/s but is a preview with the account limits below: at its {{mergeRu}} RU/s and {{mergeGb}} GB it needs {{mergedPartitions|partitions}}, not the {{mergeFrom}} it has (a container created at those figures gets {{mergedPartitions}}; Azure sets the merged count from the RU/s when the merge starts and publishes no rule), each of {{mergedEach}} RU/s ({{mergedUsable}} usable at {{headroom|percent}}), where the hot key's {{mergedKeyLoad}} RU/s and the {{mergedNeighbours}} RU/s its neighbours are expected to take fit, which clears this finding; partition merge is a preview: enable it on the account's Features page, then run `az cosmosdb sql container merge` (Azure CLI cosmosdb-preview extension) or `Invoke-AzCosmosDBSqlContainerMerge` (Az.CosmosDB prerelease; -WhatIf simulates it), allow 5-6 hours, and declare physicalPartitions: {{mergedPartitions}} once merged; it needs an account with single-region writes and no point-in-time restore, customer-managed keys or analytical store, which once the feature is on, merging or not, accepts requests only from the .NET SDK 3.27.0, Java SDK 4.42.0, JavaScript SDK 4.3 or Spark connector 4.18.0 and later and blocks every other client (an older one of those SDKs, any Python or Go SDK, Azure Data Factory, Azure Search, the Azure Functions extension 3.x and earlier), and a merged container's change feed cannot be read from a start time";

/**
 * The figures OR_MERGE_PARTITIONS quotes, or undefined where Azure's merge does not apply or would not serve the key:
 * the container's own key, unsharded and without replicated copies (the figures are the value's as it is); dedicated
 * manual or autoscale throughput (a serverless account cannot merge; a shared database's merged count depends on every
 * container's storage in it, which the design does not declare); declared storage (the partitions it needs); more
 * partitions now than the merged count; RU/s that carry the peak today (SG017's raise first otherwise); and a merged
 * share on which the hot key fits beside its neighbours' expected load, judged as SG003 judges it.
 */
export function partitionMergeData(a: SpaceAnalysis): Record<string, number> | undefined {
  const design = a.owner.profile.containerOf?.(a.design);
  if (design === undefined) return undefined;
  const { throughput, totalGb } = design;
  const now = a.physical;
  if (a.space !== design.primaryKey || a.space.sharding || declaredCopies(design) > 1) return undefined;
  if (!throughput || (throughput.mode !== 'manual' && throughput.mode !== 'autoscale') || throughput.requestUnits === undefined) return undefined;
  if (totalGb === undefined || !now || now.raisedFrom) return undefined;
  const merged = physicalPartitionCount(throughput.mode, throughput.requestUnits, totalGb);
  if (merged >= now.count) return undefined;
  const mergedDesign: CosmosKeyDesign = Object.assign({}, design, { physicalPartitions: merged, splitFrom: undefined });
  const share = a.owner.profile.physicalShare?.(mergedDesign, a.total, a.hot, a.trafficValues);
  if (!share || share.raisedFrom) return undefined;
  const { headroom } = design.thresholds;
  const dimensions = a.owner.profile.loadDimensions(a.hot, headroom, share);
  if (!dimensions.every((d) => fits(d.load, d.usable))) return undefined;
  return {
    mergeRu: throughput.requestUnits,
    mergeGb: totalGb,
    mergeFrom: now.count,
    mergedPartitions: merged,
    mergedEach: share.requestUnitsEach,
    mergedUsable: share.requestUnitsEach * headroom,
    mergedKeyLoad: a.hot.reads + a.hot.writes,
    mergedNeighbours: share.neighbours,
  };
}
