/**
 * skewguard/testing: assertions for the tests that keep a project's partition-key designs honest.
 * Loads no cloud SDK. The CDK helpers (stack snapshots, synth verdicts) are `skewguard/testing/cdk`;
 * the Pulumi helpers (mock-engine runs, refusals) are `skewguard/testing/pulumi`. See docs/testing.md.
 */
export { assertDesignFails, assertDesignPasses, type DesignAssertionOptions } from './design';
export { DesignAssertionError } from './assertion-error';
export type { RuleExpectation } from './expectations';
export type { FailOn } from './failing';
