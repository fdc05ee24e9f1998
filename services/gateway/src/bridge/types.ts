import type { BridgeQuote as ProviderQuote, BridgeQuoteRequest } from '@yv/schemas';

/**
 * The bridge-provider adapter: a deposit-address bridge (docs/bridge-provider.md) opened for a withdrawal to a
 * chain other than 999. The claim or instant redeem pays out to `depositAddress`, and the provider delivers to
 * `recipient` on the destination chain (or refunds `refundTo`).
 */
export interface BridgeQuote extends ProviderQuote {
  /** The provider that opened it, as `bridge.provider` shows it. */
  provider: string;
}

export interface BridgeAdapter {
  readonly provider: string;
  /** @throws BridgeError when the provider refuses or fails. */
  quote(request: BridgeQuoteRequest): Promise<BridgeQuote>;
}

/** `rejected`: the provider said our request is wrong (4xx), repeating cannot help; otherwise a provider fault. */
export class BridgeError extends Error {
  override readonly name = 'BridgeError';
  constructor(
    message: string,
    readonly rejected: boolean,
    options?: { cause?: unknown },
  ) {
    super(message, options);
  }
}
