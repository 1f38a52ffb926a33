/**
 * NOTE: what the moderation journeys do as the operator, against the running server's own database (the
 * embedded cluster under its DATA_DIR, borrowed while the server runs): reports inserted as rows (roles come from
 * roles.ts) (the journeys are about resolving them, not about the Report dialog).
 */
import { sql } from 'drizzle-orm';
import { openDatabase } from '../../../src/server/db/client.ts';
import { insertReport } from '../../../src/server/db/factories/reports.ts';
import { users } from '../../../src/server/db/schema/index.ts';
import { createLogger } from '../../../src/server/logger.ts';
import type { ReportTarget } from '../../../src/shared/moderation-values.ts';
import { DATA_DIR_ENV } from './global-setup.ts';

function dataDir(): string {
  const dir = process.env[DATA_DIR_ENV];
  if (!dir) throw new Error(`${DATA_DIR_ENV} is not set: run the journeys with \`npm run test:e2e\``);
  return dir;
}

/** `reporter` reports the target (`owner`'s post, comment, message or profile); answers the report id. */
export async function reportAs(reporter: string, target: { type: ReportTarget; id?: number; owner: string }): Promise<number> {
  const database = await openDatabase({ databaseUrl: undefined, dataDir: dataDir(), log: createLogger('warn') });
  try {
    const idOf = async (username: string) => {
      const [row] = await database.db
        .select({ id: users.id })
        .from(users)
        .where(sql`lower(${users.username}) = ${username.toLowerCase()}`);
      if (!row) throw new Error(`no user ${username}`);
      return row.id;
    };
    const ownerId = await idOf(target.owner);
    return await insertReport(database.db, {
      reporterId: await idOf(reporter),
      targetType: target.type,
      targetId: target.id ?? ownerId,
      targetUserId: ownerId,
      reason: 'harassment',
      details: 'Reported in a journey',
    });
  } finally {
    await database.close();
  }
}
