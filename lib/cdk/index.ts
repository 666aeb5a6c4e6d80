/** skewguard/cdk: the aws-cdk-lib adapter (GuardedTable). Work in progress. */
export {};
