/**
 * SG017 for Cosmos DB: the container's provisioned RU/s (manual, the autoscale maximum, its part of a
 * shared database's RU/s) or a serverless container's partitions' 5,000 RU/s each, below the declared
 * peak of reads and writes (issue 14 §5).
 */
import { THROUGHPUT_GRID, type ThroughputForm } from '../../../design/cosmos-throughput';
import type { CosmosKeyDesign } from '../../../design/key-design';
import { COSMOS_LIMITS } from '../../../engines';
import type { DesignAnalysis } from '../../analysis';
import type { DesignEdit } from '../../edits';
import { defineRule, type RuleHit } from '../../rule';
import { SOURCES } from '../../sources';
import { CAPACITY_BELOW_PEAK } from './meta';

type Id =
  | 'cosmosManualBelowPeak'
  | 'cosmosAutoscaleBelowPeak'
  | 'cosmosSharedBelowPeak'
  | 'cosmosServerlessBelowPeak'
  | 'cosmosRaiseManual'
  | 'cosmosRaiseAutoscale'
  | 'cosmosRaiseShared'
  | 'cosmosLeaveServerless';

/** The smallest value on a form's grid at or above `ru`. */
function onGrid(form: ThroughputForm, ru: number): number {
  const { min, step } = THROUGHPUT_GRID[form];
  return Math.max(min, Math.ceil(ru / step - 1e-9) * step);
}

function cosmosHits(design: CosmosKeyDesign, analysis: DesignAnalysis): RuleHit<Id>[] {
  const { throughput } = design;
  const partitions = analysis.profile.physicalPartitions?.(design);
  if (!throughput || !partitions) return [];
  const { peakReadUnits, peakWriteUnits } = design.primaryKey.workload;
  const peak = peakReadUnits + peakWriteUnits;
  const capacity = partitions.requestUnits;
  if (peak <= capacity * (1 + 1e-9)) return [];
  const data = { peak, peakReads: peakReadUnits, peakWrites: peakWriteUnits, capacity };
  const raise = (form: ThroughputForm, value: number): DesignEdit[] => [{ op: 'set', path: `throughput.${form}`, value }];
  switch (throughput.mode) {
    case 'manual': {
      const needed = onGrid('manual', peak);
      return [
        { path: throughput.path, messageId: 'cosmosManualBelowPeak', fixId: 'cosmosRaiseManual', data: { ...data, needed }, edits: raise('manual', needed) },
      ];
    }
    case 'autoscale': {
      const needed = onGrid('autoscaleMax', peak);
      return [
        {
          path: throughput.path,
          messageId: 'cosmosAutoscaleBelowPeak',
          fixId: 'cosmosRaiseAutoscale',
          data: { ...data, needed },
          edits: raise('autoscaleMax', needed),
        },
      ];
    }
    case 'shared': {
      // The container is counted on databaseRu / containers: the database needs containers × the peak.
      const { databaseRequestUnits, containers } = throughput.shared ?? { databaseRequestUnits: capacity, containers: 1 };
      const needed = onGrid('sharedDatabase', peak * containers);
      return [
        {
          path: throughput.path,
          messageId: 'cosmosSharedBelowPeak',
          fixId: 'cosmosRaiseShared',
          data: { ...data, needed, containers, databaseRu: databaseRequestUnits },
          edits: raise('sharedDatabase', needed),
        },
      ];
    }
    case 'serverless':
      return [
        {
          path: throughput.path,
          messageId: 'cosmosServerlessBelowPeak',
          fixId: 'cosmosLeaveServerless',
          data: { ...data, partitions: partitions.count, partitionRu: COSMOS_LIMITS.serverlessPartitionRequestUnits, needed: onGrid('manual', peak) },
        },
      ];
  }
}

export const cosmosDbCapacityBelowPeak = defineRule({
  ...CAPACITY_BELOW_PEAK,
  engines: ['cosmosdb'],
  fires:
    "Cosmos DB: the declared peak (peakReadUnits + peakWriteUnits, RU/s) is above the container's declared throughput: manual RU/s, the autoscale maximum, its part of a shared database's RU/s, or a serverless container's 5,000 RU/s per physical partition.",
  sources: [SOURCES.cosmosProvisionedThroughput, SOURCES.cosmosPartitioning, SOURCES.cosmosServerlessPerformance],
  messages: {
    cosmosManualBelowPeak:
      'the declared peak of {{peak}} RU/s ({{peakReads}} reads + {{peakWrites}} writes) is above the {{capacity}} RU/s of manual throughput: the requests beyond it are throttled (429) whatever the key',
    cosmosAutoscaleBelowPeak:
      'the declared peak of {{peak}} RU/s ({{peakReads}} reads + {{peakWrites}} writes) is above the autoscale maximum of {{capacity}} RU/s: autoscale never scales past it, and the requests beyond it are throttled (429) whatever the key',
    cosmosSharedBelowPeak:
      "the declared peak of {{peak}} RU/s ({{peakReads}} reads + {{peakWrites}} writes) is above the container's {{capacity}} RU/s part of the database's shared {{databaseRu}} RU/s ({{containers}} busy containers): the requests beyond it are throttled (429) whatever the key",
    cosmosServerlessBelowPeak:
      'the declared peak of {{peak}} RU/s ({{peakReads}} reads + {{peakWrites}} writes) is above the {{capacity}} RU/s a serverless container serves ({{partitions}} physical partitions of {{partitionRu}} RU/s): the requests beyond it are throttled (429) whatever the key',
    cosmosRaiseManual: 'raise throughput.manual to at least {{needed}} RU/s',
    cosmosRaiseAutoscale: 'raise throughput.autoscaleMax to at least {{needed}} RU/s (autoscale bills by the hour for what it uses, from 10% of the maximum)',
    cosmosRaiseShared:
      'raise throughput.sharedDatabase to at least {{needed}} RU/s ({{containers}} × the peak), or give the container dedicated throughput of at least {{peak}} RU/s',
    cosmosLeaveServerless:
      'move the container to provisioned throughput ({ manual } or { autoscaleMax } of at least {{needed}} RU/s): serverless throughput grows only with stored data, and serverless gives no throughput guarantee',
  },
  check: cosmosHits,
});
