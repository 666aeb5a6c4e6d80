/**
 * @jest-environment-options {"globalsCleanup": "off"}
 */
// The CI recipe's Pulumi example test (examples/ci/test). It has a file of its own: jest gives each
// file a fresh Pulumi runtime.
import '../../examples/ci/test/pulumi-containers.test';
