import type { ClientBase, Pool } from 'pg';

/** A pool for one-off statements or a transaction's client: every repository function runs on either. */
export type Queryable = Pool | ClientBase;
