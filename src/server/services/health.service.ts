import { sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';

export function createHealthService(db: Db) {
  return {
    async databaseReachable(): Promise<boolean> {
      try {
        await db.execute(sql`select 1`);
        return true;
      } catch {
        return false;
      }
    },
  };
}
export type HealthService = ReturnType<typeof createHealthService>;
