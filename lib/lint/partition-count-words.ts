/**
 * How a DynamoDB key space's partitions were counted (`PartitionCount`), in words: one vocabulary for SG003's message
 * (a template, filled from the finding's data) and the CDK hot-key alarm's description (text, filled here).
 */
import type { PartitionCount, PartitionCountBasis } from '../engines/profile';
import { percent } from './format';

/** What P was counted for, per `PartitionCount`. No `|`, `=` or braces: the words are also a template's select. */
export const PARTITION_COUNT_WORDS: Readonly<Record<PartitionCount, string>> = {
  'provisioned-capacity': 'for its provisioned capacity',
  'raised-capacity': 'for the capacity SG017 raises it to',
  'auto-scaling-at-peak': 'for the capacity auto scaling provisions at the declared peak',
  'auto-scaling-minimum': 'for its auto-scaling minimum, more than auto scaling provisions at the declared peak',
  'auto-scaling-maximum': 'for its auto-scaling maximum, which auto scaling reaches at the declared peak',
  'twice-the-peak': 'for twice the declared peak (on demand: AWS publishes no count)',
  'warm-throughput': 'for its warm throughput (AWS publishes no count)',
};

/** What the share the peak was divided by is (`PartitionCountBasis.peakDividedBy`), for the counts that have one. */
const DIVIDED_BY_WORDS: Readonly<Partial<Record<PartitionCount, string>>> = {
  'auto-scaling-at-peak': 'target',
  'raised-capacity': 'headroom',
};

/** The words for `basis`: `for the capacity auto scaling provisions at the declared peak (peak ÷ 70% target)`. */
export function partitionCountText(basis: PartitionCountBasis): string {
  const divided = DIVIDED_BY_WORDS[basis.countedBy];
  const ratio = basis.peakDividedBy !== undefined && divided ? ` (peak ÷ ${percent(basis.peakDividedBy)} ${divided})` : '';
  return PARTITION_COUNT_WORDS[basis.countedBy] + ratio;
}

/** A `{{key|id=words|…}}` select over `words`. */
function select(key: string, words: Readonly<Partial<Record<PartitionCount, string>>>): string {
  return `{{${key}|${Object.entries(words)
    .map(([id, text]) => `${id}=${text}`)
    .join('|')}}}`;
}

/** `partitionCountText` as a message template, from data `countedBy` (the id) and `dividedBy` (the share, when there is one). */
export function partitionCountTemplate(countedBy: string, dividedBy: string): string {
  return `${select(countedBy, PARTITION_COUNT_WORDS)}{{?${dividedBy}}} (peak ÷ {{${dividedBy}|percent}} ${select(countedBy, DIVIDED_BY_WORDS)}){{/${dividedBy}}}`;
}
