/**
 * Why a partner service refused, as types rather than words: each edge words them for its caller (the operator CLI
 * names its flags, the API its fields), so a partner never reads of `--grace-hours`.
 */
export class UnknownPartnerError extends Error {
  constructor(readonly partnerId: string) {
    super(`no partner with id ${partnerId}`);
    this.name = 'UnknownPartnerError';
  }
}

/** A grace period (keys, signing secrets) outside 0 to MAX_GRACE_HOURS. */
export class GraceOutOfRangeError extends Error {
  constructor(readonly graceHours: number) {
    super(`grace of ${graceHours} hours is outside 0 to ${MAX_GRACE_HOURS}`);
    this.name = 'GraceOutOfRangeError';
  }
}

/** The longest grace anyone can give old keys or secrets (90 days); the API's schemas allow a partner less. */
export const MAX_GRACE_HOURS = 24 * 90;
