/**
 * Every input is accounted for (issue 15 §2): what a search finds and does not lint is named, and
 * what cannot be read is an error, as for a file named on the command line.
 */
import { mkdirSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { sourceKind } from '../../lib/cli/lint-files';
import { cli, fixtures, tempTree, UNIQUE_TABLE } from './helpers';

const DESIGN = JSON.stringify({ tables: [UNIQUE_TABLE] }, null, 2);
const files = (stdout: string) =>
  JSON.parse(stdout).files as {
    file: string;
    skipped?: boolean;
    errors: { message: string }[];
    notes: { path: string; message: string }[];
    findings: unknown[];
  }[];
const named = (dir: string, stdout: string) => files(stdout).map((f) => f.file.slice(dir.length + 1));

describe('every input is accounted for', () => {
  it('refuses a file that is both a design and a template, even with an empty Resources', async () => {
    const dir = tempTree({
      'hybrid.json': JSON.stringify({ Resources: {}, tables: [{ ...UNIQUE_TABLE, partitionKey: { name: 'status', type: 'S', cardinality: 3 } }] }),
    });
    for (const args of [[join(dir, 'hybrid.json')], [dir]]) {
      const { code, stdout } = await cli(['lint', ...args, '--format', 'json']);
      expect(code).toBe(2);
      expect(files(stdout)[0].errors[0].message).toBe(
        'has both a CloudFormation template\'s "Resources" and a design\'s "tables": put the design and the template in separate files, so that both are linted',
      );
    }
  });

  it('refuses a found file whose top-level key is a design key but for its case (Tables), with or without $schema: never a silent pass', async () => {
    const schema = './node_modules/skewguard/schema/design.schema.json';
    const dir = tempTree({
      'good.json': DESIGN,
      'typo.json': JSON.stringify({ Tables: [UNIQUE_TABLE] }),
      'containers.json': JSON.stringify({ Containers: [] }),
      'with-schema.json': JSON.stringify({ $schema: schema, Tables: [UNIQUE_TABLE] }),
      'package.json': '{ "name": "app" }',
    });
    const { code, stdout } = await cli(['lint', dir, '--format', 'json']);
    expect(code).toBe(2);
    expect(named(dir, stdout)).toEqual(['containers.json', 'good.json', 'typo.json', 'with-schema.json', '']); // '': the search, counting package.json
    const byName = new Map(files(stdout).map((f) => [f.file.slice(dir.length + 1), f]));
    expect(byName.get('typo.json')?.skipped).toBeUndefined(); // linted, and failed: it counts as an input that could not be linted
    expect(byName.get('typo.json')).toMatchObject({
      errors: [
        {
          path: 'Tables',
          message: 'is not a key skewguard reads (did you mean "tables"?): a design file with a mistyped key, whose designs are not linted; rename it "tables"',
          line: 1,
          column: 2,
        },
      ],
    });
    expect(byName.get('containers.json')?.errors[0]).toMatchObject({ path: 'Containers', message: expect.stringContaining('(did you mean "containers"?)') });
    expect(byName.get('with-schema.json')?.errors[0]).toMatchObject({ path: 'Tables', message: expect.stringContaining('(did you mean "tables"?)') });
    const text = await cli(['lint', dir]);
    expect(text.stdout).toContain(`invalid Tables (${join(dir, 'typo.json')}:1:2): is not a key skewguard reads (did you mean "tables"?)`);
  });

  it('refuses designs found under any other top-level key, or under a near miss (designs, tabels)', async () => {
    const dir = tempTree({
      'good.json': DESIGN,
      'designs.json': JSON.stringify({ designs: [UNIQUE_TABLE] }),
      'tabels.json': JSON.stringify({ tabels: [UNIQUE_TABLE] }),
    });
    const { code, stdout } = await cli(['lint', dir, '--format', 'json']);
    expect(code).toBe(2);
    const byName = new Map(files(stdout).map((f) => [f.file.slice(dir.length + 1), f.errors]));
    expect(byName.get('designs.json')).toMatchObject([
      {
        path: 'designs',
        message:
          'holds what look like designs (objects with a "partitionKey"), which are not linted: skewguard reads designs under "tables" (DynamoDB), "containers" (Cosmos DB) or "external" only; move them there',
      },
    ]);
    expect(byName.get('tabels.json')).toMatchObject([{ path: 'tabels', message: expect.stringContaining('(did you mean "tables"?)') }]);
  });

  it('names, as a note counted in no total, a near miss that holds nothing of a design, and passes over JSON with nothing design-like', async () => {
    const dir = tempTree({
      'good.json': DESIGN,
      'tabels.json': JSON.stringify({ tabels: [] }), // a near miss, but no design would go unchecked
      'arm.json': JSON.stringify({ $schema: 'https://schema.management.azure.com/schemas/2019-04-01/deploymentTemplate.json#', resources: [] }),
      'en.json': JSON.stringify({ titles: { home: 'Home' } }), // a translation file: "titles" is two letters from "tables"
      'labels.json': JSON.stringify({ labels: [{ name: 'bug', color: 'd73a4a' }] }),
      'skewguard.config.json': JSON.stringify({ designs: ['designs'] }),
    });
    const { code, stdout } = await cli(['lint', dir, '--format', 'json', '--no-config']);
    expect(code).toBe(0);
    expect(named(dir, stdout)).toEqual(['arm.json', 'en.json', 'good.json', 'tabels.json', '']);
    const byName = new Map(files(stdout).map((f) => [f.file.slice(dir.length + 1), f]));
    expect(byName.get('tabels.json')).toMatchObject({ skipped: true, errors: [], notes: [{ message: expect.stringContaining('(did you mean "tables"?)') }] });
    expect(byName.get('arm.json')).toMatchObject({ skipped: true, errors: [], notes: [{ message: expect.stringContaining('(did you mean "Resources"?)') }] });
    expect(byName.get('en.json')).toMatchObject({
      skipped: true,
      errors: [],
      notes: [{ message: expect.stringContaining('"titles" is not a key skewguard reads') }],
    });
    expect(byName.get('')?.notes[0].message).toMatch(/^not linted: 2 files found here hold no design or template: .*labels\.json/);
    expect(JSON.parse(stdout).summary.files).toBe(1);
    const alone = tempTree({ 'typo.json': JSON.stringify({ tabels: [] }) });
    expect((await cli(['lint', alone])).code).toBe(2); // a note is not a design found: the search still found nothing
  });

  it('names an empty file a search found (a design that lost its content), and counts it in no total', async () => {
    const dir = tempTree({ 'good.json': DESIGN, 'empty.json': '', 'blank.json': ' \n\t\n', 'package.json': '{ "name": "app" }' });
    const { code, stdout } = await cli(['lint', dir, '--format', 'json']);
    expect(code).toBe(0);
    expect(named(dir, stdout)).toEqual(['blank.json', 'empty.json', 'good.json', '']); // '': the search, counting package.json
    for (const empty of files(stdout).slice(0, 2)) {
      expect(empty.skipped).toBe(true);
      expect(empty.notes[0].message).toBe('not linted: the file is empty');
    }
    expect(JSON.parse(stdout).summary.files).toBe(1);
    // Named on the command line, an empty file is an error, as any file that is not a design.
    expect((await cli(['lint', join(dir, 'empty.json')])).code).toBe(2);
  });

  it('reports dangling symbolic links, loops and links to devices found by a search', async () => {
    const dir = tempTree({ 'good.json': DESIGN });
    symlinkSync(join(dir, 'gone.json'), join(dir, 'dangling.json'));
    symlinkSync(join(dir, 'loop-b.json'), join(dir, 'loop-a.json'));
    symlinkSync(join(dir, 'loop-a.json'), join(dir, 'loop-b.json'));
    symlinkSync('/dev/null', join(dir, 'device.json'));
    const { code, stdout } = await cli(['lint', dir, '--format', 'json']);
    expect(code).toBe(2);
    const byName = Object.fromEntries(files(stdout).map((f) => [f.file.slice(dir.length + 1), f.errors[0]?.message]));
    expect(byName['dangling.json']).toBe('is a symbolic link that cannot be followed: no such file or directory (ENOENT)');
    expect(byName['loop-a.json']).toBe('is a symbolic link that loops (ELOOP): not read');
    expect(byName['device.json']).toBe('is a symbolic link to a character device, not a regular file: not read');
    expect(byName['good.json']).toBeUndefined();
  });

  it('reads the templates and stage directories a cloud assembly’s manifest lists, whatever their names', async () => {
    const dir = tempTree();
    const assembly = join(dir, 'cdk.out');
    mkdirSync(join(assembly, 'stage-Prod'), { recursive: true });
    const template = readFileSync(join(fixtures, 'cloud-assembly/OrdersStack.template.json'), 'utf8');
    writeFileSync(join(assembly, 'cdk.out'), '{"version":"55.0.0"}');
    writeFileSync(join(assembly, 'Orders.json'), template);
    writeFileSync(
      join(assembly, 'manifest.json'),
      JSON.stringify({
        version: '55.0.0',
        artifacts: {
          Orders: { type: 'aws:cloudformation:stack', properties: { templateFile: 'Orders.json' } },
          Prod: { type: 'cdk:cloud-assembly', properties: { directoryName: 'stage-Prod' } },
        },
      }),
    );
    writeFileSync(join(assembly, 'stage-Prod/cdk.out'), '{"version":"55.0.0"}');
    writeFileSync(join(assembly, 'stage-Prod/Api.template.json'), template);
    writeFileSync(join(assembly, 'stage-Prod/manifest.json'), JSON.stringify({ version: '55.0.0', artifacts: {} }));
    const { stdout } = await cli(['lint', assembly, '--format', 'json']);
    expect(named(dir, stdout)).toEqual(['cdk.out/Orders.json', 'cdk.out/stage-Prod/Api.template.json']);
  });

  it('notes the tables of an Fn::ForEach loop, which are not checked', async () => {
    const template = {
      Transform: 'AWS::LanguageExtensions',
      Resources: { 'Fn::ForEach::Tables': ['Name', ['A', 'B'], { 'Table${Name}': { Type: 'AWS::DynamoDB::Table', Properties: {} } }] },
    };
    const dir = tempTree({ 'loop.template.json': JSON.stringify(template, null, 2) });
    const { stdout } = await cli(['lint', dir, '--format', 'json']);
    expect(files(stdout)[0].notes).toEqual([
      expect.objectContaining({
        path: 'Resources.Fn::ForEach::Tables',
        message: expect.stringMatching(/^not checked: the resources Fn::ForEach makes exist only once CloudFormation expands the loop/),
      }),
    ]);
  });

  it('says YAML templates are not read, and how to convert them, instead of "invalid JSON"', async () => {
    const yaml = 'AWSTemplateFormatVersion: "2010-09-09"\nResources:\n  Orders:\n    Type: AWS::DynamoDB::Table\n';
    const dir = tempTree({ 'good.json': DESIGN, 'stack.template.yaml': yaml, 'workflow.yml': 'on: push\n' });
    const found = await cli(['lint', dir, '--format', 'json']);
    expect(named(dir, found.stdout)).toEqual(['good.json', 'stack.template.yaml', '']); // '': the search, counting workflow.yml
    expect(files(found.stdout)[1].notes[0].message).toMatch(/^not linted: it is YAML, which skewguard does not read: .*cfn-flip/);
    const direct = await cli(['lint', join(dir, 'stack.template.yaml')]);
    expect(direct.code).toBe(2);
    expect(direct.stdout).toContain('is YAML, which skewguard does not read');
    expect(direct.stdout).not.toContain('invalid JSON');
  });

  it('takes no option from a polluted Object.prototype: a plain lint never writes a file', async () => {
    const proto = Object.prototype as Record<string, unknown>;
    const text = JSON.stringify({ tables: [{ ...UNIQUE_TABLE, monitoring: { contributorInsights: false } }] }, null, 2);
    const dir = tempTree({ 'design.json': text });
    proto.fix = true;
    proto.format = 'json';
    try {
      const { code, stdout } = await cli(['lint', join(dir, 'design.json')]);
      expect(code).toBe(1);
      expect(stdout).toContain('error   SG010'); // the text report: no --format json either
    } finally {
      delete proto.fix;
      delete proto.format;
    }
    expect(readFileSync(join(dir, 'design.json'), 'utf8')).toBe(text);
  });

  it('reads own keys only: a polluted Object.prototype makes no design a template', () => {
    const proto = Object.prototype as Record<string, unknown>;
    proto.Resources = {};
    proto.tables = [];
    try {
      expect(sourceKind(JSON.parse(DESIGN))).toBe('design');
      expect(sourceKind({ name: 'app' })).toBeUndefined();
    } finally {
      delete proto.Resources;
      delete proto.tables;
    }
  });
});
