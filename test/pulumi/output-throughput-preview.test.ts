/**
 * @jest-environment-options {"globalsCleanup": "off"}
 */
// Review 20: in a preview where throughput's Output is not known yet, the checks that need its number cannot run.
// That is said, naming the field and that the check runs at deployment, never passed in silence.
import * as pulumi from '@pulumi/pulumi';
import { GuardedContainer } from '../../lib/pulumi';
import { tenantItems } from './support/designs';
import { fleetMonitoring } from './support/fleet';
import { installMocks, registeredAll } from './support/mocks';
import { shortStackTraces } from './support/stack-traces';

shortStackTraces();

installMocks({ preview: true });

const monitoring = fleetMonitoring();
beforeAll(() => registeredAll([monitoring, monitoring.diagnosticSetting]));

it('says, in a preview that does not know the RU/s, that their checks run at deployment', async () => {
  const warn = jest.spyOn(pulumi.log, 'warn').mockImplementation(async () => undefined);
  const info = jest.spyOn(pulumi.log, 'info').mockImplementation(async () => undefined);
  const component = new GuardedContainer('unknown-ru', {
    monitoring,
    database: 'telemetry',
    // A value another resource computes: unknown until it exists.
    throughput: { manual: pulumi.output(pulumi.unknown as unknown as number) },
    design: tenantItems(30_000, 20_000),
  });
  await registeredAll([component, component.container]);
  expect(warn).toHaveBeenCalledWith(
    expect.stringContaining(
      "skewguard: throughput.manual is not known in this preview: the design was linted without it. Its range and step, the design's fit to it",
    ),
    component,
  );
  expect(warn).toHaveBeenCalledWith(expect.stringContaining('(its physical partitions, SG003 and SG012, and its capacity against the peak, SG017)'), component);
  expect(warn).toHaveBeenCalledWith(expect.stringContaining('are checked when its value is known, at deployment (pulumi up)'), component);
  expect(info).not.toHaveBeenCalledWith(expect.stringContaining('(a Pulumi Output) is'), component);
});

it('checks a value a preview knows, as pulumi up does', async () => {
  const warn = jest.spyOn(pulumi.log, 'warn').mockImplementation(async () => undefined);
  const info = jest.spyOn(pulumi.log, 'info').mockImplementation(async () => undefined);
  const component = new GuardedContainer('known-ru', {
    monitoring,
    database: 'telemetry',
    throughput: { manual: pulumi.output(4_000) },
    design: tenantItems(2_000, 1_000),
  });
  await registeredAll([component, component.container]);
  expect(info).toHaveBeenCalledWith(expect.stringContaining('throughput.manual (a Pulumi Output) is 4,000 RU/s'), component);
  expect(warn).not.toHaveBeenCalledWith(expect.stringContaining('not known in this preview'), component);
});
