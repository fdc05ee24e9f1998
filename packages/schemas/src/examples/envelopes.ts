import { UPDATED_AT } from './fixtures';

/** An OpenAPI Example Object; `examples` maps a short name to one. */
export interface Example {
  summary: string;
  value: unknown;
}
export type Examples = Record<string, Example>;

export const example = (summary: string, value: unknown): Example => ({ summary, value });

/** The success envelope around `data`, as every JSON answer but the two bare documents has it. */
export const ok = (data: unknown, meta: Record<string, unknown> = {}) => ({
  success: true,
  data,
  meta: { updatedAt: UPDATED_AT, ...meta },
});

/** A page of a list; `nextCursor` null on the last page. */
export const page = (data: unknown, nextCursor: string | null) => ok(data, { nextCursor });
