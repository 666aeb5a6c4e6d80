/**
 * The rule engine: normalizes input, runs every rule that applies to each design's engine,
 * applies acknowledgements, and sorts findings. Pure: no cloud SDK, no I/O.
 */
import { prefixPath } from '../design/field-path';
import type { DesignInput, Engine, ThresholdOverrides } from '../design/input';
import type { Acknowledgement, NormalizedDocument } from '../design/key-design';
import { normalizeInput } from '../design/normalize';
import type { Rule, RuleHit, Severity } from './rule';
import { RULE_IDS, RULES } from './rules';

export interface Finding {
  readonly ruleId: string;
  readonly title: string;
  readonly severity: Severity;
  readonly engine: Engine;
  /** Table or container name. */
  readonly resource: string;
  /** The GSI concerned, if any. */
  readonly index?: string;
  /** Full field path, e.g. `tables[0].globalSecondaryIndexes[1].partitionKey`. */
  readonly path: string;
  readonly message: string;
  readonly fix: string;
  /** Waived by an acknowledgement; still reported so audits see every waiver. */
  readonly acknowledged: boolean;
  readonly reason?: string;
  readonly data?: Readonly<Record<string, number | string>>;
}

export interface LintOptions {
  /** Project-wide threshold overrides (below a document's and a design's own).
   *  @default - DEFAULT_THRESHOLDS */
  readonly thresholds?: ThresholdOverrides;
}

/**
 * Checks a design file's content, or one table/container design (with `engine`), against the
 * whole catalogue. Throws `DesignError` (with field paths) when the input cannot be read.
 */
export function lint(input: DesignInput, options: LintOptions = {}): Finding[] {
  return lintNormalized(normalize(input, options));
}

/** Reads and validates input into the normalized model, every default made explicit. */
export function normalize(input: DesignInput, options: LintOptions = {}): NormalizedDocument {
  return normalizeInput(input, { ruleIds: RULE_IDS, thresholds: options.thresholds });
}

const SEVERITY_ORDER: Record<Severity, number> = { error: 0, warning: 1 };

export function lintNormalized(document: NormalizedDocument, rules: readonly Rule[] = RULES): Finding[] {
  const findings: { order: number; finding: Finding }[] = [];
  const collect = (order: number, engine: Engine, resource: string, location: string, acknowledgements: readonly Acknowledgement[], rule: Rule, hits: RuleHit[]) => {
    for (const hit of hits) {
      const ack = acknowledgements.find((a) => a.rule === rule.id && (a.index === undefined || a.index === hit.index));
      findings.push({
        order,
        finding: {
          ruleId: rule.id,
          title: rule.title,
          severity: rule.severity,
          engine,
          resource,
          index: hit.index,
          path: prefixPath(location, hit.path),
          message: hit.message,
          fix: hit.fix,
          acknowledged: ack !== undefined,
          reason: ack?.reason,
          data: hit.data,
        },
      });
    }
  };
  document.designs.forEach(({ location, design }, order) => {
    for (const rule of rules) {
      if (rule.checkDesign && rule.engines.includes(design.engine)) {
        collect(order, design.engine, design.name, location, design.acknowledgements, rule, rule.checkDesign(design));
      }
    }
  });
  document.external.forEach(({ location, resource }, i) => {
    for (const rule of rules) {
      if (rule.checkExternal && rule.engines.includes(resource.engine)) {
        collect(document.designs.length + i, resource.engine, resource.name, location, resource.acknowledgements, rule, rule.checkExternal(resource));
      }
    }
  });
  return findings
    .sort((a, b) =>
      a.order - b.order ||
      SEVERITY_ORDER[a.finding.severity] - SEVERITY_ORDER[b.finding.severity] ||
      a.finding.ruleId.localeCompare(b.finding.ruleId) ||
      a.finding.path.localeCompare(b.finding.path))
    .map((f) => f.finding);
}

/** Findings that should stop a deployment: unacknowledged, at or above `level`. */
export function blockingFindings(findings: readonly Finding[], level: Severity = 'error'): Finding[] {
  return findings.filter((f) => !f.acknowledged && SEVERITY_ORDER[f.severity] <= SEVERITY_ORDER[level]);
}
