import { code } from '../format';
import { sameAttribute } from '../../design/normalize';
import type { Rule } from '../rule';

export const mismatchedJoinKeys: Rule = {
  id: 'SG013',
  title: 'mismatched-join-keys',
  severity: 'warning',
  engines: ['cosmosdb'],
  fires: 'Two containers declared as joined (queried together) use different partition keys.',
  rationale: 'Cosmos DB has no cross-container join: the application queries both, and when the keys differ every lookup on the second container is a cross-partition fan-out. Decide keys across containers together. Source: seed article 001.',
  fix: 'Align the keys, or maintain a materialized view via the change feed.',
  checkDesign(design) {
    if (design.engine !== 'cosmosdb') return [];
    const own = design.primaryKey.partitionKey.map((a) => a.name);
    return design.joins
      .filter((join) => own.length !== join.partitionKeyPaths.length || !own.every((path, i) => sameAttribute(path, join.partitionKeyPaths[i])))
      .map((join) => ({
        path: join.path,
        message: `this container is joined with ${code(join.container)}, but is partitioned by ${own.map(code).join(', ')} and ${code(join.container)} by ${join.partitionKeyPaths.map(code).join(', ')}: ${sameAttribute(own[0], join.partitionKeyPaths[0])
          ? `a joined lookup can target only by the shared first level ${code(own[0])}, not by the full key`
          : 'each joined lookup fans out over every partition'}`,
        fix: `partition both by the same key (e.g. ${code(own[0])}), or maintain a materialized view of ${code(join.container)} keyed by ${code(own[0])} via the change feed`,
      }));
  },
};
