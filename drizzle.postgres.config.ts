import { defineConfig } from 'drizzle-kit';

// `npm run db:generate:postgres` writes the PostgreSQL migrations beside the SQLite ones (D3); never edited by hand.
export default defineConfig({
  dialect: 'postgresql',
  schema: './adapters/db/postgres/schema.ts',
  out: './migrations/postgres',
});
