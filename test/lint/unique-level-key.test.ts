/**
 * levers35 (stranger35b's feature store): a hot first level whose every declared query gives the key's unique last level
 * (point reads by `/entityType` + `/entityId`) is offered that level alone as the key, first where the other fix
 * changes the key too (here: a raise to 82,900 RU/s and a 99-way synthetic bucketed level). A first level of few values
 * keeps each value's reads and writes on one physical partition until it holds 50 GB; Azure asks every level for a
 * high cardinality ("Hierarchical partition keys"). Offered only where the key so made lints clean, and where no
 * declared query comes to cross partitions.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { applyDesignEdits, lint, type CosmosContainerDesign, type Finding } from '../../lib';

/** The stranger's feature store (try35b/feature-store.json): `/entityType` (4, one at 40%) → `/entityId`, 63,000 RU/s on manual 80,000. */
function featureStore(): CosmosContainerDesign {
  const document = JSON.parse(readFileSync(join(__dirname, 'try35b', 'feature-store.json'), 'utf8')) as { containers: CosmosContainerDesign[] };
  return Object.assign({ engine: 'cosmosdb' as const }, document.containers[0]);
}

const firstLevel = (design: CosmosContainerDesign): Finding | undefined => lint(design).find((f) => f.ruleId === 'SG003' && f.path === 'partitionKey.paths[0]');

describe('a unique last level every query gives, as the whole key (levers35)', () => {
  it('feature store: `/entityId` alone leads the raise with 99 buckets, which follows', () => {
    const finding = firstLevel(featureStore());
    expect(finding?.severity).toBe('error');
    expect(finding?.fix).toMatch(
      /^key the container by `\/entityId` alone: every declared query the key routes today gives it too, and its values are unique, so the hottest `\/entityType` value's reads and writes spread over every physical partition by hash; .*a partition key cannot be changed in place: on a container that holds data, create one keyed so, copy every document into it and point the application at it; it needs no more RU\/s and no buckets to fan a query out over, so it comes first; or raise the container's throughput in place to 82,900 RU\/s .*`\/entityTypeBucket` = \/entityType \+ "-" \+ hash\(entityId\) mod 99/,
    );
    expect(finding?.data).toMatchObject({ reorderFirst: '/entityId' });
  });

  it('feature store: --fix writes the flat key, and the design it leaves lints clean at the same 80,000 RU/s', () => {
    const design = featureStore();
    const finding = firstLevel(design);
    expect(finding?.edits).toEqual([{ op: 'set', path: 'partitionKey.paths', value: [{ path: '/entityId', cardinality: 'unique' }] }]);
    const fixed = applyDesignEdits(design, finding?.edits ?? []);
    expect(fixed.throughput).toEqual({ manual: 80_000 });
    expect(lint(fixed)).toEqual([]);
  });

  it('not where a declared query gives the first level alone: keyed by `/entityId` it would cross partitions', () => {
    const design = featureStore();
    const byType = Object.assign({}, design, {
      accessPatterns: [
        { name: 'point-read-features', keyAttributes: ['entityType', 'entityId'], share: 0.9 },
        { name: 'features-of-a-type', keyAttributes: ['entityType'], share: 0.1 },
      ],
    });
    const finding = firstLevel(byType);
    expect(finding?.fix).not.toMatch(/alone/);
    expect(finding?.fix).toMatch(/^raise the container's throughput in place to 82,900 RU\/s/);
    expect(finding?.edits ?? []).not.toContainEqual(expect.objectContaining({ path: 'partitionKey.paths' }));
  });

  it('not where fewer queries would cross but one routed today would (by type, 10%, stranded; by id alone, 20%, gained)', () => {
    const design = featureStore();
    const mixed = Object.assign({}, design, {
      accessPatterns: [
        { name: 'point-read-features', keyAttributes: ['entityType', 'entityId'], share: 0.7 },
        { name: 'features-of-a-type', keyAttributes: ['entityType'], share: 0.1 },
        { name: 'features-of-an-id', keyAttributes: ['entityId'], share: 0.2 },
      ],
    });
    expect(firstLevel(mixed)?.fix).not.toMatch(/alone/);
  });

  it('not where the key so made would not lint clean: one entity declared at 15% (9,450 RU/s) is over its own partition', () => {
    const design = featureStore();
    const [type, id] = design.partitionKey.paths;
    const hotEntity = Object.assign({}, design, { partitionKey: { paths: [type, Object.assign({}, id, { hotKeyShare: 0.15 })] } });
    const finding = firstLevel(hotEntity);
    expect(finding?.fix).not.toMatch(/^key the container by `\/entityId` alone/);
    expect(finding?.edits ?? []).not.toContainEqual(expect.objectContaining({ path: 'partitionKey.paths' }));
  });

  it('not where the unique level is not the last: its values do not name one logical partition of the key', () => {
    const design = featureStore();
    const [type, id] = design.partitionKey.paths;
    const below = Object.assign({}, design, {
      partitionKey: { paths: [type, id, { path: '/featureGroup', cardinality: 20 }] },
      accessPatterns: [{ name: 'point-read-features', keyAttributes: ['entityType', 'entityId', 'featureGroup'], share: 1 }],
    });
    expect(firstLevel(below)?.fix).not.toMatch(/alone/);
  });
});
