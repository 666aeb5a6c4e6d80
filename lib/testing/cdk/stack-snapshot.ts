/**
 * `stackSnapshot(stack)`: a stack's synthesized template, stable for `toMatchSnapshot()` (see
 * template-snapshot.ts for what is replaced and why).
 */
import type { Stack } from 'aws-cdk-lib';
import { synthesizedStack } from './synthesized';
import { templateSnapshot, type TemplateSnapshotOptions } from './template-snapshot';

/**
 * Synthesizes `stack` (as `Template.fromStack()` does: its stage, once) and returns its template
 * with asset hashes, version hashes and aws-cdk-lib version noise replaced, keys sorted. Snapshots
 * of it change when the infrastructure changes, not when Lambda code or the aws-cdk-lib patch does.
 *
 * @example expect(stackSnapshot(stack)).toMatchSnapshot();
 * @example expect(stackSnapshot(stack, { resourceTypes: ['AWS::DynamoDB::GlobalTable', 'AWS::CloudWatch::*'] })).toMatchSnapshot();
 */
export function stackSnapshot(stack: Stack, options: TemplateSnapshotOptions = {}): Record<string, unknown> {
  const { template, assetHashes } = synthesizedStack(stack);
  return templateSnapshot(template, assetHashes, options);
}
