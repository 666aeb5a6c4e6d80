// Removes the run's temporary directory (global-setup.js), whatever the tests left in it.
'use strict';
const { rmSync } = require('node:fs');

module.exports = () => {
  const root = process.env.SKEWGUARD_TEST_TMPDIR;
  if (root) rmSync(root, { recursive: true, force: true, maxRetries: 3 });
};
