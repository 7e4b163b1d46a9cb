// The pg pool as Kysely borrows it, with the two rules every PostgreSQL statement passes through here (every
// write's commit included: Kysely's transaction COMMIT and a lone statement's own commit alike):
// - a statement that PostgreSQL answers with the "canceling wait for synchronous replication" warning fails
//   (UnreplicatedCommitError): the write is on the primary alone, so it must never be acknowledged;
// - a connection that meets a failover (the server shutting down, gone, or read-only) is dropped by the pool on
//   release, never lent again, and the host is reported lost; the query fails with DatabaseUnavailableError.
import type { PostgresPool, PostgresPoolClient, PostgresQueryResult } from 'kysely';
import type pg from 'pg';
import type { NoticeMessage } from 'pg-protocol/dist/messages.js';
import {
  DatabaseUnavailableError, isConnectionLost, isUnreplicatedCommitNotice, UnreplicatedCommitError,
} from './databaseFailures.ts';

/** A lost connection's error, told apart as the database's; any other error as it is. */
const asDatabaseError = (error: unknown): unknown => (isConnectionLost(error) ? new DatabaseUnavailableError(error) : error);

export function gatedPool(pool: pg.Pool, onLost: (client: pg.PoolClient) => void): PostgresPool {
  return {
    async connect(): Promise<PostgresPoolClient> {
      const client = await pool.connect().catch((error: unknown) => { throw asDatabaseError(error); });
      let broken: Error | undefined;
      // The warning arrives before the statement's result: one statement runs at a time on a borrowed connection.
      const warned: { notice?: NoticeMessage } = {};
      const onNotice = (notice: NoticeMessage) => {
        if (isUnreplicatedCommitNotice(notice)) warned.notice = notice;
      };
      client.on('notice', onNotice);
      // pg emits 'error' when a borrowed connection ends under it (the host gone mid-COMMIT), and pg-pool
      // listens only while it is idle: without this, that event would end the process.
      const onError = (error: Error) => {
        if (broken !== undefined) return;
        broken = error;
        if (isConnectionLost(error)) onLost(client);
      };
      client.on('error', onError);
      async function query<R>(sql: string, parameters: ReadonlyArray<unknown>): Promise<PostgresQueryResult<R>> {
        warned.notice = undefined;
        try {
          const result = await client.query(sql, [...parameters]);
          const notice = warned.notice as NoticeMessage | undefined;
          if (notice !== undefined) {
            throw new UnreplicatedCommitError(`PostgreSQL committed without its synchronous standby: ${notice.message ?? ''}`);
          }
          return result as unknown as PostgresQueryResult<R>;
        } catch (error) {
          if (broken === undefined && isConnectionLost(error)) onError(error as Error);
          throw asDatabaseError(error);
        }
      }
      return {
        // No cursor: the server never streams rows through Kysely.
        query: query as PostgresPoolClient['query'],
        release() {
          client.off('notice', onNotice);
          client.off('error', onError);
          // With an error the pool closes the connection instead of lending it again.
          client.release(broken);
        },
      };
    },
    end: () => pool.end(),
  };
}
