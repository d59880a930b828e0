/**
 * A worker replica's sending, alone in a process of its own (the kill -9 test spawns it): the job queue polling with
 * its maintenance (every second here), the outbox's handler over a pooled transport. DATABASE_URL and SMTP_URL say
 * where; SIGTERM stops it gracefully, SIGKILL as a crash would.
 */
import { createDb, createLogger, JobQueue } from '@portal/core';
import { Mailer, OUTBOX_CONCURRENCY } from '@portal/notifications';

const db = createDb(process.env.DATABASE_URL!, { min: 0, max: 6 });
const logger = createLogger(process.env.TEST_LOG_LEVEL ?? 'silent');
const mailer = new Mailer(db, process.env.SMTP_URL, 'Portal <no-reply@portal.test>', logger);
const queue = new JobQueue(db, { logger, poll: true, pollingIntervalSeconds: 0.5, maintenanceIntervalSeconds: 1 });
queue.register('outbox', mailer.handler!, { concurrency: OUTBOX_CONCURRENCY });
mailer.useQueue(queue);
await queue.start();
process.stdout.write('worker started\n');
process.on('SIGTERM', () => {
  void (async () => {
    await mailer.stop();
    await queue.stop(5_000);
    mailer.close();
    await db.destroy();
    process.exit(0);
  })();
});
