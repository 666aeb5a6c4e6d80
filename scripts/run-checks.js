#!/usr/bin/env node
// Runs the npm scripts named on the command line side by side, as many at a time as the machine has cores, and
// exits 1 if any of them failed (`npm test` runs the build and the static checks this way before jest). None of
// them reads what another writes: the type check, eslint, prettier and madge read the sources, never dist/.
// Each script's output is printed whole when it ends, so two scripts' lines never interleave.
//   node scripts/run-checks.js build typecheck lint format:check check:cycles
'use strict';
const { spawn } = require('node:child_process');
const { availableParallelism } = require('node:os');

const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';

/** Runs `npm run <name>`; resolves to its exit code once its output is printed. */
function run(name) {
  return new Promise((resolve) => {
    const child = spawn(npm, ['run', name], { stdio: ['ignore', 'pipe', 'pipe'], shell: process.platform === 'win32' });
    let output = '';
    for (const stream of [child.stdout, child.stderr]) {
      stream.setEncoding('utf8');
      stream.on('data', (text) => (output += text));
    }
    child.on('close', (code) => {
      process.stdout.write(output);
      if (code !== 0) process.stdout.write(`\nnpm run ${name} failed (exit code ${code})\n`);
      resolve(code);
    });
  });
}

async function main(names) {
  const queue = [...names];
  const codes = [];
  const worker = async () => {
    for (let name = queue.shift(); name !== undefined; name = queue.shift()) codes.push(await run(name));
  };
  await Promise.all(Array.from({ length: Math.min(availableParallelism(), names.length) }, worker));
  process.exitCode = codes.every((code) => code === 0) ? 0 : 1;
}

main(process.argv.slice(2));
