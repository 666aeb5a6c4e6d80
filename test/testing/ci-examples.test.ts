// The CI recipe's example tests (examples/ci/test), run in this repository's suite. They import the
// sources; docs/testing.md quotes them with the package's entry points (skewguard/testing, …).
// Their snapshots are kept next to this file; the Pulumi example runs in pulumi.test.ts.
import '../../examples/ci/test/designs.test';
import '../../examples/ci/test/cdk-stack.test';
