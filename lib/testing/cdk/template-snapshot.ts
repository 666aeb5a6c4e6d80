/**
 * A synthesized CloudFormation template made stable for `toMatchSnapshot()`: what changes when
 * nothing a reviewer should look at changed is replaced or removed, everything else is kept.
 *
 * - asset hashes (S3 keys, image tags, nested-stack template URLs, asset parameters) become
 *   `[asset 1]`, `[asset 2]`…, numbered by where they first appear, so new Lambda code is no diff;
 * - the logical ID of a Lambda `Version` (`fn.currentVersion`), which carries a hash of the code,
 *   loses the hash;
 * - what moves with the aws-cdk-lib version goes: the `BootstrapVersion` parameter and the
 *   `CheckBootstrapVersion` rule, the `AWS::CDK::Metadata` resource and its condition,
 *   `aws:cdk:*` / `aws:asset:*` resource metadata, and the `LatestNodeRuntimeMap` mapping;
 * - skewguard's own Contributor Insights lookup function keeps its shape but not its inline source
 *   or its runtime (the latest Node.js, as aws-cdk-lib picks it), and its lookups lose their per-synth nonce;
 * - object keys are sorted (arrays keep their order: it has meaning in CloudFormation).
 *
 * Pure: a function of the template and the asset hashes of its cloud assembly.
 */
import { shapes, UsageError } from '../../index';
import { isObject, type JsonObject } from '../../internal';
import { knownOptions, readOptions } from '../options';
import { typeFilter } from '../type-filter';

/** Options of a template snapshot. */
export interface TemplateSnapshotOptions {
  /**
   * Keep only the resources of these types: exact (`'AWS::DynamoDB::GlobalTable'`) or a whole
   * service (`'AWS::CloudWatch::*'`). Each entry must match at least one resource, so a typo fails
   * the test instead of snapshotting nothing. Other template sections are kept.
   * @default - every resource
   */
  readonly resourceTypes?: readonly string[];
}

const OPTIONS = knownOptions<TemplateSnapshotOptions>({ resourceTypes: true });

/** Placeholders written in place of values that change without a reviewable change. */
export const PLACEHOLDERS = {
  /** A Lambda Version's logical ID without its code hash: `FnCurrentVersion17A89ABB[version hash]`. */
  versionHash: '[version hash]',
  /** The runtime aws-cdk-lib picks as the latest Node.js, which moves with its version. */
  latestNodeRuntime: '[latest Node.js runtime]',
  /** The lookup's `Nonce`, which changes with every synth so that every deployment looks the rules up again. */
  lookupNonce: '[per-synth nonce]',
  /** The inline source of skewguard's Contributor Insights lookup function, which moves with skewguard's version. */
  lookupHandlerSource: '[skewguard Contributor Insights lookup handler]',
  /** The n-th distinct asset hash. */
  asset: (n: number) => `[asset ${n}]`,
} as const;

/** The custom resource behind GuardedTable's hot-key alarms (lib/cdk/insight-rules.ts). */
const LOOKUP_RESOURCE_TYPE = 'Custom::SkewguardContributorInsightsRules';
const RUNTIME_MAPPING = 'LatestNodeRuntimeMap';
/** CDK appends a 32-character MD5 of the function's configuration and code to `currentVersion`'s logical ID. */
const VERSION_ID = /^(.*[0-9A-F]{8})([0-9a-f]{32})$/;
/** Legacy synthesizer asset parameters: `AssetParameters<hash>S3Bucket<8 hex of the construct path>`. */
const PATH_SUFFIX = /[0-9A-F]{8}$/;
/** What a resource type filter looks like: `AWS::Service::Resource`, `AWS::Service::*`, `Custom::Name`. */
const TYPE_PATTERN = /^[A-Za-z0-9]+::[A-Za-z0-9]+(::([A-Za-z0-9]+|\*))?$/;

/** A deep copy with every object's keys sorted. */
export function sortKeys(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(sortKeys);
  if (!isObject(value)) return value;
  return Object.fromEntries(
    Object.keys(value)
      .sort()
      .map((key) => [key, sortKeys(value[key])]),
  );
}

function section(template: JsonObject, name: string): JsonObject {
  const found = template[name];
  return isObject(found) ? found : {};
}

