/**
 * An applied fix keeps its finding's fix text: once the edits are written the finding is gone, and with it what the
 * edits bring about beyond the values they set. A Cosmos DB raise past 50,000 RU/s splits the container's physical
 * partitions, which takes hours and must be done before the peak, and a new container at fewer RU/s would do: both are
 * in SG017's fix text only.
 */
import { join } from 'node:path';
import { cli, tempTree } from './helpers';

// Course registration: 70,000 RU/s of peak on an autoscale maximum of 50,000 (5 physical partitions); the raise to
// 91,000 RU/s splits them into 10, and a new container created at 88,000 RU/s would start evenly on 9.
const REGISTRATION = {
  containers: [
    {
      name: 'registrations',
      partitionKey: { paths: [{ path: '/courseId', cardinality: 2500 }] },
      workload: { peakReadUnits: 30000, peakWriteUnits: 40000, hotKeyShare: 0.12 },
      throughput: { autoscaleMax: 50000 },
      storage: { totalGb: 8, largestPartitionGb: 0.05 },
      invariants: [{ kind: 'transactional-batch', description: 'Seat counter decremented in the batch that creates the enrollment.' }],
      accessPatterns: [
        { name: 'seats-of-course', keyAttributes: ['/courseId'], share: 0.55 },
        { name: 'schedule-of-student', keyAttributes: ['/studentId'], share: 0.35 },
        { name: 'advisees-of-advisor', keyAttributes: ['/advisorId'], share: 0.1 },
      ],
    },
  ],
};

const fixedCopy = () => join(tempTree({ 'registration.json': JSON.stringify(REGISTRATION, null, 2) }), 'registration.json');

describe('an applied fix keeps what its finding said it brings about', () => {
  it('JSON: the fixes[] entry carries the finding’s fix text beside its edits (a split of hours, a new container as the other way)', async () => {
    const { stdout } = await cli(['lint', fixedCopy(), '--fix', '--format', 'json']);
    const [fix] = JSON.parse(stdout).files[0].fixes;
    expect(fix).toMatchObject({ ruleId: 'SG017', edits: [{ op: 'set', path: 'containers[0].throughput.autoscaleMax', value: 91000 }] });
    expect(fix.fix).toContain('raise throughput.autoscaleMax to at least 91,000 RU/s');
    expect(fix.fix).toContain('split into 10 of 9,100 RU/s');
    expect(fix.fix).toContain('typically 4-6 hours');
    expect(fix.fix).toContain('create a new container at 88,000 RU/s');
  });

  it('text: the fixed line is followed by the fix text, and the report no longer has the finding', async () => {
    const { stdout } = await cli(['lint', fixedCopy(), '--fix', '--no-color']);
    const lines = stdout.split('\n');
    const fixed = lines.findIndex((line) => line.includes('fixed   SG017 registrations: set containers[0].throughput.autoscaleMax to 91000'));
    expect(fixed).toBeGreaterThanOrEqual(0);
    expect(lines[fixed + 1]).toMatch(/^ {8}fix: raise throughput\.autoscaleMax to at least 91,000 RU\/s .*typically 4-6 hours.*new container at 88,000 RU\/s/);
    expect(stdout).not.toContain('SG017 capacity-below-peak');
  });
});
