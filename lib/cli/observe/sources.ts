/**
 * The designs `observe` holds against observations, from the inputs `lint` reads: a design file (every
 * table and container in it), or a synthesized template of a cloud assembly (`cdk.out/`), where each
 * GuardedTable carries its design in `Metadata.skewguard.design` (read by lib/cfn's metadata reader,
 * the one `lint cdk.out/` and the CDK checks use). Each source lints itself with edits applied: a
 * template's table through `lintTemplateResource()`, as `lint cdk.out/` does, so that observe reports
 * exactly the findings lint would, SG016 included.
 */
import { readFileSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';
import {
  applyDesignEdits,
  DesignError,
  lintDocument,
  lintTemplateResource,
  normalize,
  type DesignEdit,
  type DesignInput,
  type DesignIssue,
  type Finding,
  type LintOptions,
} from '../../index';
import {
  checkedQuotas,
  DYNAMODB_TEMPLATE_TYPES,
  isObject,
  joinPath,
  METADATA_PATH,
  prefixPath,
  quotasOver,
  rebasePath,
  templateMetadataOf,
} from '../../internal';
import { designlessTables, type DesignlessTable } from '../designless-tables';
import type { LocatedJson } from '../json-locations';
import { inPropWords, templateFindingOf } from '../template';
import type { KeySpaceTarget } from './drift';
import type { DeployedTable } from './stack-resources';
import { targetsOf } from './targets';

/** One design in an input file. */
export interface DesignSource {
  /** Where the design sits in its file: `''` for a design file, `Resources.X.Metadata.skewguard.design` in a template. */
  readonly basePath: string;
  readonly targets: readonly KeySpaceTarget[];
  /** Its lint findings (paths in the file) with `edits` (paths in the file; others ignored) applied.
   *  Throws DesignError when the edits make the design invalid. */
  lint(edits: readonly DesignEdit[]): readonly Finding[];
  /** How its findings are worded, for one observe restates: a GuardedTable's with the props its user wrote. */
  readonly wording?: (finding: Finding) => Finding;
}

export interface FileSources {
  readonly sources: readonly DesignSource[];
  /** Why part of the file could not be observed (a GuardedTable's design that is invalid, or was stripped). */
  readonly errors: readonly DesignIssue[];
  /** Tables of a template that have no design to observe. */
  readonly notes: readonly DesignIssue[];
}
const own = (value: unknown, key: string): unknown => (isObject(value) && Object.prototype.hasOwnProperty.call(value, key) ? value[key] : undefined);

/** The edits under `basePath`, relative to it. */
function editsUnder(basePath: string, edits: readonly DesignEdit[]): DesignEdit[] {
  return edits.flatMap((edit) => {
    const path = rebasePath(edit.path, basePath, '');
    return path === undefined ? [] : [{ ...edit, path }];
  });
}

/** A design file: one source, the whole document, judged with the project config's `options` as `lint` judges it.
 *  Throws DesignError when it is not a valid design. */
export function designFileSources(located: LocatedJson, options: LintOptions): FileSources {
  const document = located.value as DesignInput;
  const targets = targetsOf(normalize(document, options));
  const lint = (edits: readonly DesignEdit[]) => lintDocument(edits.length ? applyDesignEdits(document, edits) : document, options).findings;
  return { sources: [{ basePath: '', targets, lint }], errors: [], notes: [] };
}

/** The stack a template belongs to, from the assembly manifest beside it (`stackName`, or the
 *  artifact id, with the Region of its environment); without one, the file name's stem, which is
 *  the artifact id CDK names the file after. */
export function stackOf(templateFile: string): { name: string; region?: string } {
  const file = basename(templateFile);
  let manifest: unknown;
  try {
    manifest = JSON.parse(readFileSync(join(dirname(templateFile), 'manifest.json'), 'utf8'));
  } catch {
    manifest = undefined;
  }
  const artifacts = own(manifest, 'artifacts');
  for (const [id, artifact] of Object.entries(isObject(artifacts) ? artifacts : {})) {
    const properties = own(artifact, 'properties');
    if (own(artifact, 'type') !== 'aws:cloudformation:stack' || own(properties, 'templateFile') !== file) continue;
    const stackName = own(properties, 'stackName');
    const region = /^aws:\/\/[^/]+\/(.+)$/.exec(String(own(artifact, 'environment') ?? ''))?.[1];
    return { name: typeof stackName === 'string' ? stackName : id, ...(region && region !== 'unknown-region' ? { region } : {}) };
  }
  return { name: file.replace(/\.template\.json$/, '') };
}

/** Every GuardedTable of a template: one source each; invalid designs are errors; tables without a design are said as
 *  `lint` says them (designless-tables.ts): one note for the plain ones, an error for each stripped GuardedTable.
 *  Judged with the project config's `options`, a GuardedTable's own quotas over the config's, field by field. */
export function templateSources(located: LocatedJson, templateFile: string, options: LintOptions): FileSources {
  const resources = own(located.value, 'Resources') as Record<string, unknown>;
  const stack = stackOf(templateFile);
  const sources: DesignSource[] = [];
  const errors: DesignIssue[] = [];
  const designless: DesignlessTable[] = [];
  for (const logicalId of Object.keys(resources)) {
    const resource = resources[logicalId];
    const type = own(resource, 'Type');
    if (typeof type !== 'string' || !DYNAMODB_TEMPLATE_TYPES.includes(type)) continue;
    const at = joinPath('Resources', logicalId);
    const metadata = templateMetadataOf(resource);
    if (metadata.status === 'unreadable') {
      errors.push({ path: prefixPath(at, metadata.issue.path), message: metadata.issue.message });
      continue;
    }
    if (metadata.status === 'absent' || metadata.design === undefined) {
      designless.push({ logicalId, resource });
      continue;
    }
    const designAt = prefixPath(at, `${METADATA_PATH}.design`);
    // The design is a table's: written without `engine` (as lintTemplateResource reads it).
    const design = isObject(metadata.design) ? { ...metadata.design, engine: 'dynamodb' } : metadata.design;
    // The quotas the GuardedTable declared (Metadata.skewguard.quotas), as lintTemplateResource reads them.
    const quotaIssues: DesignIssue[] = [];
    const quotas = checkedQuotas(metadata.quotas, prefixPath(at, `${METADATA_PATH}.quotas`), quotaIssues);
    if (quotaIssues.length > 0) {
      errors.push(...quotaIssues);
      continue;
    }
    let document;
    try {
      document = normalize(design as DesignInput, quotas ? { ...options, quotas: quotasOver(options.quotas, quotas) } : options);
    } catch (error) {
      if (!(error instanceof DesignError)) throw error;
      errors.push(...error.issues.map((i) => ({ path: prefixPath(designAt, i.path), message: i.message })));
      continue;
    }
    const tableName = own(own(resource, 'Properties'), 'TableName');
    const deployed: DeployedTable = {
      stack: stack.name,
      logicalId,
      ...(typeof tableName === 'string' ? { tableName } : {}),
      ...(stack.region ? { region: stack.region } : {}),
    };
    const lint = (edits: readonly DesignEdit[]): readonly Finding[] => {
      const edited = structuredClone(resource) as { Metadata: Record<string, Record<string, unknown>> };
      edited.Metadata.skewguard.design = applyDesignEdits(metadata.design, editsUnder(designAt, edits));
      const result = lintTemplateResource(logicalId, edited, { ...options, basePath: at });
      if (result.errors.length > 0) throw new DesignError(result.errors.map((e) => ({ ...e })));
      // Worded as `lint cdk.out/` words them: the GuardedTable's props, not the design's fields.
      return result.findings.map((finding) => templateFindingOf(result, finding));
    };
    sources.push({ basePath: designAt, targets: targetsOf(document, designAt, deployed), lint, wording: inPropWords });
  }
  // Said as `lint cdk.out/` says them: one note for the plain tables, an error for each stripped GuardedTable.
  const said = designlessTables(designless, resources, 'observe', options);
  return { sources, errors: [...errors, ...said.errors], notes: said.notes.map(({ path, message }) => ({ path, message })) };
}
