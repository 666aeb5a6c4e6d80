// Instruction counts of each CDK synth of one bench side, for issue 13 (CDK synth ≤ 1.10× hand-written): wall time on a
// shared machine is noise, instructions are not. os.getPriority() (libuv's uv_os_getpriority) marks each synth, so
// callgrind writes one part per synth: part 1 is the process start and the requires, part 2 the cold first synth (what a
// one-shot `cdk synth` runs), the next ones warm synths (what `npm run bench` compares). Subtracting two whole-process
// runs instead varied by ±20M instructions a synth; these parts repeat within 0.5%.
//   env -u NODE_EXTRA_CA_CERTS valgrind --tool=callgrind --dump-before=uv_os_getpriority --callgrind-out-file=/tmp/b.cg \
//     node --single-threaded bench/cdk-instructions.js b 10 5 6
//   grep -h ^totals /tmp/b.cg.*   (one line a part, in the order of their numbers)
// Arguments: side (a: hand-written, b: GuardedTable), tables, stacks, synths.
'use strict';
const os = require('node:os');
const { synthesize, handWritten, guardedTables } = require('./cdk');

const [side, tables = '10', stacks = '5', synths = '6'] = process.argv.slice(2);
if (side !== 'a' && side !== 'b') {
  console.error('usage: node bench/cdk-instructions.js a|b [tables] [stacks] [synths]');
  process.exit(2);
}
const build =
  side === 'b'
    ? guardedTables
    : (stack, n) => {
        for (let i = 0; i < n; i++) handWritten(stack, `Table${i}`);
      };
for (let i = 0; i < Number(synths); i++) {
  os.getPriority();
  synthesize(build, Number(stacks), Number(tables));
}
os.getPriority();
