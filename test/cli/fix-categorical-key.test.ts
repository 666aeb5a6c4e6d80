/**
 * fix27b (try26a, teams/chat/designs/chat-flawed.json): `--fix` wrote `sharding: {random, 7}` on the container
 * `conversations`, keyed by `/conversationType` (3 values): every read of one conversation then queried all 7 shards.
 * A re-key by the entity the reads name is the fix, so --fix writes no shards of a categorical primary key, and its
 * note says why; its other fixes (the `messages` container's) are written as before.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { cli, fixtures, tempTree } from './helpers';

const chatFlawed = readFileSync(join(fixtures, 'designs/chat-flawed.json'), 'utf8');

describe('--fix on a container keyed by a category (chat-flawed.json)', () => {
  it('leaves `conversations` unsharded and says a re-key is the fix; the other container is fixed', async () => {
    const file = join(tempTree({ 'chat.json': chatFlawed }), 'chat.json');
    const { code, stdout } = await cli(['lint', file, '--fix']);
    expect(code).toBe(1);
    const [messages, conversations] = JSON.parse(readFileSync(file, 'utf8')).containers;
    expect(conversations).toEqual(JSON.parse(chatFlawed).containers[1]);
    expect(messages.throughput).toEqual({ autoscaleMax: 57000 });
    for (const rule of ['SG001', 'SG006'])
      expect(stdout).toContain(
        `${rule} not fixed: a re-key is the fix, not shards: \`/conversationType\` is named like a status, type or region, a category of the items rather than their identity (the fix above says what its shards would cost every read); choose the attribute your reads name (an entity id, such as the item id) as the key, or acknowledge the finding`,
      );
    expect(stdout).not.toContain('fixed   SG001');
    // `messages` keeps SG017's raise; its reorder (SG002) is not written since hier27: put first, `/conversationId`
    // would carry the 25% conversation on one physical partition (firstLevelOverloaded).
    expect(stdout).toContain('fixed   SG017 messages');
  });
});
