/**
 * The `skewguard` entry of a DynamoDB resource's CloudFormation `Metadata`, shared with the CLI
 * (`skewguard lint cdk.out/`) by contract (see docs/cdk.md, "Template metadata"). Metadata changes
 * are no-interruption updates: writing it never replaces a table.
 */
import { type AcknowledgementDesign, type DynamoDbQuotas } from '../index';
import { TEMPLATE_METADATA_KEY, TEMPLATE_METADATA_VERSION } from '../internal';
import type { TableDesignInput } from './design-input';

export const METADATA_KEY = TEMPLATE_METADATA_KEY;
export const METADATA_VERSION = TEMPLATE_METADATA_VERSION;

/** On the resource of a GuardedTable: the design exactly as linted, waivers included. */
export interface GuardedTableMetadata {
  /** Version of this metadata's layout; the CLI refuses a layout it does not know. */
  readonly version: typeof METADATA_VERSION;
  /** Construct path of the GuardedTable (`Stack/Orders`), so a finding read from the template names the construct. */
  readonly constructPath: string;
  /** The table design exactly as the GuardedTable linted it, waivers included. */
  readonly design: TableDesignInput;
  /** Of the waivers in `design.acknowledgements`, those given with `Validations.acknowledge()`: acknowledged id →
   *  the acknowledging scope's construct path (`''` for the app). Absent when there are none. */
  readonly acknowledgedAt?: Readonly<Record<string, string>>;
  /** The raised DynamoDB throughput quotas the design was linted with (the `quotas` prop over the scope's
   *  `skewguard:dynamoDbQuotas` context), which `skewguard lint cdk.out/` lints it with too. Absent where none was declared. */
  readonly quotas?: DynamoDbQuotas;
}

/** On a table the app-wide checks cover, when waivers were given for it. */
export interface RawTableMetadata {
  /** Version of this metadata's layout; the CLI refuses a layout it does not know. */
  readonly version: typeof METADATA_VERSION;
  /** The waivers given for this table with `Validations.acknowledge()`, as design acknowledgements. */
  readonly acknowledgements: readonly AcknowledgementDesign[];
  /** Acknowledged id (`SG017`, `SG017[overQuota]`) → the construct path of the scope that gave the waiver (`''` for the app). */
  readonly acknowledgedAt: Readonly<Record<string, string>>;
}

export type SkewguardMetadata = GuardedTableMetadata | RawTableMetadata;
