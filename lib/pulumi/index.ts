/** skewguard/pulumi: the Pulumi adapter (GuardedContainer). Work in progress. */
export {};
