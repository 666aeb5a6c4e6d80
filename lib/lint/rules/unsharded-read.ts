import { joinPath } from '../../design/field-path';
import { carries, readsWholeKey } from '../queries';
import { defineRule } from '../rule';
import { SOURCES } from '../sources';

export const unshardedRead = defineRule({
  id: 'SG009',
  title: 'unsharded-read',
  summary: 'A sharded key read without fanning out over its shards: results come back incomplete',
  severity: 'error',
  thresholds: [],
  fires:
    'A random-sharded key is read by an access pattern that does not fan out; or a calculated-sharded key is read without its source attribute and without fan-out. (Replicated copies each hold everything: any one serves a read.)',
  rationale:
    'Sharded writes spread one logical key over N stored keys; a read that queries one of them returns a fraction of the data, silently: the classic "sharded writes, unsharded reads" failure.',
  fix: 'Declare fan-out over all N shards (fanOutKeys / shardedKey().readKeys), supply the source attribute, or read a projection / index.',
  sources: [SOURCES.dynamoSharding, SOURCES.cosmosSynthetic],
  messages: {
    random:
      'access pattern {{pattern|code}} reads {{key|key}}{{index|onIndex}}, which is random-sharded over {{shards}} keys, without fan-out: it sees about 1/{{shards}} of the data',
    calculated:
      'access pattern {{pattern|code}} reads {{key|key}}{{index|onIndex}}, calculated-sharded on {{source|code}}, without that attribute and without fan-out: it sees one of {{shards}} shards',
    fixRandom: 'set fanOut: true and query all {{shards}} keys (shardedKey(sharding).readKeys(key)), or read a projection or index',
    fixCalculated: 'set fanOut: true and query all {{shards}} keys (shardedKey(sharding).readKeys(key)), or supply {{source|code}} to read one shard',
    fixNeedless: '; or remove the sharding, which the load does not need (SG007)',
  },
  check(_design, analysis) {
    return analysis.spaces.flatMap((a) => {
      const { space } = a;
      const sharding = space.sharding;
      // Replicated copies each hold everything. Otherwise reads miss data while the sharding exists,
      // even when it should go (SG007 says so; the fix below names that way out too).
      if (!sharding || sharding.strategy === 'replicated') return [];
      const fixNotes = a.plan.layout === 'none' ? (['fixNeedless'] as const) : [];
      const source = sharding.sourceAttribute as string;
      return analysis
        .patternsOn(space)
        .filter((p) => !p.fanOut && readsWholeKey(space, p) && (sharding.strategy === 'random' || !carries(p, source)))
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
