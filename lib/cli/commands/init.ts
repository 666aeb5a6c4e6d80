/**
 * `skewguard init [<directory>]`: writes skewguard.config.json and a starter design,
 * designs/example.json, whose `$schema` is the relative path from that file to the installed
 * schema, so editors complete and check it wherever the project keeps its designs.
 */
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { UsageError, type ParsedArgs } from '../args';
import { CONFIG_FILE, findConfig } from '../config';
import { CommandError } from '../errors';
import { print, type Io } from '../io';
import { describeErrno } from '../output';
import { packageRoot } from '../package-root';
import { printable } from '../terminal';

const SCHEMA = join('schema', 'design.schema.json');
/** The config file's schema, shipped beside the design's: the starter config points at it too. */
const CONFIG_SCHEMA = join('schema', 'config.schema.json');
const OWN_ROOT = packageRoot();

export const STARTER_DESIGN = {
  description: 'A starter design: one DynamoDB table keyed by a unique id. Replace it with yours; `skewguard explain <rule>` explains any finding.',
  tables: [
    {
      name: 'orders',
      partitionKey: { name: 'orderId', type: 'S', cardinality: 'unique' },
      workload: { peakReadUnits: 1000, peakWriteUnits: 500 },
      accessPatterns: [{ name: 'order-by-id', keyAttributes: ['orderId'], share: 1 }],
    },
  ],
};

export const STARTER_CONFIG = { designs: ['designs'], failOn: 'error', reportUnusedAcknowledgements: 'warning' };

const posix = (path: string) => path.split(sep).join('/');
const dotted = (path: string) => (path.startsWith('.') ? path : `./${path}`);

/** Where the design schema is, seen from `dir`: an installed skewguard at or above it; else this
 *  package, when `dir` lies inside it; else where `npm install --save-dev skewguard` will put it —
 *  in the nearest folder with a package.json, or `projectRoot` (where init writes the config). */
export function schemaReference(dir: string, projectRoot = dir, schemaFile = SCHEMA): { readonly ref: string; readonly installed: boolean } {
  for (let at = dir; ; at = dirname(at)) {
    const installed = join(at, 'node_modules', 'skewguard', schemaFile);
    if (existsSync(installed)) return { ref: dotted(posix(relative(dir, installed))), installed: true };
    if (dirname(at) === at) break;
  }
  if (dir.startsWith(OWN_ROOT + sep) && existsSync(join(OWN_ROOT, schemaFile)))
    return { ref: dotted(posix(relative(dir, join(OWN_ROOT, schemaFile)))), installed: true };
  let project = projectRoot;
  for (let at = dir; dirname(at) !== at; at = dirname(at)) {
    if (existsSync(join(at, 'package.json'))) {
      project = at;
      break;
    }
  }
  return { ref: dotted(posix(relative(dir, join(project, 'node_modules', 'skewguard', schemaFile)))), installed: false };
}

/**
 * Refuses to write a skewguard.config.json that would hide a config already in use in `root` (lint uses the nearest
 * config, and skewguard.config.json wins over package.json): its settings would stop applying unseen, and a CI that
 * failed on them would pass. A config in a parent directory may be taken over with --force (a nested project); the
 * `"skewguard"` key of the package.json in `root` itself may not, as two configs in one directory would be.
 */
function refuseToShadow(root: string, io: Io, force: boolean): void {
  const existing = findConfig(root);
  if (existing === undefined || existing === join(root, CONFIG_FILE)) return; // none, or the file itself: not overwritten without --force
  const shown = printable(relative(io.cwd, existing) || existing);
  const here = printable(relative(io.cwd, root) || '.');
  if (dirname(existing) === root) {
    throw new CommandError(
      `${shown} already holds a "skewguard" config, which lint uses in ${here}: a ${CONFIG_FILE} beside it would win over it, and its settings would stop applying. Edit that config instead, or move its settings into ${CONFIG_FILE} and remove the "skewguard" key, then run lint`,
    );
  }
  if (force) return;
  throw new CommandError(
    `${shown} already applies in ${here} (lint uses the nearest config above it): a ${CONFIG_FILE} here would replace it for this directory, and its settings would stop applying here. Edit that config instead, or pass --force to write one that takes over in ${here}`,
  );
}

export async function initCommand(args: ParsedArgs, io: Io): Promise<number> {
  if (args.positionals.length > 1) throw new UsageError(`init takes one directory, got ${args.positionals.length}`, 'init');
  const root = resolve(io.cwd, args.positionals[0] ?? '.');
  const designDir = join(root, 'designs');
  const files = { config: join(root, CONFIG_FILE), design: join(designDir, 'example.json') };
  const existing = Object.values(files).filter((f) => existsSync(f));
  if (existing.length > 0 && args.values.force !== true) {
    throw new UsageError(
      `not overwriting ${existing.map((f) => relative(io.cwd, f) || f).join(' and ')}: remove ${existing.length === 1 ? 'it' : 'them'} or pass --force`,
      'init',
    );
  }
  refuseToShadow(root, io, args.values.force === true);
  const schema = schemaReference(designDir, root);
  try {
    mkdirSync(designDir, { recursive: true });
    // "$schema" is accepted (and ignored) in a config, so editors complete and check it.
    writeFileSync(files.config, `${JSON.stringify({ $schema: schemaReference(root, root, CONFIG_SCHEMA).ref, ...STARTER_CONFIG }, null, 2)}\n`);
    writeFileSync(files.design, `${JSON.stringify({ $schema: schema.ref, ...STARTER_DESIGN }, null, 2)}\n`);
  } catch (error) {
    throw new CommandError(`cannot write the starter files: ${describeErrno(error as NodeJS.ErrnoException)}`);
  }
  const shown = (f: string) => printable(relative(io.cwd, f) || f);
  return print(
    io,
    [
      `wrote ${shown(files.config)} (lints the designs/ directory)`,
      `wrote ${shown(files.design)} ($schema: ${schema.ref})`,
      ...(schema.installed ? [] : ['the schema path assumes skewguard will be installed in this project: npm install --save-dev skewguard']),
      `next: edit the design, then run \`skewguard lint\`${root === io.cwd ? '' : ` in ${shown(root)}`}`,
      '',
    ].join('\n'),
  );
}
