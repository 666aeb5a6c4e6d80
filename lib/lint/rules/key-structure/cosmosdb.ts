/** SG005 for Cosmos DB: a partition key the service accepts, in the shape it was meant. */
import { joinPath } from '../../../design/field-path';
import type { CosmosKeyDesign, ExternalResource } from '../../../design/key-design';
import { hasUnsafeCharacters, withoutUnsafeCharacters } from '../../../design/printable';
import { COSMOS_LIMITS } from '../../../engines';
import { defineRule, type RuleHit } from '../../rule';
import { SOURCES } from '../../sources';
import { KEY_STRUCTURE } from './meta';

type Id =
  | 'tooManyLevels'
  | 'invalidPath'
  | 'unsafePath'
  | 'duplicatePath'
  | 'multiHashVersion'
  | 'hashVersion1'
  | 'hashWithLevels'
  | 'fixLevels'
  | 'fixPath'
  | 'fixNoPath'
  | 'fixPathTaken'
  | 'fixDuplicatePath'
  | 'fixVersion'
  | 'fixHashVersion'
  | 'fixKind';

/** `/a/b`: segments of at least one non-blank character, no wildcard (the path as almost every design writes it). */
const VALID_PATH = /^(?:\/[^/*]*[^/*\s][^/*]*)+$/;

/** The nearest valid Cosmos DB path (`tenantId/` → `/tenantId`), or undefined when nothing usable is left. */
function validPath(name: string): string | undefined {
  if (VALID_PATH.test(name)) return name;
  const segments = name
    .replace(/\*/g, '')
    .split('/')
    .filter((s) => s.trim().length > 0);
  return segments.length > 0 ? `/${segments.join('/')}` : undefined;
}

/** A Cosmos DB key as SG005 reads it, from a design or from a resource created outside the constructs. */
interface DeclaredKey {
  /** Each path as written, and where it was read from. */
  readonly levels: readonly { readonly name: string; readonly path: string }[];
  /** Where the list of paths, the kind and the version were read from. */
  readonly levelsPath: string;
  readonly kind: 'Hash' | 'MultiHash';
  readonly kindPath: string;
  /** Undefined when not known (a resource that does not say): not checked. */
  readonly version: number | undefined;
  readonly versionPath: string;
  /** Whether the hits carry edits: a design can be rewritten, a raw resource only reported. */
  readonly editable: boolean;
  /**
   * Whether a one-path key's version 1 is judged. A resource's is what ARM creates (or already has); a design's is
   * declared only to import a container created with it (docs/pulumi.md), whose version can never change.
   */
  readonly judgesHashVersion: boolean;
}

/** A level's path as SG005 fixes it (`validPath`, its control and bidi characters left out): undefined where none is left. */
function fixedPath(name: string): string | undefined {
  return validPath(hasUnsafeCharacters(name) ? withoutUnsafeCharacters(name) : name);
}

/**
 * The levels a key of too many keeps: the first `limit` distinct paths, each as its own fix makes it valid (Azure,
 * "Hierarchical partition keys": up to three levels). Cut at the first `limit` as written, `a/b`, `/a/b`, `/a/b` kept an
 * invalid path and a duplicate.
 */
function keptLevels(levels: DeclaredKey['levels'], limit: number): string[] {
  const kept = new Set<string>();
  for (const { name } of levels) {
    const valid = fixedPath(name);
    if (valid !== undefined && kept.size < limit) kept.add(valid);
  }
  return [...kept];
}

function declaredKeyHits(key: DeclaredKey): RuleHit<Id>[] {
  const { levels, levelsPath, editable } = key;
  const withEdits = (hit: RuleHit<Id>): RuleHit<Id> => (editable ? hit : Object.assign({}, hit, { edits: undefined }));
  const hits: RuleHit<Id>[] = [];
  const limit = COSMOS_LIMITS.hierarchyLevels;
  if (levels.length > limit) {
    hits.push({
      path: levelsPath,
      messageId: 'tooManyLevels',
      fixId: 'fixLevels',
      data: {
        levels: levels.length,
        limit,
        keep: keptLevels(levels, limit),
      },
    });
  }
  const seen = new Set<string>();
  levels.forEach((level, i) => {
    const { name, path } = level;
    // A control or bidi character makes the path read as another one (Unicode TR #36, "Bidirectional Text Spoofing",
    // https://www.unicode.org/reports/tr36/#Bidirectional_Text_Spoofing): judged, and fixed, without them.
    const unsafe = hasUnsafeCharacters(name);
    const valid = fixedPath(name);
    if (valid !== name) {
      const fixPath = joinPath(joinPath(levelsPath, i), 'path');
      const messageId = unsafe ? 'unsafePath' : 'invalidPath';
      // `/a\u200bb` beside `/ab`: the path it reads as is already a level, so "use /ab" would make it a duplicate.
      const taken = valid !== undefined && levels.some((other) => other.name === valid);
      hits.push(
        valid === undefined
          ? { path, messageId, fixId: 'fixNoPath', data: { name } }
          : taken
            ? { path, messageId, fixId: 'fixPathTaken', data: { name, valid } }
            : withEdits({
                path,
                messageId,
                fixId: 'fixPath',
                data: { name, valid },
                edits: [{ op: 'set', path: fixPath, value: valid }],
              }),
      );
    }
    if (seen.has(name))
      hits.push(
        withEdits({
          path,
          messageId: 'duplicatePath',
          fixId: 'fixDuplicatePath',
          data: { name },
          edits: [{ op: 'remove', path: joinPath(levelsPath, i) }],
        }),
      );
    seen.add(name);
  });
  if (key.kind === 'MultiHash' && key.version !== undefined && key.version !== 2) {
    hits.push(
      withEdits({
        path: key.versionPath,
        messageId: 'multiHashVersion',
        fixId: 'fixVersion',
        data: { version: key.version },
        edits: [{ op: 'set', path: key.versionPath, value: 2 }],
      }),
    );
  }
  // Version 1 hashes only the first 101 bytes of a value (Azure, "Create containers with large partition key"): values
  // sharing them share one logical partition's hash, its storage quota and unique keys. Version 2 hashes up to 2 KB.
  if (key.judgesHashVersion && key.kind === 'Hash' && levels.length <= 1 && key.version === 1) {
    hits.push({ path: key.versionPath, messageId: 'hashVersion1', fixId: 'fixHashVersion', data: {} });
  }
  if (key.kind === 'Hash' && levels.length > 1) {
    hits.push(
      withEdits({
        path: key.kindPath,
        messageId: 'hashWithLevels',
        fixId: 'fixKind',
        data: { levels: levels.length },
        edits: [
          { op: 'set', path: key.kindPath, value: 'MultiHash' },
          { op: 'set', path: key.versionPath, value: 2 },
        ],
      }),
    );
  }
  return hits;
}

function designHits(design: CosmosKeyDesign): RuleHit<Id>[] {
  return declaredKeyHits({
    levels: design.primaryKey.partitionKey,
    levelsPath: design.primaryKey.partitionKeyPath,
    kind: design.partitionKeyKind,
    kindPath: 'partitionKey.kind',
    version: design.partitionKeyVersion,
    versionPath: 'partitionKey.version',
    editable: true,
    judgesHashVersion: false,
  });
}

/** A container created outside GuardedContainer (the policy pack's): its key as the resource declares it. */
function externalHits(resource: ExternalResource): RuleHit<Id>[] {
  return declaredKeyHits({
    levels: resource.partitionKeys.filter((k) => k.index === undefined).map((k) => ({ name: k.attribute, path: k.path })),
    levelsPath: resource.partitionKeysPath,
    kind: resource.partitionKeyKind,
    kindPath: resource.partitionKeyKindPath,
    version: resource.partitionKeyVersion,
    versionPath: resource.partitionKeyVersionPath,
    editable: false,
    judgesHashVersion: true,
  });
}

export const cosmosDbKeyStructure = defineRule({
  ...KEY_STRUCTURE,
  engines: ['cosmosdb'],
  fires:
    'Cosmos DB: more than 3 paths, a path not starting with "/", a wildcard or trailing slash, a duplicate path, MultiHash without version 2, Hash with several paths, or a path holding an unseen character.',
  firesAlso: [
    "A Cosmos DB container resource (the policy pack's, or a design file's `external` entry), not a design: a one-path key of version 1, which ARM creates when partitionKey.version is omitted and which hashes only a value's first 101 bytes. A design declares version 1 only to import a container created with it.",
    'Unseen characters in a Cosmos DB path: a control character (C0, DEL, C1), a bidirectional-formatting character (U+202A–U+202E, U+2066–U+2069, and the marks) or an invisible one (U+00AD, U+200B–U+200D, U+2060, U+FEFF).',
  ],
  sources: [
    SOURCES.cosmosHierarchical,
    SOURCES.cosmosPartitionKeyDefinition,
    SOURCES.cosmosContainerPartitionKey,
    SOURCES.cosmosChangePartitionKey,
    SOURCES.cosmosLargePartitionKey,
  ],
  messages: () => ({
    tooManyLevels: 'the partition key has {{levels}} paths; Cosmos DB allows at most {{limit}} levels',
    invalidPath: 'the partition-key path {{name|code}} is not a valid path (it must start with "/", with no wildcard, empty segment or trailing slash)',
    unsafePath:
      'the partition-key path {{name|code}} (shown escaped) holds control, bidirectional-formatting or invisible characters: it displays as another path than the one deployed, and no document written with the property name a reader sees carries it',
    duplicatePath: 'the partition-key path {{name|code}} appears twice',
    multiHashVersion: 'a MultiHash (hierarchical) key needs partition key version 2, got {{version}}',
    hashVersion1:
      'partition key version 1 (what ARM creates when partitionKey.version is omitted) hashes only the first 101 bytes of a key value: values sharing those bytes count as one logical partition (its 20 GB quota, its unique keys); version 2 hashes values up to 2 KB',
    hashWithLevels: 'kind "Hash" takes one path, but {{levels}} are given',
    fixLevels: 'keep {{keep|code}}, or fold the extra levels into a synthetic key',
    fixPath: 'use {{valid|code}}',
    fixNoPath: 'name the property the key is read from, e.g. /tenantId',
    fixPathTaken: 'the key already has {{valid|code}}, the path this one reads as: remove this one, or name the property it was meant to be',
    fixDuplicatePath: 'list each path once',
    fixVersion: 'set partitionKey.version to 2',
    fixHashVersion:
      'set partitionKey.version to 2 before the container is created; an existing container keeps its version: create a new container with version 2 and copy the data into it (container copy or change feed), or acknowledge SG005 for this container when no key value reaches 101 bytes',
    fixKind: 'set partitionKey.kind to "MultiHash" with version 2 for a hierarchical key',
  }),
  check: designHits,
  checkExternal: externalHits,
});
