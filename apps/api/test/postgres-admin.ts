/** Creating and dropping throwaway databases on the PostgreSQL server that DATABASE_URL names. */
import pg from 'pg';

export async function adminUrl(url: string): Promise<pg.Client> {
  const admin = new URL(url);
  admin.pathname = '/postgres';
  const client = new pg.Client({ connectionString: admin.toString() });
  await client.connect();
  return client;
}

export async function dropDatabase(admin: pg.Client, name: string): Promise<void> {
  await admin.query(`drop database if exists ${name} with (force)`);
}

/** Clones the template; retried because PostgreSQL refuses while another clone of it is being made. */
export async function cloneDatabase(admin: pg.Client, template: string, name: string): Promise<void> {
  for (let attempt = 0; ; attempt++) {
    try {
      await admin.query(`create database ${name} template ${template}`);
      return;
    } catch (err) {
      if (attempt >= 20 || !String((err as Error).message).includes('being accessed by other users'))
        throw err;
      await new Promise((r) => setTimeout(r, 100 + attempt * 50));
    }
  }
}
