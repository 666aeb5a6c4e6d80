import { joinPath } from '../../design/field-path';
import { needsEveryShard } from '../queries';
import { defineRule } from '../rule';
import { SOURCES } from '../sources';

export const unshardedRead = defineRule({
  id: 'SG009',
  title: 'unsharded-read',
  summary: 'A sharded key read without fanning out over its shards: results come back incomplete',
  severity: 'error',
  thresholds: [],
  fires:
    'A random-sharded key is read by an access pattern that does not fan out; or a calculated-sharded key is read without its source attribute and without fan-out. Not for a pattern that wants any matching item (wants: "any", a work queue\'s poll): one shard serves it. (Replicated copies each hold everything: any one serves a read.)',
  rationale:
    'Sharded writes spread one logical key over N stored keys; a read that queries one of them returns a fraction of the data, silently: the classic "sharded writes, unsharded reads" failure.',
  fix: 'Declare fan-out over all N shards (fanOutKeys / shardedKey().readKeys), supply the source attribute, or read a projection / index; when any matching item will do, declare wants: "any".',
  sources: [SOURCES.dynamoSharding, SOURCES.cosmosSynthetic],
  messages: {
    random:
      'access pattern {{pattern|code}} reads {{key|key}}{{index|onIndex}}, which is random-sharded over {{shards}} keys, without fan-out: it sees about 1/{{shards}} of the data',
    calculated:
      'access pattern {{pattern|code}} reads {{key|key}}{{index|onIndex}}, calculated-sharded on {{source|code}}, without that attribute and without fan-out: it sees one of {{shards}} shards',
    fixRandom: 'set fanOut: true and query all {{shards}} keys (shardedKey(sharding).readKeys(key)), or read a projection or index',
    fixCalculated: 'set fanOut: true and query all {{shards}} keys (shardedKey(sharding).readKeys(key)), or supply {{source|code}} to read one shard',
    fixAny: '; or, when any matching item will do (a work queue\'s poll), set wants: "any" and query one shard, another when it is empty',
    fixNeedless: '; or remove the sharding, which the load does not need (SG007)',
  },
  check(_design, analysis) {
    return analysis.spaces.flatMap((a) => {
      const { space } = a;
      const sharding = space.sharding;
      // Replicated copies each hold everything. Otherwise reads miss data while the sharding exists,
      // even when it should go (SG007 says so; the fix below names that way out too).
      if (!sharding || sharding.strategy === 'replicated') return [];
      const fixNotes = a.plan.layout === 'none' ? (['fixAny', 'fixNeedless'] as const) : (['fixAny'] as const);
      const source = sharding.sourceAttribute as string;
      return analysis
        .patternsOn(space)
        .filter((p) => !p.fanOut && needsEveryShard(space, p, sharding.strategy as 'random' | 'calculated', source))
        .map((p) => ({
          path: p.path,
          index: space.index,
          messageId: sharding.strategy === 'random' ? ('random' as const) : ('calculated' as const),
          fixId: sharding.strategy === 'random' ? ('fixRandom' as const) : ('fixCalculated' as const),
          fixNotes,
          data: {
            pattern: p.name,
            key: space.partitionKey.map((k) => k.name),
            index: space.index,
            shards: sharding.shards,
            ...(sharding.strategy === 'calculated' ? { source } : {}),
          },
          edits: [{ op: 'set' as const, path: joinPath(p.path, 'fanOut'), value: true }],
        }));
    });
  },
});
