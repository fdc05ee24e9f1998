// Hardhat is only the devnet's JSON-RPC node here: contracts are compiled by @yv/contracts with solc from npm.
const { DEVNET_MNEMONIC, DEVNET_ACCOUNT_COUNT, DEVNET_CHAIN_ID } = require('./src/constants.json');

module.exports = {
  networks: {
    hardhat: {
      chainId: DEVNET_CHAIN_ID,
      hardfork: 'cancun',
      // Automine answers each transaction at once; the interval keeps blocks coming so confirmation depths advance.
      mining: { auto: true, interval: Number(process.env.DEVNET_BLOCK_INTERVAL_MS ?? 1000) },
      accounts: {
        mnemonic: DEVNET_MNEMONIC,
        count: DEVNET_ACCOUNT_COUNT,
        accountsBalance: '1000000000000000000000000',
      },
      loggingEnabled: false,
    },
  },
};
