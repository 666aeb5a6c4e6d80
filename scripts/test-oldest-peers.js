#!/usr/bin/env node
// `npm run test:oldest-peers`: the tests that load a peer, against the OLDEST versions the peer ranges in
// package.json allow (aws-cdk-lib, constructs, @pulumi/*, the AWS and Azure SDK clients), so a range never promises a version the
// library breaks on. aws-cdk-lib 2.226 (the range's old floor) had no `Validations` at all: the first
// GuardedTable threw a TypeError; 2.258–2.261 synthesized without refusing a failed design.
//
// Works on a copy of the tracked files in a temporary directory (your node_modules stays as it is):
// `npm ci`, then `npm install --no-save` of each peer at its floor, the build, and the adapter tests.
'use strict';
const { execFileSync } = require('node:child_process');
const { mkdtempSync, mkdirSync, copyFileSync, readFileSync, rmSync } = require('node:fs');
const { tmpdir } = require('node:os');
const { dirname, join } = require('node:path');

const root = join(__dirname, '..');
/** Every peer: the adapters' (CDK, Pulumi) and the cloud SDKs' that `observe --live` loads. */
const PEERS = [
  'aws-cdk-lib',
  'constructs',
  '@pulumi/pulumi',
  '@pulumi/policy',
  '@pulumi/azure-native',
  '@aws-sdk/client-cloudformation',
  '@aws-sdk/client-cloudwatch',
  '@aws-sdk/client-dynamodb',
  '@azure/identity',
  '@azure/monitor-query',
];
/** The tests that load them: the adapters', the testing helpers', and `observe --live` through the real SDK clients
 *  (their `send` mocked, so these prove the commands, clients and options our code uses exist at the floor). */
const TESTS = ['test/cdk', 'test/pulumi', 'test/testing', 'test/cli/observe/live-aws.test.ts', 'test/cli/observe/live-azure.test.ts'];

/** The oldest published version `range` allows (a floor like ^3.140.0 may not exist: npm resolves ^3.140.0 to 3.141.0). */
function oldestIn(name, range) {
  if (!/^[\^~]?\d+\.\d+\.\d+$/.test(range ?? '')) throw new Error(`peerDependencies["${name}"] is ${JSON.stringify(range)}: expected ^x.y.z`);
  const listed = JSON.parse(execFileSync('npm', ['view', `${name}@${range}`, 'version', '--json'], { encoding: 'utf8' }));
  const versions = (Array.isArray(listed) ? listed : [listed]).filter((v) => /^\d+\.\d+\.\d+$/.test(v));
  if (versions.length === 0) throw new Error(`no published version of ${name} matches ${range}`);
  const parts = (v) => v.split('.').map(Number);
  return versions.sort((a, b) => parts(a).reduce((order, n, i) => order || n - parts(b)[i], 0))[0];
}

const run = (cwd, command, args) => execFileSync(command, args, { cwd, stdio: 'inherit', env: { ...process.env, CDK_VALIDATION: 'false' } });

const { peerDependencies } = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8'));
const floors = PEERS.map((name) => `${name}@${oldestIn(name, peerDependencies[name])}`);
const copy = mkdtempSync(join(tmpdir(), 'skewguard-oldest-peers-'));
try {
  const tracked = execFileSync('git', ['ls-files', '-z'], { cwd: root, encoding: 'utf8' }).split('\0').filter(Boolean);
  for (const file of tracked) {
    mkdirSync(dirname(join(copy, file)), { recursive: true });
    copyFileSync(join(root, file), join(copy, file));
  }
  console.log(`oldest peers: ${floors.join(', ')} (in ${copy})`);
  run(copy, 'npm', ['ci', '--no-audit', '--no-fund']);
  run(copy, 'npm', ['install', '--no-save', '--no-audit', '--no-fund', ...floors]);
  run(copy, 'npm', ['run', 'build']);
  run(copy, 'npx', ['tsc', '-p', 'tsconfig.json']);
  // Snapshots pin the templates the development versions render, and CDK's own rendering changes between minors
  // (2.276 adds a text widget's "background": "transparent"): they are rewritten here, in the copy, while every
  // other assertion (resources, properties, logical ids asserted by name, refusals) runs as written.
  run(copy, 'npx', ['jest', '--ci=false', '--updateSnapshot', ...TESTS]);
} finally {
  rmSync(copy, { recursive: true, force: true });
}
