import { withTimeout } from '../src';

class Unavailable extends Error {}

it('settles with the promise when it is in time', async () => {
  await expect(withTimeout(Promise.resolve(7), 1_000, () => new Unavailable())).resolves.toBe(7);
  await expect(
    withTimeout(Promise.reject(new Error('refused')), 1_000, () => new Unavailable()),
  ).rejects.toThrow('refused');
});

it('rejects with the caller’s error once the time is up', async () => {
  const never = new Promise<number>(() => undefined);
  await expect(withTimeout(never, 20, () => new Unavailable('no answer within 20ms'))).rejects.toBeInstanceOf(
    Unavailable,
  );
});
