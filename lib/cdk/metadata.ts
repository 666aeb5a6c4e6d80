/**
 * The `skewguard` entry of a DynamoDB resource's CloudFormation `Metadata`, shared with the CLI
 * (`skewguard lint cdk.out/`) by contract (see docs/cdk.md, "Template metadata"). Metadata changes
 * are no-interruption updates: writing it never replaces a table.
 */
import { type AcknowledgementDesign } from '../index';
import { TEMPLATE_METADATA_KEY, TEMPLATE_METADATA_VERSION } from '../internal';
import type { TableDesignInput } from './design-input';

export const METADATA_KEY = TEMPLATE_METADATA_KEY;
export const METADATA_VERSION = TEMPLATE_METADATA_VERSION;

/** On the resource of a GuardedTable: the design exactly as linted, waivers included. */
export interface GuardedTableMetadata {
  readonly version: typeof METADATA_VERSION;
  readonly constructPath: string;
  readonly design: TableDesignInput;
  /** Of the waivers in `design.acknowledgements`, those given with `Validations.acknowledge()`: rule id →
   *  the acknowledging scope's construct path (`''` for the app). Absent when there are none. */
  readonly acknowledgedAt?: Readonly<Record<string, string>>;
}

/** On a table the app-wide checks cover, when waivers were given for it. */
export interface RawTableMetadata {
  readonly version: typeof METADATA_VERSION;
  readonly acknowledgements: readonly AcknowledgementDesign[];
  /** Rule id → the construct path of the scope that gave the waiver (`''` for the app). */
  readonly acknowledgedAt: Readonly<Record<string, string>>;
}

export type SkewguardMetadata = GuardedTableMetadata | RawTableMetadata;
