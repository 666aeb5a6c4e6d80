/**
 * What a synth produced for one stack: its template (nested stacks included, read from their file
 * as `Template.fromStack()` does) and the hashes of every file and image asset of its cloud
 * assembly, read from the asset manifests (and from the stack's asset metadata for the legacy
 * synthesizer), so the snapshot replaces exactly the asset hashes and nothing that merely looks
 * like one.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { Stack, Stage } from 'aws-cdk-lib';
import { shapes, UsageError } from '../../index';
import { synthWithoutAppReport } from './quiet-synth';

/** The parts of a cloud assembly read here, by their manifest types (stable across aws-cdk-lib versions). */
/** One artifact of a synthesized cloud assembly, as assetHashesOf() reads it. */
export interface Artifact {
  /** The artifact's manifest entry. */
  readonly manifest: {
    /** Its manifest type: `aws:cloudformation:stack`, `cdk:asset-manifest` and `cdk:cloud-assembly` are read. */
    readonly type: string;
  };
  /** Path of an asset manifest's JSON file (`cdk:asset-manifest`), whose file and image assets are read.
   *  @default - none: no asset manifest is read from this artifact */
  readonly file?: string;
  /** A stack's assets as the legacy synthesizer records them in its metadata (`aws:cloudformation:stack`).
   *  @default - none */
  readonly assets?: readonly {
    /** The asset's id, a content hash.
     *  @default - none */
    readonly id?: string;
    /** The hash of the asset's source.
     *  @default - none */
    readonly sourceHash?: string;
  }[];
  /** The nested cloud assembly of a stage (`cdk:cloud-assembly`), read the same way.
   *  @default - none */
  readonly nestedAssembly?: Assembly;
}
/** What assetHashesOf() reads of a synthesized cloud assembly (`app.synth()`), structurally. */
export interface Assembly {
  /** The assembly's output directory (`cdk.out`, or a stage's under it). */
  readonly directory: string;
  /** Every artifact of the assembly: stacks, asset manifests, nested stage assemblies. */
  readonly artifacts: readonly Artifact[];
  /** The stack artifact of that id, with its synthesized template. */
  getStackArtifact(artifactId: string): { readonly template: unknown };
}

interface AssetManifest {
  readonly files?: Record<string, { readonly destinations?: Record<string, { readonly objectKey?: string }> }>;
  readonly dockerImages?: Record<string, { readonly destinations?: Record<string, { readonly imageTag?: string }> }>;
}

/** Asset ids and the S3 object keys / image tags they are published under, without extensions. */
function manifestHashes(file: string): string[] {
  const manifest = JSON.parse(readFileSync(file, 'utf8')) as AssetManifest;
  const hashes: string[] = [];
  for (const [id, asset] of [...Object.entries(manifest.files ?? {}), ...Object.entries(manifest.dockerImages ?? {})]) {
    hashes.push(id);
    for (const destination of Object.values(asset.destinations ?? {}) as { objectKey?: string; imageTag?: string }[]) {
      const published = destination.objectKey ?? destination.imageTag;
      if (published !== undefined) hashes.push(published.replace(/\.[a-z]+$/, ''));
    }
  }
  return hashes;
}

/** Only what looks like a content hash is replaced: a short custom id could match ordinary text. */
const HASH_LIKE = /^[0-9a-f]{32,}$/i;

/** Every asset hash of an assembly and of the stage assemblies nested in it. */
export function assetHashesOf(assembly: Assembly): string[] {
  const artifacts: unknown = typeof assembly === 'object' && assembly !== null ? (assembly as { artifacts?: unknown }).artifacts : undefined;
  if (!Array.isArray(artifacts)) {
    throw new UsageError(
      [{ path: 'assembly', message: `expected a cloud assembly (app.synth() or Stage.of(stack).synth()), got ${shapes.describe(assembly)}` }],
      'assetHashesOf() arguments',
    );
  }
  const hashes = new Set<string>();
  const visit = (current: Assembly) => {
    for (const artifact of current.artifacts) {
      const type = artifact.manifest.type;
      if (type === 'cdk:asset-manifest' && artifact.file) manifestHashes(artifact.file).forEach((h) => hashes.add(h));
      if (type === 'aws:cloudformation:stack') for (const asset of artifact.assets ?? []) [asset.id, asset.sourceHash].forEach((h) => h && hashes.add(h));
      if (type === 'cdk:cloud-assembly' && artifact.nestedAssembly) visit(artifact.nestedAssembly);
    }
  };
  visit(assembly);
  return [...hashes].filter((h) => HASH_LIKE.test(h));
}

/** The synthesized template of `stack` and the asset hashes of its assembly (synthesizes the stack's stage if needed). */
export function synthesizedStack(stack: Stack): { template: unknown; assetHashes: string[] } {
  if (!Stack.isStack(stack)) throw new UsageError([{ path: 'stack', message: 'expected an aws-cdk-lib Stack (or NestedStack)' }], 'stack snapshot input');
  const stage = Stage.of(stack);
  if (!stage)
    throw new UsageError(
      [{ path: 'stack', message: `${stack.node.path} is not inside an App or Stage, so it cannot be synthesized: create it under new App()` }],
      'stack snapshot input',
    );
  // Without CDK's console report of the app's findings: a snapshot asserts the template (the assertions assert the findings).
  const assembly = synthWithoutAppReport(() => stage.synth(), true) as unknown as Assembly;
  const template = stack.nestedStackParent
    ? JSON.parse(readFileSync(join(assembly.directory, stack.templateFile), 'utf8'))
    : assembly.getStackArtifact(stack.artifactId).template;
  return { template, assetHashes: assetHashesOf(assembly) };
}
