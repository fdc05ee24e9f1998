import { JsonRpcProvider } from 'ethers';

/**
 * A provider on the node at `url` that counts the eth_call requests reaching it, and keeps each one's block tag:
 * to prove reads are batched and shared.
 */
export function countingProvider(url: string) {
  const provider = new JsonRpcProvider(url, 999, { staticNetwork: true, cacheTimeout: -1 });
  const blockTags: unknown[] = [];
  const send = provider.send.bind(provider);
  provider.send = (method: string, params: unknown[] | Record<string, unknown>) => {
    if (method === 'eth_call') blockTags.push((params as unknown[])[1]);
    return send(method, params);
  };
  return { provider, ethCalls: () => blockTags.length, blockTags };
}

/** Holds every eth_call's answer `ms` longer, as a distant node would. */
export function answerCallsLate(provider: JsonRpcProvider, ms: number): void {
  const send = provider.send.bind(provider);
  provider.send = async (method: string, params: unknown[] | Record<string, unknown>) => {
    const answer = await send(method, params);
    if (method === 'eth_call') await new Promise((resolve) => setTimeout(resolve, ms));
    return answer;
  };
}

/**
 * Holds every eth_call's answer until released, in the order the calls were sent: `releaseNext()` the oldest held,
 * `releaseAll()` every held and later one.
 */
export function answerCallsOnRelease(provider: JsonRpcProvider) {
  const send = provider.send.bind(provider);
  const waiting: (() => void)[] = [];
  let released = false;
  provider.send = async (method: string, params: unknown[] | Record<string, unknown>) => {
    const gate =
      method === 'eth_call' && !released ? new Promise<void>((resolve) => waiting.push(resolve)) : null;
    const answer = await send(method, params);
    await gate;
    return answer;
  };
  return {
    releaseNext: () => waiting.shift()?.(),
    releaseAll: () => {
      released = true;
      waiting.splice(0).forEach((resolve) => resolve());
    },
  };
}
