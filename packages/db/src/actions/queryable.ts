import type { ClientBase, Pool } from 'pg';

/** A pool for one-off statements or a transaction's client: the repository functions of partners, actions and outbox run on either. */
export type Queryable = Pool | ClientBase;
