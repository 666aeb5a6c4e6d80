import { isTimeBucketKey, keySpacesOf } from '../../design/key-design';
import { fmt, keyName, onIndex } from '../format';
import { logicalHotLoads, shardNeed } from '../key-load';
import { nearestToCeiling } from '../../design/sharding';
import type { Rule } from '../rule';

export const needlessSharding: Rule = {
  id: 'SG007',
  title: 'needless-sharding',
  severity: 'warning',
  engines: ['dynamodb', 'cosmosdb'],
  fires: "Sharding is declared on a key whose unsharded hottest value is already under the usable ceiling (e.g. a UUID key), and neither size nor cardinality calls for it. A time-bucket key is exempt: SG002 requires its sharding.",
  rationale: 'A uniform key (UUIDs, user ids with no whale) already spreads evenly; sharding it gains nothing and makes every read of a logical key a fan-out of N queries (latency 5 ms → 200 ms, Cosmos RU × N). Under ~1,000 RU/s a Cosmos key needs no elaborate design at all. Source: seed articles 000 and 003 ("when not to shard").',
  fix: 'Remove the sharding; reads go back to one query per key.',
  checkDesign(design) {
    return keySpacesOf(design).flatMap((space) => {
      if (!space.sharding || shardNeed(design, space).total > 1) return [];
      // SG002 requires a time-bucket key to be sharded whatever its load: calling that sharding
      // needless would send the user in a circle (shard it → remove it → shard it).
      if (isTimeBucketKey(space.partitionKey)) return [];
      const loads = logicalHotLoads(design, space);
      const worst = nearestToCeiling(loads);
      return [{
        path: space.sharding.path,
        index: space.index,
        message: `${keyName(space.partitionKey)}${onIndex(space.index)} is sharded into ${space.sharding.shards} ${space.sharding.strategy} shards, but ${worst.load === 0
          ? 'its values are unique, so no single value is hot'
          : `its hottest value peaks at ${fmt(worst.load)} ${worst.unit}, under the usable ${fmt(worst.usable)} ${worst.unit} unsharded`}: every read fans out ${space.sharding.shards} ways for nothing`,
        fix: 'remove the sharding; each read of a key goes back to one query',
        data: { shards: 1 },
      }];
    });
  },
};