/** Removes sections left empty (a template without parameters has no `Parameters` key). */
function dropEmpty(template: JsonObject, names: readonly string[]): void {
  for (const name of names) if (isObject(template[name]) && Object.keys(template[name] as JsonObject).length === 0) delete template[name];
}

/** What the aws-cdk-lib version puts in a template: bootstrap check, CDK metadata, runtime mapping, construct metadata. */
function removeCdkVersionNoise(template: JsonObject): void {
  delete section(template, 'Parameters').BootstrapVersion;
  delete section(template, 'Rules').CheckBootstrapVersion;
  delete section(template, 'Conditions').CDKMetadataAvailable;
  delete section(template, 'Mappings')[RUNTIME_MAPPING];
  const resources = section(template, 'Resources');
  for (const [id, resource] of Object.entries(resources)) {
    if (!isObject(resource)) continue;
    if (resource.Type === 'AWS::CDK::Metadata') {
      delete resources[id];
      continue;
    }
    if (isObject(resource.Metadata)) {
      for (const key of Object.keys(resource.Metadata)) if (key.startsWith('aws:cdk:') || key.startsWith('aws:asset:')) delete resource.Metadata[key];
      if (Object.keys(resource.Metadata).length === 0) delete resource.Metadata;
    }
  }
  dropEmpty(template, ['Parameters', 'Rules', 'Conditions', 'Mappings']);
}

/** `{ "Fn::FindInMap": ["LatestNodeRuntimeMap", …] }` anywhere → the runtime placeholder. */
function replaceRuntimeLookups(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(replaceRuntimeLookups);
  if (!isObject(value)) return value;
  const lookup = value['Fn::FindInMap'];
  if (Object.keys(value).length === 1 && Array.isArray(lookup) && lookup[0] === RUNTIME_MAPPING) return PLACEHOLDERS.latestNodeRuntime;
  return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, replaceRuntimeLookups(item)]));
}

/** skewguard's lookup functions: the targets of the Contributor Insights rule lookups' service tokens. */
function maskLookupFunctions(resources: JsonObject): void {
  for (const resource of Object.values(resources)) {
    if (!isObject(resource) || resource.Type !== LOOKUP_RESOURCE_TYPE || !isObject(resource.Properties)) continue;
    if (resource.Properties.Nonce !== undefined) resource.Properties.Nonce = PLACEHOLDERS.lookupNonce;
    const token = resource.Properties.ServiceToken;
    const target = isObject(token) && Array.isArray(token['Fn::GetAtt']) ? token['Fn::GetAtt'][0] : undefined;
    const fn = typeof target === 'string' ? resources[target] : undefined;
    if (!isObject(fn) || fn.Type !== 'AWS::Lambda::Function' || !isObject(fn.Properties)) continue;
    if (isObject(fn.Properties.Code) && fn.Properties.Code.ZipFile !== undefined) fn.Properties.Code.ZipFile = PLACEHOLDERS.lookupHandlerSource;
    if (fn.Properties.Runtime !== undefined) fn.Properties.Runtime = PLACEHOLDERS.latestNodeRuntime;
  }
}

/** Sections in the order assets are numbered: where a reviewer meets them first. */
const NUMBERING_ORDER = ['Resources', 'Outputs', 'Conditions', 'Rules', 'Mappings', 'Parameters'];

/**
 * `[asset n]` for each hash of `assetHashes` the template holds, n by first appearance in the
 * key-sorted template (resources first). Positions depend on logical IDs and property names, never
 * on the hashes themselves, so new asset content keeps every number.
 */
function assetPlaceholders(template: JsonObject, assetHashes: readonly string[]): Map<string, string> {
  const ordered = [
    ...NUMBERING_ORDER.filter((name) => name in template),
    ...Object.keys(template)
      .filter((name) => !NUMBERING_ORDER.includes(name))
      .sort(),
  ];
  const text = ordered.map((name) => JSON.stringify(sortKeys(template[name]))).join('\n');
  const found = assetHashes
    .map((hash) => ({ hash, at: text.indexOf(hash) }))
    .filter(({ at }) => at >= 0)
    .sort((a, b) => a.at - b.at || b.hash.length - a.hash.length);
  return new Map(found.map(({ hash }, i) => [hash, PLACEHOLDERS.asset(i + 1)]));
}

