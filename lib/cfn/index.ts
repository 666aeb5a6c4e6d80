/** CloudFormation knowledge: reading synthesized DynamoDB resources and skewguard's metadata entry in them.
 *  The public part; the metadata's constants and readers the adapters share are in lib/internal.ts. */
export {
  lintTemplateResource,
  type LintedDesign,
  type TemplateFinding,
  type TemplateLintOptions,
  type TemplateResourceResult,
  type TemplateUnusedAcknowledgement,
} from './lint-resource';
/** A GuardedTable's findings and input errors worded with the props its user wrote (`billing`, not `capacity.write.max`). */
export { asPropFinding, asPropIssue } from './prop-paths';
export { acknowledgementsIn, invalidWaiver, unprefixedWaiver, type WaiverProblem } from './cdk-acknowledgements';
