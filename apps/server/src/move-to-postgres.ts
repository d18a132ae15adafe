/**
 * Moves an embedded installation to PostgreSQL: `npm run db:move-to-postgres -- postgres://user@host:5432/parley`.
 * Stop the Parley server first (PGlite allows one process). Reads DATA_DIR (default ./data) like the server.
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import Fastify from 'fastify';
import { loadConfig } from './config';
import { requeueUnfinishedSources } from './features/knowledge-sources/index';
import { startJobQueue } from './jobs/queue';
import { requeuePendingEmails } from './providers/email/mailer';
import { openDatabase } from './db/client';
import { moveDatabase } from './db/move-to-postgres';

async function main(): Promise<void> {
  const targetUrl = process.argv[2] ?? process.env.TARGET_DATABASE_URL;
  if (!targetUrl || !/^postgres(ql)?:\/\//.test(targetUrl)) {
    console.error('Usage: npm run db:move-to-postgres -- postgres://user@host:5432/database   (an empty database)');
    process.exit(2);
  }
  const config = loadConfig({ ...process.env, DATABASE_URL: undefined }, { persistSecret: false });
  const pgliteDir = path.join(config.dataDir, 'pglite');
  if (!existsSync(pgliteDir)) throw new Error(`No embedded database in ${pgliteDir} (set DATA_DIR to the installation's data directory).`);

  console.log(`Opening the embedded database in ${pgliteDir} and ${new URL(targetUrl).host} (migrating it to this version)…`);
  const source = await openDatabase({ pgliteDir });
  const target = await openDatabase({ databaseUrl: targetUrl, onWarning: (message) => console.warn(message) });
  try {
    let lastTable = '';
    const result = await moveDatabase(source, target, ({ table, index, tables, rows }) => {
      if (table !== lastTable) process.stdout.write(`\n[${index}/${tables}] ${table}`);
      lastTable = table;
      process.stdout.write(`\r[${index}/${tables}] ${table}: ${rows} rows`);
    });
    console.log(`\n\nCopied ${result.totalRows} rows in ${result.tables.length} tables; every table's count matches.`);
    const queue = await startJobQueue(target, Fastify({ logger: false }).log);
    const requeued = await requeueUnfinishedSources(target.db, queue);
    const emails = await requeuePendingEmails(target.db, queue);
    await queue.stop();
    if (requeued > 0) console.log(`${requeued} document(s) that were still being processed are queued again.`);
    if (emails > 0) console.log(`${emails} e-mail(s) that were still waiting to be sent are queued again.`);
    const keyFile = path.join(config.dataDir, 'secret.key');
    console.log(
      [
        '',
        'Next: start Parley with',
        `  DATABASE_URL=${targetUrl.replace(/\/\/([^:@/]+):[^@/]+@/, '//$1:***@')}`,
        process.env.PARLEY_SECRET_KEY || !existsSync(keyFile)
          ? '  PARLEY_SECRET_KEY=<the value this installation runs with>   (stored secrets and sessions need it)'
          : `  PARLEY_SECRET_KEY=$(cat ${keyFile})   (the key of this installation: stored secrets and sessions need it)`,
        'Keep the data directory until you have checked the new installation.',
      ].join('\n'),
    );
  } finally {
    await source.close();
    await target.close();
  }
}

main().catch((error: unknown) => {
  console.error(`\nThe move failed: ${error instanceof Error ? error.message : String(error)}`);
  console.error('Nothing was changed in the embedded database. Drop and re-create the target database before trying again.');
  process.exit(1);
});
