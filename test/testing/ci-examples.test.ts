// The CI recipe's example tests (examples/ci/test), run as a user's project runs them: they import
// the built package by its name (skewguard/testing, skewguard/testing/cdk, skewguard/cdk).
// Their snapshots are kept next to this file.
import '../../examples/ci/test/designs.test';
import '../../examples/ci/test/cdk-stack.test';
