/**
 * A GuardedTable's template resource checked against the design in its own metadata (SG016): the
 * key attribute names of the table and each index, which indexes exist, and every Contributor
 * Insights switch (table, GSIs, and each replica's). An escape hatch, an aspect, a hand edit or
 * forged metadata makes them differ; the lint judged the design, so every difference is a finding.
 * Values computed at deploy time (intrinsics) are not compared: the raw-table reader notes them.
 */
import type { DesignInput } from '../design/input';
import { isObject } from '../design/json-object';
import type { DynamoDbKeyDesign, KeySpace } from '../design/key-design';
import type { RuleHit } from '../lint/rule';
import { isIntrinsic, own } from './intrinsics';
import { capacityDifferences } from './template-capacity';
import { contributorInsightsSwitches } from './template-table';

type Hit = RuleHit<'key' | 'undeclaredIndex' | 'missingIndex' | 'contributorInsights' | 'inReplica' | 'inReplicaRegion' | 'capacity' | 'fix' | 'capacityFix'>;

/** HASH and RANGE attribute names of a key schema, or undefined when any part is not a literal. */
function keyNamesOf(keySchema: unknown): { hash: string[]; range: string[] } | undefined {
  if (!Array.isArray(keySchema)) return undefined;
  const hash: string[] = [];
  const range: string[] = [];
  for (const element of keySchema) {
    const type = own(element, 'KeyType');
    const name = own(element, 'AttributeName');
    if (isIntrinsic(element) || typeof name !== 'string' || (type !== 'HASH' && type !== 'RANGE')) return undefined;
    (type === 'HASH' ? hash : range).push(name);
  }
  return { hash, range };
}

const onOff = (on: boolean) => (on ? 'on' : 'off');

/** Differences between the key of one key space in the template and in the design. */
function keyHits(
  space: { index?: string; partitionKey: readonly { name: string }[]; sortKey: readonly { name: string }[] },
  keySchema: unknown,
  location: string,
): Hit[] {
  const template = keyNamesOf(keySchema);
  if (!template) return [];
  const hits: Hit[] = [];
  const compare = (part: 'partition' | 'sort', declared: readonly string[], synthesized: readonly string[]) => {
    if (declared.length === synthesized.length && declared.every((name, i) => name === synthesized[i])) return;
    hits.push({
      path: location,
      index: space.index,
      messageId: 'key',
      fixId: 'fix',
      data: { index: space.index, part, template: synthesized, design: declared },
    });
  };
  compare(
    'partition',
    space.partitionKey.map((a) => a.name),
    template.hash,
  );
  compare(
    'sort',
    space.sortKey.map((a) => a.name),
    template.range,
  );
  return hits;
}

/** Indexes of one kind in the template against those in the design, matched by name. */
function indexHits(
  field: 'GlobalSecondaryIndexes' | 'LocalSecondaryIndexes',
  properties: Record<string, unknown>,
  declared: ReadonlyMap<string, { index?: string; partitionKey: readonly { name: string }[]; sortKey: readonly { name: string }[] }>,
): Hit[] {
  const synthesized = own(properties, field);
  if (synthesized !== undefined && !Array.isArray(synthesized)) return [];
  const hits: Hit[] = [];
  const seen = new Set<string>();
  ((synthesized ?? []) as unknown[]).forEach((entry, i) => {
    const name = own(entry, 'IndexName');
    if (typeof name !== 'string') return;
    seen.add(name);
    const location = `Properties.${field}[${i}]`;
    const space = declared.get(name);
    if (!space) hits.push({ path: location, index: name, messageId: 'undeclaredIndex', fixId: 'fix', data: { index: name } });
    else hits.push(...keyHits(space, own(entry, 'KeySchema'), `${location}.KeySchema`));
  });
  for (const name of declared.keys()) {
    if (!seen.has(name))
      hits.push({
        path: synthesized === undefined ? 'Properties' : `Properties.${field}`,
        index: name,
        messageId: 'missingIndex',
        fixId: 'fix',
        data: { index: name },
      });
  }
  return hits;
}

const units = (value: number | undefined) => (value === undefined ? 'none' : value.toLocaleString('en-US'));

/** Each capacity figure the resource deploys otherwise than `input` (the design as its metadata holds it) declares. */
function capacityHits(input: DesignInput, properties: unknown): Hit[] {
  return capacityDifferences(input, properties).map((d) => ({
    path: d.location,
    index: d.index,
    messageId: 'capacity',
    fixId: 'capacityFix',
    data: { index: d.index, property: d.location, field: d.field, template: units(d.template), design: units(d.design) },
  }));
}

/** Every difference between the resource and `design` (the normalized design in its metadata; `input`, that design as
 *  written there, whose capacity fields are compared figure by figure). */
export function templateMismatches(design: DynamoDbKeyDesign, resource: unknown, input: DesignInput): Hit[] {
  const properties = own(resource, 'Properties');
  if (!isObject(properties)) return [];
  const table = design.primaryKey;
  const gsis = new Map(design.globalSecondaryIndexes.map((space) => [space.index as string, space]));
  // An LSI shares the table's partition key and declares its own sort key.
  const lsis = new Map(
    design.localSecondaryIndexes.map((lsi) => [lsi.indexName, { index: lsi.indexName, partitionKey: table.partitionKey, sortKey: lsi.sortKey }]),
  );
  const hits = [
    ...keyHits(table, own(properties, 'KeySchema'), 'Properties.KeySchema'),
    ...indexHits('GlobalSecondaryIndexes', properties, gsis),
    ...indexHits('LocalSecondaryIndexes', properties, lsis),
    ...capacityHits(input, properties),
  ];
  const replicas = own(properties, 'Replicas');
  for (const s of contributorInsightsSwitches(resource)) {
    const space: KeySpace | undefined = s.index === undefined ? table : gsis.get(s.index);
    if (s.enabled === undefined || space === undefined || s.enabled === space.keyMonitoring) continue;
    const region = s.replica !== undefined && Array.isArray(replicas) ? own(replicas[s.replica], 'Region') : undefined;
    const inRegion = typeof region === 'string';
    hits.push({
      path: s.location,
      index: s.index,
      messageId: 'contributorInsights',
      notes: s.replica === undefined ? undefined : [inRegion ? 'inReplicaRegion' : 'inReplica'],
      fixId: 'fix',
      data: {
        index: s.index,
        template: onOff(s.enabled),
        design: onOff(space.keyMonitoring),
        ...(s.replica !== undefined ? { replica: s.replica } : {}),
        ...(inRegion ? { region } : {}),
      },
    });
  }
  return hits;
}
