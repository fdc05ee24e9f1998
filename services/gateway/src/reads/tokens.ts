import type { Provider } from 'ethers';
import type { Deployment } from '@yv/config';
import { MockUSDC__factory, Share__factory } from '@yv/contracts';

export interface TokenInfo {
  symbol: string;
  decimals: number;
  address: string;
}

/** Symbol and decimals of the asset and the share, as the tokens report them. Immutable: read once per process. */
export async function readTokens(
  provider: Provider,
  deployment: Deployment,
): Promise<{ asset: TokenInfo; share: TokenInfo }> {
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
