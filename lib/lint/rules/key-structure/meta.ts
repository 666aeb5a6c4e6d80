/** What SG005 is on every engine; each engine's checks and messages live in its own file beside this one. */
export const KEY_STRUCTURE = {
  id: 'SG005',
  title: 'key-structure',
  summary: 'A partition-key structure the service rejects, or accepts in a shape nobody meant',
  severity: 'error',
  thresholds: [],
  rationale:
    'These keys are rejected at deployment (or, worse, accepted in a shape nobody meant), and a partition key cannot be changed afterwards: Cosmos DB needs a new container and a data copy (Azure: "Change partition key"), DynamoDB a new table and a backfill (a KeySchema change replaces the table: AWS CloudFormation, "AWS::DynamoDB::Table").',
  fix: 'Use the nearest valid structure named in the finding.',
} as const;
