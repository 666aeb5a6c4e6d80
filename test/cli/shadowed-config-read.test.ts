// The package.json a skewguard.config.json hides is read once: its "skewguard" key found and placed in one read, not
// found in one and placed in a second, which could see another version of the file.
import { join } from 'node:path';
import { shadowedConfig } from '../../lib/cli/config';
import * as readInput from '../../lib/cli/read-input';
import { tempTree } from './helpers';

jest.mock('../../lib/cli/read-input', () => {
  const actual = jest.requireActual<typeof import('../../lib/cli/read-input')>('../../lib/cli/read-input');
  return { ...actual, readInputFile: jest.fn(actual.readInputFile) };
});

it('reads the package.json beside skewguard.config.json once, and places its "skewguard" key', () => {
  const dir = tempTree({
    'skewguard.config.json': '{}',
    'package.json': '{\n  "name": "shop",\n  "skewguard": { "failOn": "warning" }\n}\n',
  });
  const read = jest.mocked(readInput.readInputFile);
  read.mockClear();
  const shadowed = shadowedConfig(join(dir, 'skewguard.config.json'));
  expect(shadowed).toEqual({ file: join(dir, 'package.json'), place: expect.objectContaining({ line: 3 }) });
  expect(read.mock.calls.map(([file]) => file)).toEqual([join(dir, 'package.json')]);
});
