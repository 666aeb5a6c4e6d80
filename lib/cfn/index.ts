/** CloudFormation knowledge: reading synthesized DynamoDB resources and skewguard's metadata entry in them. */
export {
  DYNAMODB_TEMPLATE_TYPES,
  METADATA_PATH,
  TEMPLATE_METADATA_KEY,
  TEMPLATE_METADATA_VERSION,
  templateMetadataOf,
  type TemplateMetadata,
} from './metadata';
export { externalTableOf, type ExternalTable, type UncheckedValue } from './template-table';
export {
  lintTemplateResource,
  type LintedDesign,
  type TemplateFinding,
  type TemplateLintOptions,
  type TemplateResourceResult,
  type TemplateUnusedAcknowledgement,
} from './lint-resource';
export { isStringToken, isNumberToken } from './tokens';
/** A GuardedTable's findings and input errors worded with the props its user wrote (`billing`, not `capacity.write.max`). */
export { asPropFinding, asPropIssue } from './prop-paths';
export {
  acknowledgementIssues,
  acknowledgementsIn,
  CDK_PLUGIN_NAME,
  invalidWaiver,
  recordedIn,
  ruleName,
  unprefixedWaiver,
  type ConstructMetadataEntry,
  type RecordedAcknowledgement,
  type WaiverProblem,
} from './cdk-acknowledgements';
