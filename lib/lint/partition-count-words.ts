/**
 * How a DynamoDB key space's partitions were counted (`PartitionCount`), in words: one vocabulary for SG003's message
 * (a template, filled from the finding's data) and the CDK hot-key alarm's description (text, filled here).
 */
import type { PartitionCount, PartitionCountBasis } from '../engines/profile';
import { fmt, percent } from './format';

/** What a launch's count is for where the peak's own pre-warm makes it (`raised-warm-throughput`). */
export const LAUNCH_PEAK_ALONE_WORDS = 'for the warm throughput its launch peak alone needs';

/** What P was counted for, per `PartitionCount`. No `|`, `=` or braces: the words are also a template's select. */
export const PARTITION_COUNT_WORDS: Readonly<Record<PartitionCount, string>> = {
  'provisioned-capacity': 'for its provisioned capacity',
  'raised-capacity': 'for the capacity SG017 raises it to',
  'auto-scaling-at-peak': 'for the capacity auto scaling provisions at the declared peak',
  'auto-scaling-minimum': 'for its auto-scaling minimum, more than auto scaling provisions at the declared peak',
  'auto-scaling-maximum': 'for its auto-scaling maximum, which auto scaling reaches at the declared peak',
  'declared-warm-throughput': 'for its declared warm throughput',
  'raised-warm-throughput': `${LAUNCH_PEAK_ALONE_WORDS} (SG017)`,
  'twice-the-peak': 'for twice the declared peak',
  'warm-throughput': 'for its warm throughput',
};

/** On demand, counted on the peak as charged where fan-out makes it more than declared (`PartitionCountBasis.chargedReads`):
 *  in place of the words of the counts that carry it, which say the declared peak. */
const CHARGED_PEAK_WORDS: Readonly<Partial<Record<PartitionCount, string>>> = {
  'twice-the-peak': 'for twice the peak as charged',
  'raised-warm-throughput': 'for the warm throughput its launch peak as charged needs (SG017)',
};
const FANNED_OUT_WORDS = 'its reads fan out over the shards: ';

/** What the share the peak was divided by is (`PartitionCountBasis.peakDividedBy`), for the counts that have one. */
const DIVIDED_BY_WORDS: Readonly<Partial<Record<PartitionCount, string>>> = {
  'auto-scaling-at-peak': 'target',
  'raised-capacity': 'headroom',
  'raised-warm-throughput': 'headroom',
};

/** The counts made with no capacity declared: AWS publishes no partition count, and none is declared. */
const NO_COUNT_NOTE: Readonly<Partial<Record<PartitionCount, string>>> = {
  'twice-the-peak': 'on demand: AWS publishes no count',
  'warm-throughput': 'on demand: AWS publishes no count',
};

/** The words for `basis`, short (an alarm's description): `for the capacity auto scaling provisions at the declared peak
 *  (peak ÷ 70% target)`, `for twice the declared peak (on demand: AWS publishes no count)`. */
export function partitionCountText(basis: PartitionCountBasis): string {
  const divided = DIVIDED_BY_WORDS[basis.countedBy];
  const ratio = basis.peakDividedBy !== undefined && divided ? `peak ÷ ${percent(basis.peakDividedBy)} ${divided}` : undefined;
  const charged = basis.chargedReads === undefined ? undefined : `${FANNED_OUT_WORDS}${fmt(basis.chargedReads)} RCU`;
  const notes = [charged, ratio, NO_COUNT_NOTE[basis.countedBy]].filter((note) => note !== undefined);
  const words = (charged === undefined ? undefined : CHARGED_PEAK_WORDS[basis.countedBy]) ?? PARTITION_COUNT_WORDS[basis.countedBy];
  return words + (notes.length > 0 ? ` (${notes.join('; ')})` : '');
}

/** A `{{key|id=words|…}}` select over `words`. */
function select(key: string, words: Readonly<Partial<Record<PartitionCount, string>>>): string {
  return `{{${key}|${Object.entries(words)
    .map(([id, text]) => `${id}=${text}`)
    .join('|')}}}`;
}

/**
 * The words as a message template, from data `countedBy` (the id), `dividedBy` (the share, where there is one) and
 * `chargedReads` (the reads as charged, where they set the count in place of the declared ones), with the message's
 * own bracketed `detail` after the ratio: `for the capacity auto scaling provisions at the declared peak
 * (peak ÷ {{dividedBy|percent}} target; detail)`, `for twice the peak as charged (its reads fan out over the shards:
 * {{chargedReads}} RCU; detail)`.
 */
export function partitionCountTemplate(countedBy: string, dividedBy: string, chargedReads: string, detail: string): string {
  const words = `{{?${chargedReads}}}${select(countedBy, CHARGED_PEAK_WORDS)}{{/${chargedReads}}}{{!${chargedReads}}}${select(countedBy, PARTITION_COUNT_WORDS)}{{/${chargedReads}}}`;
  const charged = `{{?${chargedReads}}}${FANNED_OUT_WORDS}{{${chargedReads}}} RCU; {{/${chargedReads}}}`;
  const ratio = `{{?${dividedBy}}}peak ÷ {{${dividedBy}|percent}} ${select(countedBy, DIVIDED_BY_WORDS)}; {{/${dividedBy}}}`;
  return `${words} (${charged}${ratio}${detail})`;
}
