import type { VaultProof, VaultState, VaultWiring } from './types';

/** VaultState as stored (vault_snapshots.state) and sent: every bigint as an integer string. */
export type VaultStateJson = {
  [K in keyof Omit<VaultState, 'proof' | 'wiring'>]: VaultState[K] extends bigint ? string : VaultState[K];
} & {
  proof: {
    buckets: Record<keyof VaultProof['buckets'], string>;
    reconciliation: Record<keyof VaultProof['reconciliation'], string>;
  };
  wiring: VaultWiring;
};

const mapValues = <K extends string, A, B>(record: Record<K, A>, fn: (value: A) => B): Record<K, B> =>
  Object.fromEntries(Object.entries(record).map(([key, value]) => [key, fn(value as A)])) as Record<K, B>;

export function vaultStateToJson(state: VaultState): VaultStateJson {
  const { proof, wiring, depositsPaused, keeper, strategy, navSource, treasury, ...amounts } = state;
  return {
    ...mapValues(amounts, String),
    depositsPaused,
    keeper,
    strategy,
    navSource,
    treasury,
    proof: {
      buckets: mapValues(proof.buckets, String),
      reconciliation: mapValues(proof.reconciliation, String),
    },
    wiring: { ...wiring },
  };
}

/** The reverse of vaultStateToJson; throws on a value that is not an integer string (a corrupted row). */
export function vaultStateFromJson(json: VaultStateJson): VaultState {
  const { proof, wiring, depositsPaused, keeper, strategy, navSource, treasury, ...amounts } = json;
  return {
    ...mapValues(amounts, BigInt),
    depositsPaused,
    keeper,
    strategy,
    navSource,
    treasury,
    proof: {
      buckets: mapValues(proof.buckets, BigInt),
      reconciliation: mapValues(proof.reconciliation, BigInt),
    },
    wiring: { ...wiring },
  };
}
