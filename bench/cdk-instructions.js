// Instruction counts of each CDK synth of one bench side, for issue 13 (CDK synth ≤ 1.10× hand-written): wall time on a
// shared machine is noise, instructions are not. os.getPriority() (libuv's uv_os_getpriority) marks each synth, so
// callgrind writes one part per synth: part 1 is the process start and the requires, part 2 the cold first synth (what a
// one-shot `cdk synth` runs), the next ones warm synths (what `npm run bench` compares). Subtracting two whole-process
// runs instead varied by ±20M instructions a synth; these parts repeat within 0.5%.
//   env -u NODE_EXTRA_CA_CERTS valgrind --tool=callgrind --dump-before=uv_os_getpriority --callgrind-out-file=/tmp/b.cg \
//     node --single-threaded bench/cdk-instructions.js b 10 5 6
//   grep -h ^totals /tmp/b.cg.*   (one line a part, in the order of their numbers)
// Arguments: side (a: hand-written, b: GuardedTable), tables, stacks, synths, and `phases` to split each synth further:
// construction, then app.synth() up to the validation plugins, then (side b) the skewguard plugin's validate(), then the
// rest (CDK's validation report), each its own part. The parts vary more from synth to synth than their sum does (where
// a collection or a compilation falls moves between them): compare one phase over several processes, not one synth.
'use strict';
const os = require('node:os');
const { synthesize, handWritten, guardedTables } = require('./cdk');

const [side, tables = '10', stacks = '5', synths = '6', phases] = process.argv.slice(2);
if ((side !== 'a' && side !== 'b') || (phases !== undefined && phases !== 'phases')) {
  console.error('usage: node bench/cdk-instructions.js a|b [tables] [stacks] [synths] [phases]');
  process.exit(2);
}
const mark = () => os.getPriority();
if (phases && side === 'b') {
  const { SkewguardPlugin } = require('../dist/cdk');
  const validate = SkewguardPlugin.prototype.validate;
  SkewguardPlugin.prototype.validate = function (context) {
    mark();
    const report = validate.call(this, context);
    mark();
    return report;
  };
}
const build =
  side === 'b'
    ? guardedTables
    : (stack, n) => {
        for (let i = 0; i < n; i++) handWritten(stack, `Table${i}`);
      };
for (let i = 0; i < Number(synths); i++) {
  mark();
  synthesize(build, Number(stacks), Number(tables), {}, phases ? mark : undefined);
}
mark();
