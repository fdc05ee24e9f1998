import { successEnvelope } from './common';
import { ref } from './ref';

/** The success envelope of every response, one named schema per `data` type, so tests validate whole bodies. */
export const responseSchemas = {
  ConfigResponse: successEnvelope(ref('Config'), 'Response of GET /api/v1/config.'),
  HealthResponse: successEnvelope(ref('Health'), 'Response of GET /api/v1/health.'),
  VaultResponse: successEnvelope(ref('Vault'), 'Response of GET /api/v1/vault.'),
  HlpResponse: successEnvelope(ref('Hlp'), 'Response of GET /api/v1/hlp.'),
  BootstrapResponse: successEnvelope(ref('Bootstrap'), 'Response of GET /api/v1/bootstrap.'),
  PositionResponse: successEnvelope(ref('Position'), 'Response of GET /api/v1/wallets/{address}/position.'),
  ActivityResponse: successEnvelope(
    ref('Activity'),
    'Response of GET /api/v1/wallets/{address}/activity (paged).',
    'PageMeta',
  ),
  RedeemsResponse: successEnvelope(
    ref('Redeems'),
    'Response of GET /api/v1/wallets/{address}/redeems (paged).',
    'PageMeta',
  ),
  ActionQuoteResponse: successEnvelope(
    ref('ActionQuote'),
    'Response of the builders (quote and build endpoints).',
  ),
  PartnerActionResponse: successEnvelope(ref('PartnerAction'), 'Response of every partner-action endpoint.'),
  WebhookRetryResultResponse: successEnvelope(
    ref('WebhookRetryResult'),
    'Response of POST /api/cron/webhooks.',
  ),
} as const;
