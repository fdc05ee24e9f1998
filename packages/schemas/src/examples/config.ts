import { ADDRESSES, SETTLEMENT_NETWORK, SHARE_TOKEN, USDC_TOKEN, usdc } from './fixtures';

const evm = (chainId: number, chainName: string, address: string) => ({
  vm: 'evm',
  chainId,
  chainName,
  token: { symbol: 'USDC', decimals: 6, address },
  bridgeWalletAdapter: 'evm-injected',
});

export const configExample = {
  apiVersion: 'v1',
  product: { slug: 'yield-vault', name: 'Yield Vault', description: 'USDC yield from the HLP strategy.' },
  chain: { id: 999, name: 'HyperEVM', rpcUrl: 'http://127.0.0.1:8545', explorerUrl: null },
  contracts: {
    contractVersion: 'svc-pipe-v2',
    vault: ADDRESSES.core,
    usdc: ADDRESSES.usdc,
    hlpVault: ADDRESSES.hlpVault,
    core: ADDRESSES.core,
    share: ADDRESSES.share,
    depositPipe: ADDRESSES.depositPipe,
    redemptionPipe: ADDRESSES.redemptionPipe,
    strategyKeeper: ADDRESSES.keeper,
    navSource: ADDRESSES.navSource,
  },
  tokens: { asset: USDC_TOKEN, share: SHARE_TOKEN },
  deposit: {
    nativeChainId: 999,
    supportedRoutes: [
      {
        kind: 'native-usdc',
        chainId: 999,
        chainName: 'HyperEVM',
        enabled: true,
        sdkSupported: true,
        actionEndpoint: '/api/v1/partner/actions/deposit',
        status: 'available',
        requiresReadiness: true,
        readinessEndpoint: '/api/v1/health',
        readinessFlag: 'deposits',
        asset: USDC_TOKEN,
      },
    ],
    funding: {
      mode: 'partner-funded-usdc',
      destination: SETTLEMENT_NETWORK,
      sourceNetworks: [
        evm(1, 'Ethereum', '0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48'),
        evm(42161, 'Arbitrum One', '0xaf88d065e77c8cC2239327C5EDb3A432268e5831'),
        evm(8453, 'Base', '0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913'),
        evm(10, 'OP Mainnet', '0x0b2C639c533813f4Aa9D7837CAf62653d097Ff85'),
        evm(137, 'Polygon', '0x3c499c542cEF5E3811e1192ce70d8cC03d5c3359'),
        evm(43114, 'Avalanche C-Chain', '0xB97EF9Ef8734C71904D8002F8b6Bc66Dd9c48a6E'),
        {
          vm: 'svm',
          chainId: 792703809,
          chainName: 'Solana',
          token: { symbol: 'USDC', decimals: 6, address: 'EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDt1v' },
          bridgeWalletAdapter: 'solana-wallet-adapter',
        },
      ],
      sequence: [
        'Bridge USDC to chain 999 with the recipient set to the depositing account.',
        'Create the deposit action.',
        'Sign the steps in order.',
      ],
      notes: ['The service never bridges or signs for the partner.'],
    },
    minimumDeposit: usdc(10_000_000n),
    recommendedOperationalMinimum: usdc(100_000_000n),
  },
  withdraw: {
    nativeSettlementChainId: 999,
    supportedDestinations: [
      {
        chainId: 999,
        chainName: 'HyperEVM',
        usdcAddress: ADDRESSES.usdc,
        chainIcon: 'https://icons.example.org/chains/999.svg',
        enabled: true,
      },
      {
        chainId: 42161,
        chainName: 'Arbitrum One',
        usdcAddress: '0xaf88d065e77c8cC2239327C5EDb3A432268e5831',
        chainIcon: 'https://icons.example.org/chains/42161.svg',
        enabled: true,
      },
    ],
  },
};
