/** What normalize() is given, and what it hands the per-engine normalizers (normalize-table, normalize-container). */
import type { DynamoDbQuotas } from '../engines/dynamodb-quotas';
import type { CosmosContainerDesign, ThresholdOverrides } from './input';
import { withThresholds, type Thresholds } from './limits';

/** SG020 observed-drift: `skewguard observe` reports it against production figures; a lint of a design alone never
 *  does, so no design can waive it. Kept beside the options so an acknowledgement naming it gets that reason. */
export const OBSERVED_DRIFT_RULE_ID = 'SG020';

export interface NormalizeOptions {
  /** Rule ids acknowledgements may name; an unknown id is an input error. */
  readonly ruleIds: readonly string[];
  /** Retired rule ids: an acknowledgement naming one is accepted (it waives nothing). */
  readonly retiredRuleIds?: readonly string[];
  /** The message ids of a rule's findings, which an acknowledgement's `appliesTo` may name; undefined for a retired or
   *  unknown rule (its `appliesTo` is not checked). @default - `appliesTo` is not checked */
  readonly messageIdsOf?: (ruleId: string) => readonly string[] | undefined;
  /** Project-wide threshold overrides, below the document's and each design's own. */
  readonly thresholds?: ThresholdOverrides;
  /** The account's raised DynamoDB throughput quotas, carried by each DynamoDB design. @default - none: the published defaults */
  readonly quotas?: DynamoDbQuotas;
}

/** What the per-engine normalizers share. */
export interface NormalizeContext {
  readonly options: NormalizeOptions;
  readonly projectThresholds: Thresholds;
  /** A container of the same document, by name (joins read the other container's key). */
  containerNamed(name: string): CosmosContainerDesign | undefined;
}

/** A design's thresholds: the project's with its own overrides, or the project's object itself when it declares none
 *  (a copy the document made once, shared by its designs). */
export function designThresholds(context: NormalizeContext, overrides: ThresholdOverrides | undefined): Thresholds {
  return overrides === undefined ? context.projectThresholds : withThresholds(context.projectThresholds, overrides);
}
