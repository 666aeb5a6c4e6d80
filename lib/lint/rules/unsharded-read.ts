import { keySpacesOf } from '../../design/key-design';
import { code, keyName, onIndex } from '../format';
import { carries, patternsOn } from '../key-load';
import type { Rule } from '../rule';

export const unshardedRead: Rule = {
  id: 'SG009',
  title: 'unsharded-read',
  severity: 'error',
  engines: ['dynamodb', 'cosmosdb'],
  fires: 'A random-sharded key is read by an access pattern that does not fan out; or a calculated-sharded key is read without its source attribute and without fan-out.',
  rationale: 'Sharded writes spread one logical key over N stored keys; a read that queries one of them returns a fraction of the data, silently. Source: seed article 003, failure case 3: sharded writes, unsharded reads.',
  fix: 'Declare fan-out over all N shards (fanOutKeys / shardedKey().readKeys), or read a projection / index.',
  checkDesign(design) {
    return keySpacesOf(design).flatMap((space) => {
      const sharding = space.sharding;
      if (!sharding) return [];
      return patternsOn(design, space)
        .filter((p) => !p.fanOut && space.partitionKey.every((a) => carries(p, a.name)))
        .filter((p) => sharding.strategy === 'random' || !carries(p, sharding.sourceAttribute as string))
        .map((p) => ({
          path: p.path,
          index: space.index,
          message: sharding.strategy === 'random'
            ? `access pattern ${code(p.name)} reads ${keyName(space.partitionKey)}${onIndex(space.index)}, which is random-sharded over ${sharding.shards} keys, without fan-out: it sees about 1/${sharding.shards} of the data`
            : `access pattern ${code(p.name)} reads ${keyName(space.partitionKey)}${onIndex(space.index)}, calculated-sharded on ${code(sharding.sourceAttribute as string)}, without that attribute and without fan-out: it sees one of ${sharding.shards} shards`,
          fix: `set fanOut: true and query all ${sharding.shards} keys (shardedKey(sharding).readKeys(key)${sharding.strategy === 'calculated' ? `, or supply ${code(sharding.sourceAttribute as string)} to read one shard` : ''}), or read a projection or index`,
          data: { shards: sharding.shards },
        }));
    });
  },
};
