import { batched } from '../src/batch';

describe('batched', () => {
  it('loads the keys asked for in one turn with one call, answering each its own value', async () => {
    const calls: number[][] = [];
    const load = batched(async (keys: number[]) => {
      calls.push(keys);
      return keys.map((k) => k * 10);
    });
    expect(await Promise.all([load(1), load(2), load(3)])).toEqual([10, 20, 30]);
    expect(await load(4)).toBe(40);
    expect(calls).toEqual([[1, 2, 3], [4]]);
  });

  it('splits a turn larger than maxBatch into several loads', async () => {
    const calls: number[][] = [];
    const load = batched(
      async (keys: number[]) => {
        calls.push(keys);
        return keys;
      },
      { maxBatch: 2 },
    );
    expect(await Promise.all([1, 2, 3, 4, 5].map(load))).toEqual([1, 2, 3, 4, 5]);
    expect(calls).toEqual([[1, 2], [3, 4], [5]]);
  });

  it('fails every key of a failed batch, and only those', async () => {
    let fail = true;
    const load = batched(async (keys: number[]) => {
      if (fail) throw new Error('database unavailable');
      return keys;
    });
    const first = Promise.allSettled([load(1), load(2)]);
    expect((await first).map((r) => r.status)).toEqual(['rejected', 'rejected']);
    fail = false;
    expect(await load(3)).toBe(3);
  });

  it('refuses an answer that does not match its keys one to one', async () => {
    const load = batched(async (keys: number[]) => keys.slice(1));
    await expect(Promise.all([load(1), load(2)])).rejects.toThrow('a batch of 2 answered 1 results');
  });

  it('holds calls made while maxInFlight flushes are out, and sends them together after', async () => {
    const calls: number[][] = [];
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    const load = batched(
      async (keys: number[]) => {
        calls.push(keys);
        if (calls.length === 1) await gate;
        return keys;
      },
      { maxInFlight: 1 },
    );
    const first = load(1);
    await new Promise((resolve) => setImmediate(resolve));
    const later = [load(2), load(3)];
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(calls).toEqual([[1]]);
    release();
    expect(await Promise.all([first, ...later])).toEqual([1, 2, 3]);
    expect(calls).toEqual([[1], [2, 3]]);
  });
});
