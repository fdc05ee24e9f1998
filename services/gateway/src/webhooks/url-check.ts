import { lookup } from 'node:dns/promises';
import { ApiError, checkResolvedAddresses, checkWebhookUrl, type WebhookUrlPolicy } from '@yv/domain';
import { withTimeout } from '@yv/runtime';

/** Longest a partner's PUT waits for its hostname to resolve. */
const DNS_TIMEOUT_MS = 3_000;

/**
 * A webhook URL the partner may register: the policy's checks, then every address its hostname resolves to now.
 * The worker checks the address again at each attempt (the name may resolve elsewhere later).
 * @returns the URL as stored. @throws ApiError BAD_REQUEST saying why.
 */
export async function allowedWebhookUrl(raw: string, policy: WebhookUrlPolicy): Promise<string> {
  const checked = checkWebhookUrl(raw, policy);
  if (checked.isAddress) return checked.url;
  let addresses: string[];
  try {
    const answers = await withTimeout(
      lookup(checked.hostname, { all: true, verbatim: true }),
      DNS_TIMEOUT_MS,
      () => Object.assign(new Error('DNS timeout'), { code: `no answer within ${DNS_TIMEOUT_MS} ms` }),
    );
    addresses = answers.map((answer) => answer.address);
  } catch (error) {
    const code = (error as { code?: string }).code ?? 'lookup failed';
    throw new ApiError(
      'BAD_REQUEST',
      `webhook URL ${JSON.stringify(checked.url)} is refused: ${checked.hostname} could not be resolved (${code})`,
    );
  }
  checkResolvedAddresses(checked.url, checked.hostname, addresses, policy);
  return checked.url;
}
