import type { RpcClient } from '@yv/chain';

export interface TokenDecimals {
  readonly asset: number;
  readonly share: number;
}

// decimals() selector: the only call the indexer makes besides logs and headers, so no ABI coder is pulled in.
const DECIMALS_CALL = '0x313ce567';

async function decimalsOf(rpc: RpcClient, token: string): Promise<number> {
  const answer = await rpc.call<string>('eth_call', [{ to: token, data: DECIMALS_CALL }, 'latest']);
  return Number(BigInt(answer));
}

/** Reads the asset's and share's decimals on first use and keeps them: they are immutable. */
export function tokenDecimalsReader(
  rpc: RpcClient,
  tokens: { asset: string; share: string },
): () => Promise<TokenDecimals> {
  let read: Promise<TokenDecimals> | null = null;
  return () => {
    read ??= Promise.all([decimalsOf(rpc, tokens.asset), decimalsOf(rpc, tokens.share)]).then(
      ([asset, share]) => ({ asset, share }),
      (error: unknown) => {
        read = null;
        throw error;
      },
    );
    return read;
  };
}
