import { sleep } from '@yv/runtime';

/** One JSON-RPC call of a batch. */
export interface Call {
  readonly method: string;
  readonly params: readonly unknown[];
}

const ATTEMPTS = 5;

/**
 * Sends the calls as one JSON-RPC batch over plain fetch; results in call order. A dropped connection
 * (`socket hang up`, ECONNRESET: the node closed an idle keep-alive socket as it was reused) is retried, so a
 * batch can reach the node twice: an error matching `repeated` (what the second copy of a call gets, e.g. a
 * transaction already in the pool) counts as done.
 */
export async function rpc<T>(url: string, calls: readonly Call[], repeated?: RegExp): Promise<T[]> {
  for (let attempt = 1; ; attempt++) {
    let answers: { id: number; result?: T; error?: { message: string } }[];
    try {
      const response = await fetch(url, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(calls.map((c, id) => ({ jsonrpc: '2.0', id, ...c }))),
      });
      answers = (await response.json()) as typeof answers;
    } catch (error) {
      if (attempt >= ATTEMPTS) throw error;
      await sleep(100 * 2 ** attempt);
      continue;
    }
    return answers
      .sort((a, b) => a.id - b.id)
      .map((a) => {
        if (a.error && !repeated?.test(a.error.message)) throw new Error(a.error.message);
        return a.result as T;
      });
  }
}
