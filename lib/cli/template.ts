/**
 * Lints a synthesized CloudFormation template (`cdk.out/*.template.json`), following the contract
 * in docs/cli.md ("CloudFormation templates"): each DynamoDB resource goes through the core's
 * `lintTemplateResource()`, the function the CDK checks use, with the resource's location as the
 * base path, so every path is relative to the template (`Resources.Orders.Metadata.skewguard.design.partitionKey`,
 * `Resources.Jobs.Properties.KeySchema[0].AttributeName`) and lines and SARIF locations point into it.
 */
import { DYNAMODB_TEMPLATE_TYPES, joinPath, lintTemplateResource, type LintOptions } from '../index';
import type { FileResult, InputError, InputNote, LocatedFinding, LocatedUnusedAcknowledgement } from './file-result';
import type { LocatedJson } from './json-locations';

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

export function lintTemplate(file: string, located: LocatedJson, options: LintOptions): FileResult {
  const resources = located.value as { Resources: Record<string, unknown> };
  const findings: LocatedFinding[] = [];
  const errors: InputError[] = [];
  const unused: LocatedUnusedAcknowledgement[] = [];
  const notes: InputNote[] = [];
  const at = (path: string) => located.positionOf(path);
  for (const logicalId of Object.keys(resources.Resources)) {
    const resource = resources.Resources[logicalId];
    const type = isObject(resource) && Object.prototype.hasOwnProperty.call(resource, 'Type') ? resource.Type : undefined;
    if (typeof type !== 'string' || !DYNAMODB_TEMPLATE_TYPES.includes(type)) continue;
    const result = lintTemplateResource(logicalId, resource, { ...options, basePath: joinPath('Resources', logicalId) });
    for (const { location, ...finding } of result.findings) findings.push({ ...finding, path: location, ...at(location) });
    for (const { location, ...ack } of result.unusedAcknowledgements) unused.push({ ...ack, engine: 'dynamodb', path: location, ...at(location) });
    for (const issue of result.errors) errors.push({ ...issue, ...at(issue.path) });
    for (const note of result.notes) notes.push({ ...note, ...at(note.path) });
  }
  return { file, kind: 'template', findings, errors, unusedAcknowledgements: unused, notes };
}
