// The svc-vault-v3 jest project's setup: the devnet fixture deploys that layout in this worker's test files.
process.env.DEVNET_CONTRACT_VERSION = 'svc-vault-v3';
