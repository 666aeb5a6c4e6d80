// One temporary directory per test run, removed by global-teardown.js: every directory the tests make
// (tempTree, CDK apps without an outdir, the CLI's own temporary files) goes under it, through TMPDIR,
// which the workers inherit. Without it each run left about a thousand directories in /tmp.
'use strict';
const { chmodSync, mkdtempSync } = require('node:fs');
const { tmpdir } = require('node:os');
const { join } = require('node:path');

module.exports = () => {
  const root = mkdtempSync(join(tmpdir(), 'skewguard-test-'));
  // Readable by others: a test runs the CLI as `nobody` from a copy under it (test/cli/exit-codes.test.ts).
  chmodSync(root, 0o755);
  process.env.SKEWGUARD_TEST_TMPDIR = root;
  process.env.TMPDIR = root;
};
