// Runs the example app's TypeScript with the project's own compiler (transpile only; `npm run
// typecheck` checks the types), so `npx cdk synth` needs no build step and no extra dependency.
// `require('./run-ts').register()` installs the same hook in another script (bench/replay.js).
'use strict';
const { readFileSync } = require('node:fs');
const ts = require('typescript');

function register() {
  require.extensions['.ts'] = (module, filename) => {
    const { outputText } = ts.transpileModule(readFileSync(filename, 'utf8'), {
      fileName: filename,
      compilerOptions: { module: ts.ModuleKind.CommonJS, target: ts.ScriptTarget.ES2022, esModuleInterop: true, sourceMap: false },
    });
    module._compile(outputText, filename);
  };
}

if (require.main === module) {
  register();
  require(require('node:path').resolve(process.argv[2] || `${__dirname}/app.ts`));
}

module.exports = { register };
