/**
 * Where one table's copy of a scope's `Validations.acknowledge()` of a whole rule (`skewguard::SG017`, no kind) sits
 * in the acknowledgements the lint read for it: the design's in its metadata (a GuardedTable), or the raw table's waivers
 * with their copies per index (template-table.ts). `skewguard lint cdk.out/` names it on a finding that copy waives
 * when, over every table under the scope, the waiver absorbs several kinds, as the synth counts them.
 */
import { joinPath } from '../design/field-path';
import { isObject } from '../design/json-object';
import { own } from './intrinsics';
import { METADATA_PATH, templateMetadataOf } from './metadata';
import { externalTableOf } from './template-table';

/**
 * The field path (as the lint's findings give it: `acknowledgements[2]` in a GuardedTable's design,
 * `Metadata.skewguard.acknowledgements[0]` on a raw table) of the first waiver of `ruleId` with no kind on the key space
 * `index` (undefined: the table's own) among those the lint read for `resource`, or undefined when there is none.
 */
export function scopeWaiverCopyPath(
  kind: 'guarded' | 'raw',
  logicalId: string,
  resource: unknown,
  ruleId: string,
  index: string | undefined,
): string | undefined {
  const metadata = templateMetadataOf(resource);
  const read =
    kind === 'guarded'
      ? metadata.status === 'read'
        ? own(metadata.design, 'acknowledgements')
        : undefined
      : externalTableOf(logicalId, resource).design.acknowledgements;
  if (!Array.isArray(read)) return undefined;
  const at = read.findIndex((ack: unknown) => isObject(ack) && ack.rule === ruleId && ack.appliesTo === undefined && ack.index === index);
  if (at < 0) return undefined;
  return joinPath(kind === 'guarded' ? 'acknowledgements' : `${METADATA_PATH}.acknowledgements`, at);
}