/** Logical IDs that carry a hash: a Lambda Version's (code hash) and the legacy synthesizer's asset parameters. */
function hashedLogicalIds(template: JsonObject, placeholders: Map<string, string>): Map<string, string> {
  const renames = new Map<string, string>();
  for (const [id, resource] of Object.entries(section(template, 'Resources'))) {
    const match = VERSION_ID.exec(id);
    if (match && isObject(resource) && resource.Type === 'AWS::Lambda::Version') renames.set(id, `${match[1]}${PLACEHOLDERS.versionHash}`);
  }
  for (const id of Object.keys(section(template, 'Parameters'))) {
    for (const [hash, placeholder] of placeholders) {
      if (id.includes(hash)) renames.set(id, id.replace(hash, placeholder).replace(PATH_SUFFIX, ''));
    }
  }
  return renames;
}

/** Replaces every occurrence of each key by its value in the template's JSON text, longest first. */
function substitute(template: JsonObject, replacements: Map<string, string>): JsonObject {
  let text = JSON.stringify(template);
  for (const [from, to] of [...replacements].sort((a, b) => b[0].length - a[0].length)) text = text.split(from).join(to);
  return JSON.parse(text) as JsonObject;
}

/** Removes the resources whose type `resourceTypes` does not keep. */
function keepResourceTypes(template: JsonObject, resourceTypes: unknown): void {
  const resources = section(template, 'Resources');
  const typeOf = (resource: unknown) => (isObject(resource) && typeof resource.Type === 'string' ? resource.Type : '');
  const keep = typeFilter(resourceTypes, Object.values(resources).map(typeOf), {
    field: 'resourceTypes',
    subject: 'stack snapshot options',
    separator: '::',
    examples: "'AWS::DynamoDB::GlobalTable' or 'AWS::CloudWatch::*'",
    wellFormed: (p) => TYPE_PATTERN.test(p),
  });
  for (const [id, resource] of Object.entries(resources)) if (!keep(typeOf(resource))) delete resources[id];
}

/** A template as JSON text; one holding what JSON cannot (a cycle, a BigInt) is a UsageError, not a TypeError. */
function plainJson(template: unknown): string {
  try {
    return JSON.stringify(template);
  } catch (error) {
    throw new UsageError([{ path: 'template', message: `is not JSON data: ${(error as Error).message}` }], 'stack snapshot input');
  }
}

/**
 * The stable snapshot of a synthesized template. `assetHashes`: the hashes of the cloud assembly's
 * file and image assets (see `assetHashesOf`); a hash the template does not hold is ignored.
 */
export function templateSnapshot(template: unknown, assetHashes: readonly string[], options: TemplateSnapshotOptions = {}): Record<string, unknown> {
  if (!isObject(template))
    throw new UsageError(
      [
        {
          path: 'template',
          message: `expected a CloudFormation template (an object with Resources), got ${Array.isArray(template) ? 'an array' : typeof template}`,
        },
      ],
      'stack snapshot input',
    );
  const { resourceTypes } = readOptions(options, 'templateSnapshot', OPTIONS);
  if (!Array.isArray(assetHashes) || !assetHashes.every((hash) => typeof hash === 'string')) {
    throw new UsageError(
      [{ path: 'assetHashes', message: `expected an array of asset hashes (strings, as assetHashesOf() returns), got ${shapes.describe(assetHashes)}` }],
      'stack snapshot input',
    );
  }
  const copy = JSON.parse(plainJson(template)) as JsonObject;
  removeCdkVersionNoise(copy);
  maskLookupFunctions(section(copy, 'Resources'));
  const placeholders = assetPlaceholders(copy, assetHashes);
  // Whole logical IDs first, so a hash inside one is not replaced on its own and leaves its suffix behind.
  const stable = substitute(substitute(copy, hashedLogicalIds(copy, placeholders)), placeholders);
  const result = replaceRuntimeLookups(stable) as JsonObject;
  if (resourceTypes !== undefined) keepResourceTypes(result, resourceTypes);
  return sortKeys(result) as Record<string, unknown>;
}
