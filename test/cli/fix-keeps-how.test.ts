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
    expect(fix).toMatchObject({ ruleId: 'SG017', edits: [{ op: 'set', path: 'containers[0].throughput.autoscaleMax', value: 88000 }] });
    // No physicalPartitions declared: the container is still to be created, at 88,000 on 9 even partitions; the raise in
    // place (91,000, 10 of 9,100, hours of split) is named for a container that exists.
    expect(fix.fix).toContain('raise throughput.autoscaleMax to at least 88,000 RU/s');
    expect(fix.fix).toContain('created at 88,000 RU/s, Azure starts it on 9 physical partitions of 9,777.78 RU/s, evenly split');
    expect(fix.fix).toContain('91,000 RU/s, whose split into 10 of 9,100 RU/s, evenly, takes Azure typically 4-6 hours');
    expect(fix.fix).not.toContain('copy every document');
  });

  it('text: the fixed line is followed by the fix text, and the report no longer has the finding', async () => {
    const { stdout } = await cli(['lint', fixedCopy(), '--fix', '--no-color']);
    const lines = stdout.split('\n');
    const fixed = lines.findIndex((line) => line.includes('fixed   SG017 registrations: set containers[0].throughput.autoscaleMax to 88000'));
    expect(fixed).toBeGreaterThanOrEqual(0);
    expect(lines[fixed + 1]).toMatch(
      /^ {8}fix: raise throughput\.autoscaleMax to at least 88,000 RU\/s .*created at 88,000 RU\/s.*declare its physicalPartitions/,
    );
    expect(stdout).not.toContain('SG017 capacity-below-peak');
  });
});
