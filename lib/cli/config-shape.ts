/**
 * The shape of `skewguard.config.json` (and of the `skewguard` key in package.json), in the core's
 * shape toolkit: the same object checks a config and describes it as JSON Schema for editors
 * (`configSchema()`), so the two cannot drift apart.
 */
import { shapes } from '../index';
import { isObject } from '../internal';

type Shape<T> = shapes.Shape<T>;

/** A JSON object, read as it is: the thresholds and rule settings inside are checked by the core, as lint() checks them. */
function jsonObject(expected: string): Shape<Record<string, unknown>> {
  return {
    expected,
    is: isObject,
    read(value, place, issues, key) {
      if (isObject(value)) return value;
      issues.push({ path: shapes.pathOf(place, key), message: `expected ${expected}, got ${shapes.describe(value)}` });
      return undefined;
    },
    schema: () => ({ type: 'object' }),
  };
}

/** The config's fields, as written. */
export interface ConfigFields {
  readonly designs?: string | string[];
  readonly thresholds?: Record<string, unknown>;
  readonly rules?: Record<string, unknown>;
  readonly quotas?: Record<string, unknown>;
  readonly failOn?: 'error' | 'warning';
  readonly maxWarnings?: number;
  readonly reportUnusedAcknowledgements?: 'error' | 'warning' | 'off';
  readonly contributorInsightsRuleQuota?: number;
}

const DESIGN_PATH = shapes.text({ patternHint: 'a file, directory or glob, relative to the config file' });

export const configShape = shapes.record<ConfigFields>(
  {
    designs: {
      shape: shapes.either(DESIGN_PATH, shapes.list(DESIGN_PATH, { minItems: 1 })),
      doc: 'Files, directories or globs to lint when none is given on the command line, relative to the config file and inside its directory, e.g. ["designs", "cdk.out"].',
      optional: true,
    },
    thresholds: {
      shape: jsonObject('an object of threshold overrides, e.g. { "headroom": 0.7 }'),
      doc: "Project-wide thresholds (headroom, minCardinality, maxShards, fanOutFactor, maxCrossPartitionShare, maxHotKeyShare, minGrowthHeadroom, crowdConfidence), below a file's and a design's own.",
      optional: true,
    },
    rules: {
      shape: jsonObject('an object mapping rule ids to "error", "warning" or "off", e.g. { "SG012": "off" }'),
      doc: 'Per-rule severity: "error", "warning", or "off". Every report names the rules a config turns off.',
      optional: true,
    },
    quotas: {
      shape: jsonObject('an object of raised DynamoDB throughput quotas, e.g. { "tableWriteUnits": 200000 }'),
      doc: "The account's DynamoDB throughput quotas where Service Quotas raised them (tableReadUnits, tableWriteUnits: per table and per GSI, default 40000; accountReadUnits, accountWriteUnits: provisioned tables together, default 80000). Every table is checked against them instead of the defaults.",
      optional: true,
    },
    failOn: {
      shape: shapes.oneOf(['error', 'warning'] as const),
      doc: 'Exit 1 on unacknowledged findings at or above this severity (as --fail-on). Default "error".',
      optional: true,
    },
    maxWarnings: {
      shape: shapes.num({ integer: true, min: 0 }),
      doc: 'Also exit 1 when there are more warnings than this (as --max-warnings). Default: no limit.',
      optional: true,
    },
    reportUnusedAcknowledgements: {
      shape: shapes.oneOf(['error', 'warning', 'off'] as const),
      doc: 'How acknowledgements that waive nothing count (as --report-unused-acknowledgements). Default "warning".',
      optional: true,
    },
    contributorInsightsRuleQuota: {
      shape: shapes.num({ integer: true, min: 1 }),
      doc: "The account's Contributor Insights rule quota per Region once a raise is granted (as --contributor-insights-rule-quota), against which lint counts the rules of the cloud assemblies it reads. Default 100, AWS's default quota.",
      optional: true,
    },
  },
  { ignored: ['$schema'], title: 'skewguard config' },
);

/** The JSON Schema of the config file (`skewguard schema --config`, and schema/config.schema.json). */
export function configSchema(): shapes.JsonSchema {
  return { $schema: 'https://json-schema.org/draft/2020-12/schema', ...configShape.schema() };
}
