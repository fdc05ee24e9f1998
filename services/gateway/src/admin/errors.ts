import { GraceOutOfRangeError, MAX_GRACE_HOURS, UnknownPartnerError } from '../partners/errors';

/** A refusal the CLI prints as is (exit code 1): worded for the operator, in terms of the command's flags. */
export class AdminError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'AdminError';
  }
}

/** Runs a service for the operator, wording its typed refusals in the CLI's terms. */
export async function asOperator<T>(run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (error) {
    if (error instanceof UnknownPartnerError) throw new AdminError(`no partner with id ${error.partnerId}`);
    if (error instanceof GraceOutOfRangeError)
      throw new AdminError(`--grace-hours must be a number from 0 to ${MAX_GRACE_HOURS} (90 days)`);
    throw error;
  }
}
