// Runs the example app's TypeScript with the project's own compiler (transpile only; `npm run
// typecheck` checks the types), so `npx cdk synth` needs no build step and no extra dependency.
'use strict';
const { readFileSync } = require('node:fs');
const ts = require('typescript');

require.extensions['.ts'] = (module, filename) => {
  const { outputText } = ts.transpileModule(readFileSync(filename, 'utf8'), {
    fileName: filename,
    compilerOptions: { module: ts.ModuleKind.CommonJS, target: ts.ScriptTarget.ES2022, esModuleInterop: true, sourceMap: false },
  });
  module._compile(outputText, filename);
};

require(require('node:path').resolve(process.argv[2] || `${__dirname}/app.ts`));
