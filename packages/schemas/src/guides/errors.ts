import { API_ERROR_CODES, API_ERROR_STATUS, type ApiErrorCode } from '../errors';
import { errorEnvelopeExample } from '../examples/errors';
import { markdownTable } from './table';

/** The code → status table of the API (API_ERROR_STATUS), with the example message each code's examples show. */
function errorTable(): string {
  const byStatus = [...API_ERROR_CODES].sort((a, b) => API_ERROR_STATUS[a] - API_ERROR_STATUS[b]);
  return markdownTable(
    ['code', 'HTTP status', 'for example'],
    byStatus.map((code: ApiErrorCode) => [
      `\`${code}\``,
      String(API_ERROR_STATUS[code]),
      errorEnvelopeExample(code).error.message,
    ]),
  );
}

export function errorsGuide(): string {
  return `Every failure is \`{"success": false, "error": {"code", "message"}}\`. **Branch on \`code\`**, never on the
message, which is for humans (it names the field and what is allowed) and may change wording. Each code has one
fixed HTTP status, with three exceptions for \`BAD_REQUEST\`: an unknown route (and another partner's webhook event)
is 404, a body over the size limit is 413, and a rate-limited request is 429 (see [Rate limits](#tag/guide-rate-limits)).

${errorTable()}

**Addresses.** Every EVM address a request carries is accepted all lower-case, all upper-case, or in mixed case
with a valid EIP-55 checksum. A mixed-case address whose checksum is wrong (one letter of a checksummed address in
the other case) is a likely typo and is refused with 400, the field named in the message: \`BAD_REQUEST\` in a builder
body, \`BAD_ACTION_REQUEST\` in a partner action body, \`BAD_WALLET\` in an \`{address}\` path or \`wallet\` query
parameter. Nothing is stored on a refusal, and the Idempotency-Key is not spent.

**The database away.** While the vault's database cannot be reached, every operation that checks a partner key (and
every read of indexed data) answers 503 \`INDEXER_UNAVAILABLE\`, the spec's code for the data the indexer keeps. Retry
later: a create retried with the same Idempotency-Key is made at most once.

Every answer carries \`x-request-id\`: quote it when asking the vault's operators about a failure. A 500 or 503 may
succeed later unchanged; a 4xx needs a changed request, or for a 409 a changed state. \`@yv/sdk\` throws \`PartnerApiError\` with \`code\`, \`status\` and \`requestId\`.`;
}
