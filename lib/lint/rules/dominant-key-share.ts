import { keySpacesOf } from '../../design/key-design';
import { fmt, keyName, onIndex, percent } from '../format';
import { logicalHotLoads, shardCount } from '../key-load';
import { nearestToCeiling } from '../../design/sharding';
import type { Rule } from '../rule';

export const dominantKeyShare: Rule = {
  id: 'SG014',
  title: 'dominant-key-share',
  severity: 'warning',
  engines: ['dynamodb', 'cosmosdb'],
  fires: 'One key value is declared to take more than 10% (default) of the writes or RU, even while still under the ceiling.',
  rationale: 'A single value above ~10% of traffic is the seeds\' warning sign of a coming hot partition (a bot user, a whale tenant): its partition saturates first as traffic grows, long before the table does. Source: seed articles 000 and 003.',
  fix: 'Plan sharding before growth; watch it with the skew alarms.',
  checkDesign(design) {
    return keySpacesOf(design).flatMap((space) => {
      const { hotKeyShare, hotKeyShareDeclared } = space.workload;
      const shards = shardCount(space);
      const share = hotKeyShare / shards;
      if (!hotKeyShareDeclared || share <= design.thresholds.maxHotKeyShare) return [];
      const loads = logicalHotLoads(design, space).map((d) => ({ ...d, load: d.load / shards }));
      // Above the ceiling, SG003 already reports this key as an error.
      if (loads.some((d) => d.load > d.usable)) return [];
      const busiest = nearestToCeiling(loads);
      // No declared traffic: nothing to saturate, and no growth factor to report.
      if (busiest.load === 0) return [];
      const growth = busiest.usable / busiest.load;
      return [{
        path: `${space.workload.path}.hotKeyShare`,
        index: space.index,
        message: `the hottest ${keyName(space.partitionKey)} value${onIndex(space.index)} takes ${percent(share)}${shards > 1 ? ' per shard' : ''} of traffic, above ${percent(design.thresholds.maxHotKeyShare)}: ${fmt(busiest.load)} of a usable ${fmt(busiest.usable)} ${busiest.unit} today, saturated when traffic grows ${fmt(growth)}×`,
        fix: 'plan sharding for this key before traffic grows (size N with shardsFor()), and watch it with the skew alarms',
        data: { share, growthToCeiling: growth },
      }];
    });
  },
};
