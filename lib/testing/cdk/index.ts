/**
 * skewguard/testing/cdk: stable stack snapshots and synth verdicts for the tests of a CDK app.
 * Loads aws-cdk-lib and skewguard/cdk, never Pulumi. See docs/testing.md.
 */
export { stackSnapshot } from './stack-snapshot';
export { templateSnapshot, PLACEHOLDERS, type TemplateSnapshotOptions } from './template-snapshot';
export { assetHashesOf, type Artifact as SynthesizedArtifact, type Assembly as SynthesizedAssembly } from './synthesized';
export { assertStackFails, assertStackPasses, type StackAssertionOptions } from './assertions';
export { synthDesignReport, type DesignViolation, type SynthDesignReport } from './synth-report';
export { DesignAssertionError } from '../assertion-error';
export type { FailOn } from '../failing';
export type { RuleExpectation } from '../expectations';
