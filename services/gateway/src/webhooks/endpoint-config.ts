import { bool } from '@yv/config';

/** Environment of the partner's webhook endpoint routes, spread into the gateway's spec. */
export const webhookEndpointSpec = {
  /**
   * Partners may register loopback, private and reserved addresses (dev stacks, tests); never link-local or cloud
   * metadata. The webhook worker's value must match, or it refuses at delivery what the gateway accepted.
   */
  WEBHOOK_ALLOW_PRIVATE_URLS: bool({ default: false }),
};
