import { defineConfig } from 'drizzle-kit';

// `npm run db:generate` writes SQL migrations from the schema; they are never edited by hand.
export default defineConfig({
  dialect: 'sqlite',
  schema: './adapters/db/sqlite/schema.ts',
  out: './migrations/sqlite',
});
