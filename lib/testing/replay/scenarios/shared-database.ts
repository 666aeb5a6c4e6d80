/**
 * Containers on one shared-throughput database replayed as the database's one set of partition-key ranges.
 * Azure: "When you provision throughput on an Azure Cosmos DB database, the throughput is shared across all the
 * containers (called shared database containers) in the database" ("Set throughput on a database",
 * https://learn.microsoft.com/azure/cosmos-db/set-throughput), and "containers in the same database share partitions"
 * ("Provision standard (manual) throughput on a database",
 * https://learn.microsoft.com/azure/cosmos-db/how-to-provision-database-throughput): the database's RU/s is
 * divided evenly among its ranges, and every container's keys hash onto those same ranges, so one container's hot
 * range throttles its neighbours' requests on that range.
 */
import { physicalPartitionCount } from '../../../index';
import { argumentError } from '../usage';
import type { ContainerModel, SharedRanges } from './cosmos-model';

/** Mean RU/s a container puts on one range at a minute: its uniform load's even share and its hot keys there. */
export function meanLoadOn(model: ContainerModel, ranges: number, minute: number, range: number): number {
  const keys = (model.hotKeys ?? []).filter((k) => k.range === range).reduce((sum, k) => sum + k.ru(minute), 0);
  return model.ru(minute) / ranges + keys;
}

/**
 * The shared ranges of each `shared` model, by model name, grouped by the database each is on (`databaseOf`);
 * dedicated (manual, autoscale) models have none. The models of one database must state the same database RU/s.
 */
export function sharedRangesOf(models: Readonly<Record<string, ContainerModel>>, databaseOf: (name: string) => string): Map<string, SharedRanges> {
  const byDatabase = new Map<string, string[]>();
  for (const [name, model] of Object.entries(models)) {
    if (model.throughput?.kind !== 'shared') continue;
    const database = databaseOf(name);
    byDatabase.set(database, [...(byDatabase.get(database) ?? []), name]);
  }
  const result = new Map<string, SharedRanges>();
  for (const [database, names] of byDatabase) {
    const ru = models[names[0]].throughput.ru;
    const other = names.find((n) => models[n].throughput.ru !== ru);
    if (other !== undefined)
      throw argumentError(
        'replayProgram()',
        `scenario.models[${JSON.stringify(other)}].throughput.ru`,
        `containers ${names[0]} and ${other} share database ${database}, whose throughput is one figure: ${ru} against ${models[other].throughput.ru} RU/s. ` +
          "For a shared container, ru is the database's RU/s",
      );
    const storageGb = names.reduce((sum, n) => sum + models[n].storageGb, 0);
    const ranges = physicalPartitionCount('shared', ru, storageGb);
    for (const name of names) {
      const others = names.filter((n) => n !== name).map((n) => models[n]);
      result.set(name, { ranges, neighbours: (minute, range) => others.reduce((sum, m) => sum + meanLoadOn(m, ranges, minute, range), 0) });
    }
  }
  return result;
}
