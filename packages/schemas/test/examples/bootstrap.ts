import { configExample } from './config';
import { WALLET } from './fixtures';
import { healthExample } from './health';
import { hlpExample } from './hlp';
import { vaultExample } from './vault';
import { activityExample, gasExample, positionExample, redeemsExample } from './wallet';

export const bootstrapExample = {
  wallet: WALLET,
  config: configExample,
  health: healthExample,
  vault: vaultExample,
  hlp: hlpExample,
  position: positionExample,
  activity: activityExample,
  redeems: redeemsExample,
  gas: gasExample,
  errors: {},
};

/** No `?wallet=`, and the HLP upstream down with no snapshot: the rest still renders. */
export const partialBootstrapExample = {
  ...bootstrapExample,
  wallet: null,
  hlp: null,
  position: null,
  activity: null,
  redeems: null,
  gas: null,
  errors: { hlp: { code: 'HLP_UPSTREAM_FAILED', message: 'HLP upstream answered 502', status: 503 } },
};
