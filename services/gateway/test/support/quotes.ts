import path from 'node:path';
import type { Provider } from 'ethers';
import { vaultLayout } from '@yv/chain';
import { readProductConfig, type Deployment } from '@yv/config';
import { DEFAULT_QUOTE_TTL_MS, type QuoteReadiness } from '@yv/domain';
import { createServiceMetrics, type ServiceMetrics } from '@yv/metrics';
import { createHttpBridgeAdapter } from '../../src/bridge';
import { createQuoteService, type QuoteService } from '../../src/quotes';
import { tokenReader } from '../../src/reads/tokens';

/**
 * The quote service as the gateway composes it, on the devnet product config and the given chain provider (its
 * tokens read through the same provider); ready for deposits and operations unless `readiness` says otherwise.
 */
export function devnetQuoteService(
  deployment: Deployment,
  provider: Provider,
  opts: {
    bridgeUrl: string;
    readiness?: () => QuoteReadiness;
    metrics?: ServiceMetrics;
    readWindowMs?: number;
  },
): QuoteService {
  return createQuoteService({
    provider,
    deployment,
    layout: vaultLayout(deployment),
    product: readProductConfig(path.join(__dirname, '../../../../config/product.devnet.json')),
    tokens: tokenReader(provider, deployment),
    bridge: createHttpBridgeAdapter({ baseUrl: opts.bridgeUrl }),
    readiness: opts.readiness ?? (() => ({ deposits: true, operations: true })),
    clock: () => new Date(),
    quoteTtlMs: DEFAULT_QUOTE_TTL_MS,
    readWindowMs: opts.readWindowMs,
    metrics: opts.metrics ?? createServiceMetrics('gateway'),
  });
}
