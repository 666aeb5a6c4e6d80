/**
 * The partition-key designs of the telemetry store, kept apart from the program so tests and other
 * tools can read them without running it.
 */
import type { ContainerDesign } from '../../lib/pulumi';

/** Device events: 2,000 tenants, 500,000 devices, one session per connection; tenant → device → session. */
export const eventsDesign: ContainerDesign = {
  partitionKey: {
    paths: [
      { path: '/tenantId', cardinality: 2_000 },
      { path: '/deviceId', cardinality: 500_000 },
      { path: '/sessionId', cardinality: 'unique' },
    ],
  },
  // 32,000 RU/s at peak: 80% of the 40,000 RU/s autoscale maximum, the design's headroom (SG017).
  workload: { peakReadUnits: 8_000, peakWriteUnits: 24_000 },
  storage: { largestPartitionGb: 0.5 },
  accessPatterns: [
    { name: 'session-events', keyAttributes: ['/tenantId', '/deviceId', '/sessionId'], share: 0.7 },
    { name: 'device-timeline', keyAttributes: ['/tenantId', '/deviceId'], share: 0.2 },
    { name: 'tenant-dashboard', keyAttributes: ['/tenantId'], share: 0.08 },
    { name: 'fleet-report', keyAttributes: [], share: 0.02 },
  ],
};

/** The device registry: read by tenant and device, or by tenant; tenant → device. */
export const devicesDesign: ContainerDesign = {
  partitionKey: {
    paths: [
      { path: '/tenantId', cardinality: 2_000 },
      { path: '/deviceId', cardinality: 500_000 },
    ],
  },
  // 800 RU/s at peak: 80% of its 1,000 RU/s (SG017).
  workload: { peakReadUnits: 600, peakWriteUnits: 200 },
  storage: { largestPartitionGb: 0.01 },
  accessPatterns: [
    { name: 'device-twin', keyAttributes: ['/tenantId', '/deviceId'], share: 0.9 },
    { name: 'tenant-devices', keyAttributes: ['/tenantId'], share: 0.1 },
  ],
};
