import type { Engine } from '../design/input';
import type { ExternalResource, KeyDesign } from '../design/key-design';

export type Severity = 'error' | 'warning';

/** What a rule reports; the engine adds the rule's identity, location prefix and acknowledgement. */
export interface RuleHit {
  /** Field path relative to the table or container. */
  readonly path: string;
  /** The GSI the hit concerns, so an index-scoped acknowledgement can waive it. */
  readonly index?: string;
  /** What triggered the rule, with the numbers. */
  readonly message: string;
  /** What to do, with computed values (shard count, order to use). */
  readonly fix: string;
  /** The computed values, for machine-readable reports. */
  readonly data?: Readonly<Record<string, number | string>>;
}

/** One design rule: pure functions of a normalized design, plus the metadata the catalogue is generated from. */
export interface Rule {
  /** `SG` + three digits; stable forever, never reused. */
  readonly id: string;
  /** Kebab-case name, e.g. `low-cardinality-key`. */
  readonly title: string;
  readonly severity: Severity;
  readonly engines: readonly Engine[];
  /** When it fires, in one sentence. */
  readonly fires: string;
  /** Why it matters: the ceiling or failure case, and its source. */
  readonly rationale: string;
  /** The general fix; each finding carries a computed one. */
  readonly fix: string;
  checkDesign?(design: KeyDesign): RuleHit[];
  /** For resources created outside the guarded constructs (only key names known). */
  checkExternal?(resource: ExternalResource): RuleHit[];
}
