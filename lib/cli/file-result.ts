/** What linting one input produced, placed at lines and columns: shared by the readers and the reports. */
import type { DesignEdit, Engine, Finding, NotJudged, Thresholds, UnusedAcknowledgement } from '../index';
import type { Position } from './json-locations';
import type { Place } from './place';

export interface LocatedFinding extends Finding, Position {}

export interface LocatedUnusedAcknowledgement extends UnusedAcknowledgement, Position {
  readonly engine: Engine;
  /** For a `Validations.acknowledge()` copied into template metadata: the construct path of the scope
   *  that gave it (`''` for the app). Reported once for the scope, at its first copy. */
  readonly acknowledgedAt?: string;
}

/** One table's copy of a scope's `Validations.acknowledge()` in a template: `unused` when it waives nothing there. */
export interface ScopeAcknowledgementCopy {
  /** The id it was acknowledged with: `SG017`, or `SG017[overQuota]` for one kind of the rule's findings. */
  readonly ruleId: string;
  readonly acknowledgedAt: string;
  readonly unused?: LocatedUnusedAcknowledgement;
  /** For an id without a kind: the findings of the file this copy waives, as CDK suppresses them (the closest
   *  scope's id that covers a finding waives it), by their place in `findings`, with the copy's field path there.
   *  Over the run they say how many kinds the scope's waiver absorbs. @default - none */
  readonly waived?: readonly { readonly finding: number; readonly path: string }[];
}

/** Why (part of) an input could not be linted; any one means exit code 2. At the field's line and
 *  column, or without them for a problem of the whole file (it cannot be read, it holds no design). */
export interface InputError extends Place {
  /** Field path, `''` for the whole file. */
  readonly path: string;
  readonly message: string;
}

/** Something the reader of a report should know that is not a finding (an attribute name given
 *  as an intrinsic function, which no rule can check). */
export interface InputNote extends InputError {
  /** The figures the note's text summarises, whole (observe: every partition-key range's
   *  NormalizedRUConsumption, where the text names the hottest few): in the JSON report, not the text. */
  readonly data?: Readonly<Record<string, unknown>>;
  /** The rule of the finding at `path` the note is about (`--fix`'s `SG003 not fixed: …`): the text report shows the
   *  note under that finding, in its table's or container's group. @default - a note of the input, not of a finding */
  readonly ruleId?: string;
}

/** A finding's fix as `--fix` applied it. */
export interface AppliedFix {
  readonly ruleId: string;
  readonly resource: string;
  readonly path: string;
  readonly edits: readonly DesignEdit[];
  /** The fix text of the finding the edits came from, as the run rendered it before writing them: what the edits
   *  bring about beyond the values they set (a Cosmos DB split's hours, the alternative of a new container), which a
   *  lint of the fixed file no longer shows, its finding being gone. @default - set on every fix --fix applies */
  readonly fix?: string;
  /** What the application must change for the fixed design to be true of the running system
   *  (`--fix` changes the declared design only); absent when nothing beyond the design changes. */
  readonly applicationChanges?: readonly string[];
}

/** The thresholds one `thresholds` object of a design file loosens, at that object (`thresholds`, `containers[0].thresholds`). */
export interface LoosenedThresholds extends Place {
  readonly path: string;
  /** Those that loosen the lint, each with the value the file gives. */
  readonly thresholds: Readonly<Partial<Thresholds>>;
}

export type SourceKind = 'design' | 'template';
/** What an input was: a design file or a template, linted (or failing to be), or `skipped`, something a search found and
 *  did not lint (not a design: a file of another kind, YAML, a linked directory, a search's count of such files). */
export type InputKind = SourceKind | 'skipped';

export interface FileResult {
  readonly file: string;
  readonly kind: InputKind;
  readonly findings: readonly LocatedFinding[];
  /** Why the file could not be linted; non-empty means exit code 2. */
  readonly errors: readonly InputError[];
  readonly unusedAcknowledgements: readonly LocatedUnusedAcknowledgement[];
  /** A template's copies of scope-level `Validations.acknowledge()` waivers, not yet in `unusedAcknowledgements`:
   *  whether one waives nothing is decided over every template of the run (see scope-acknowledgements.ts). */
  readonly scopeAcknowledgements?: readonly ScopeAcknowledgementCopy[];
  readonly notes: readonly InputNote[];
  /** What the rules did not judge for want of a declared figure, or judged on an assumption in its place (the
   *  hottest value taken as uniform): the lint's assumptions, said on a line of their own, never counted as findings.
   *  @default - none: every design declares what its rules read */
  readonly notJudged?: readonly NotJudged[];
  /** The thresholds a design file sets laxer than their defaults (its own `thresholds`, or a design's): said in every
   *  report as a config's are, so a file cannot loosen its own lint unseen. @default - none: the file loosens nothing */
  readonly loosens?: readonly LoosenedThresholds[];
  readonly fixes?: readonly AppliedFix[];
  /** `--fix` found fixes but could not write them (the file is unchanged, and was linted as it is):
   *  its `errors` say why, and the run exits 2. */
  readonly fixesNotWritten?: boolean;
  /** A file a search found but did not lint (a near-miss design, a YAML template): its `notes` say
   *  why. It is reported so that nothing is passed over silently, and counted in no total. */
  readonly skipped?: boolean;
  /** A template a search found that holds no DynamoDB table: linted for its waivers (another stack of the app may hold
   *  the tables), but not something the search found to check: a search that finds only such templates fails. */
  readonly noTable?: boolean;
}
