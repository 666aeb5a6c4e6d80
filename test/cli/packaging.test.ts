import { execFileSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { root, tempTree } from './helpers';

describe('packaging', () => {
  it('runs the build before packing (prepack), so a tarball from a clean checkout has dist/', () => {
    // The package's own package.json with `build` replaced by a stand-in that writes dist/ (tsc
    // itself is exercised by `npm test`): what is checked is that `npm pack` runs it first.
    const pkg = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8'));
    pkg.scripts.build = "node -e \"require('fs').mkdirSync('dist/bin',{recursive:true});require('fs').writeFileSync('dist/bin/skewguard.js','')\"";
    const checkout = tempTree({ LICENSE: readFileSync(join(root, 'LICENSE')) });
    writeFileSync(join(checkout, 'package.json'), JSON.stringify(pkg));
    const [pack] = JSON.parse(execFileSync('npm', ['pack', '--dry-run', '--json'], { cwd: checkout, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] }));
    expect(pack.files.map((f: { path: string }) => f.path)).toContain('dist/bin/skewguard.js');
  }, 30_000);
});
