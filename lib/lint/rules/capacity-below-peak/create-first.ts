/**
 * What SG017 says of its raise for a new container (the design declares no `physicalPartitions`) where a container
 * created at the raised RU/s would start on more physical partitions than the raise in place leaves, the count its
 * edits declare: Azure starts a container on one physical partition per 6,000 RU/s of manual throughput (one per
 * 10,000 of an autoscale maximum), and a raise up to P × 10,000 RU/s keeps its P ("Best practices for scaling
 * provisioned throughput", large data ingestion). So the container is created at P × that figure, then raised.
 */
import type { CosmosKeyDesign } from '../../../design/key-design';
import { COSMOS_LIMITS, physicalPartitionCount } from '../../../engines';
import { newContainerPath } from '../../physical-partition';

export const CREATE_FIRST_MESSAGES = {
  cosmosCreateThenRaise:
    '; the design declares no physicalPartitions (a container still to be created): create it at {{firstAt}} RU/s, no more (Azure starts a container on one physical partition per {{firstPer}} RU/s of {{firstMode|manual=manual throughput|autoscale=an autoscale maximum}}: {{firstPartitions|partitions}}), then raise it to {{needed}} RU/s, which splits none up to {{firstPartitions}} × 10,000 RU/s; declare physicalPartitions: {{firstPartitions}} once raised (created at {{needed}} RU/s it would get {{firstCreated|partitions}})',
} as const;

export type CreateFirstId = keyof typeof CREATE_FIRST_MESSAGES;

/**
 * The note and figures of SG017's raise to `needed` RU/s for a new container on `totalGb` (the storage its planned
 * copies hold, where they are), from the `now` partitions it is counted on today; nothing for an existing container,
 * where creation at `needed` gives the raise's count, for a shared database, or past Azure's default maximum (no
 * raise is written there until a support ticket lifts it: `cosmosRaisePastQuota`).
 */
export function createFirst(
  design: CosmosKeyDesign,
  now: number,
  needed: number,
  totalGb = design.totalGb,
): { readonly ids: CreateFirstId[]; readonly data: Record<string, number | string> } {
  const { throughput } = design;
  if (!throughput || throughput.mode === 'serverless' || !(needed <= COSMOS_LIMITS.requestUnitsQuota)) return { ids: [], data: {} };
  const stored = Object.assign({}, design, { totalGb });
  const inPlace = physicalPartitionCount(throughput.mode, needed, totalGb, now);
  const path = newContainerPath(stored, needed, inPlace);
  if (!path?.createFirst) return { ids: [], data: {} };
  return {
    ids: ['cosmosCreateThenRaise'],
    data: { firstAt: path.createAt, firstPer: path.createAt / inPlace, firstMode: path.mode, firstPartitions: inPlace, firstCreated: path.created },
  };
}
