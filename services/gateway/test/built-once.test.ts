import { builtOnce } from '../src/reads/cache';

describe('builtOnce', () => {
  const counted = () => {
    let builds = 0;
    const build = builtOnce(
      (a: { state: object; ready: string }) => [a.state, a.ready],
      (a) => ({ build: ++builds, ready: a.ready }),
    );
    return { build, builds: () => builds };
  };

  it('serves the last build while every input is the same object or value', () => {
    const { build, builds } = counted();
    const state = {};
    const first = build({ state, ready: 'all' });
    expect(build({ state, ready: 'all' })).toBe(first);
    expect(builds()).toBe(1);
  });

  it('builds again when one input changes, and again when it changes back', () => {
    const { build, builds } = counted();
    const state = {};
    build({ state, ready: 'all' });
    expect(build({ state: {}, ready: 'all' })).toEqual({ build: 2, ready: 'all' });
    expect(build({ state, ready: 'none' })).toEqual({ build: 3, ready: 'none' });
    expect(build({ state, ready: 'all' })).toEqual({ build: 4, ready: 'all' });
    expect(builds()).toBe(4);
  });
});
