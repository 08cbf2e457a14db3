/**
 * The test helpers' own connections to a PostgreSQL server (TEST_DATABASE_URL): one client for
 * `work`, closed afterwards. For creating and dropping databases and tablespaces, which the app's
 * connection pools never do.
 */
import pg from "pg";

export async function withPgClient<T>(url: string, work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

/** One statement on a connection of its own; its rows. */
export async function adminQuery<T extends pg.QueryResultRow = pg.QueryResultRow>(
  url: string,
  text: string,
  values: unknown[] = [],
): Promise<T[]> {
  return withPgClient(url, async (client) => (await client.query<T>(text, values)).rows);
}
