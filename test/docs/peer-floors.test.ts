/**
 * docs/cdk.md's Install section states the oldest aws-cdk-lib and constructs that package.json's peer ranges
 * allow (`npm run test:oldest-peers` tests those): it said aws-cdk-lib ≥ 2.226 while the range began at 2.274.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

const root = join(__dirname, '../..');
const peers: Record<string, string> = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')).peerDependencies;
const install = readFileSync(join(root, 'docs/cdk.md'), 'utf8').split('## Install')[1].split('\n## ')[0];

/** `^2.274.0` → `2.274`, `^10.5.0` → `10.5`: the floor as the docs write it. */
const floorOf = (range: string) => /^\^(\d+\.\d+)\.0$/.exec(range)?.[1];

it.each(['aws-cdk-lib', 'constructs'])('docs/cdk.md states the floor of %s that package.json allows', (name) => {
  const floor = floorOf(peers[name]);
  expect(floor).toBeDefined();
  expect(install).toContain(`\`${name}\` (≥ ${floor})`);
});
