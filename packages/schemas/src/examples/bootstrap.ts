import { API_ERROR_STATUS } from '../errors';
import { configExample } from './config';
import { errorEnvelopeExample } from './errors';
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
  errors: {
    hlp: {
      ...errorEnvelopeExample('HLP_UPSTREAM_FAILED').error,
      status: API_ERROR_STATUS.HLP_UPSTREAM_FAILED,
    },
  },
};
