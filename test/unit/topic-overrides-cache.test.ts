import { beforeEach, describe, expect, it, vi } from 'vitest';

/** The per-instance copy of the moderators' topic overrides (services/topic-overrides.ts): read once a minute at most. */
const reads = vi.hoisted(() => ({ count: 0, fail: false }));
vi.mock('#store/topic-overrides.ts', () => ({
  listTopicOverrides: async () => {
    reads.count += 1;
    if (reads.fail) throw new Error('table busy');
    return [{ topicId: 'asci', name: `Read ${reads.count}`, changedBy: 'mod@example.com' }];
  },
}));

const { forgetTopicOverrides, OVERRIDES_TTL_MS, topicOverrides } = await import('../../lambdas/services/topic-overrides.ts');

beforeEach(() => {
  forgetTopicOverrides();
  reads.count = 0;
  reads.fail = false;
});

describe('topic overrides, as an instance keeps them', () => {
  it('reads the table once within OVERRIDES_TTL_MS, and again after it', async () => {
    const start = 1_000_000;
    expect((await topicOverrides(start)).get('asci')?.name).toBe('Read 1');
    expect((await topicOverrides(start + OVERRIDES_TTL_MS - 1)).get('asci')?.name).toBe('Read 1');
    expect((await topicOverrides(start + OVERRIDES_TTL_MS)).get('asci')?.name).toBe('Read 2');
    expect(reads.count).toBe(2);
  });

  it('reads again at once after a console change in this instance', async () => {
    await topicOverrides(5);
    forgetTopicOverrides();
    expect((await topicOverrides(6)).get('asci')?.name).toBe('Read 2');
  });

  it('keeps no failed read: the next call tries the table again', async () => {
    reads.fail = true;
    await expect(topicOverrides(10)).rejects.toThrow('table busy');
    reads.fail = false;
    expect((await topicOverrides(11)).get('asci')?.name).toBe('Read 2');
  });
});
