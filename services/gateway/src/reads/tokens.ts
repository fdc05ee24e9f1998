import type { Provider } from 'ethers';
import type { Deployment } from '@yv/config';
import { MockUSDC__factory, Share__factory } from '@yv/contracts';
import { cached } from './cache';

export interface TokenInfo {
  symbol: string;
  decimals: number;
  address: string;
}

export interface Tokens {
  asset: TokenInfo;
  share: TokenInfo;
}

/** Symbol and decimals of the asset and the share, as the tokens report them. */
async function readTokens(provider: Provider, deployment: Deployment): Promise<Tokens> {
  const { usdc, share } = deployment.contracts;
  const asset = MockUSDC__factory.connect(usdc, provider);
  const shares = Share__factory.connect(share, provider);
  const [assetSymbol, assetDecimals, shareSymbol, shareDecimals] = await Promise.all([
    asset.symbol(),
    asset.decimals(),
    shares.symbol(),
    shares.decimals(),
  ]);
  return {
    asset: { symbol: assetSymbol, decimals: Number(assetDecimals), address: usdc },
    share: { symbol: shareSymbol, decimals: Number(shareDecimals), address: share },
  };
}

/**
 * The tokens' metadata, read once per process and shared by the reads and the quotes (immutable); a failed read is
 * not kept, so the next caller asks again.
 */
export function tokenReader(provider: Provider, deployment: Deployment): () => Promise<Tokens> {
  return cached(Infinity, () => readTokens(provider, deployment));
}
