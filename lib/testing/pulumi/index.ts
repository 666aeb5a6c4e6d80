/**
 * skewguard/testing/pulumi: run programs and components under Pulumi's mock engine, snapshot what
 * they register, assert refusals. Loads @pulumi/pulumi only (not azure-native, not skewguard/pulumi),
 * never aws-cdk-lib. See docs/testing.md.
 */
export { runWithMocks, type MockedResource, type MockedResourceOptions, type MockRun, type MockRunOptions } from './mock-run';
export { pulumiSnapshot, type PulumiSnapshotOptions } from './pulumi-snapshot';
export { MASKS } from './snapshot-values';
export { assertAccepted, assertRefused, type ComponentAssertionOptions, type RefusedFindings } from './assertions';
export { DesignAssertionError } from '../assertion-error';
export type { RuleExpectation } from '../expectations';
