import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '@portal/testing';
import { LiveEvents } from './pubsub.js';

let database: TestDatabase;
let replicaA: LiveEvents;
let replicaB: LiveEvents;

beforeAll(async () => {
  database = await createTestDatabase();
  // Two instances, two connections: what two BFF replicas on one PostgreSQL have.
  replicaA = new LiveEvents(database.db);
  replicaB = new LiveEvents(database.db);
});
afterAll(async () => {
  await replicaA.close();
  await replicaB.close();
  await database.drop();
});

/** Listens (the LISTEN is in place when this resolves) and answers the next event's payload. */
async function next(live: LiveEvents, channel: string): Promise<{ received: Promise<unknown> }> {
  let deliver: (payload: unknown) => void = () => undefined;
  const received = new Promise<unknown>((resolve) => {
    deliver = resolve;
  });
  const stop = await live.subscribe(channel, (payload) => deliver(payload));
  return { received: received.finally(stop) };
}

describe('live events across replicas (LISTEN/NOTIFY)', () => {
  it('delivers an event published on one replica to the listeners of another', async () => {
    const { received } = await next(replicaB, 'conversation_messages');
    await replicaA.publish('conversation_messages', { conversationId: 7, messageId: 42 });
    expect(await received).toEqual({ conversationId: 7, messageId: 42 });
  });

  it('publishes inside a transaction only when it commits', async () => {
    const seen: unknown[] = [];
    const stop = await replicaB.subscribe('tx_events', (p) => seen.push(p));
    await database.db
      .transaction(async (trx) => {
        await replicaA.publish('tx_events', { n: 1 }, trx);
        throw new Error('roll back');
      })
      .catch(() => undefined);
    const { received: committed } = await next(replicaB, 'tx_events');
    await database.db.transaction((trx) => replicaA.publish('tx_events', { n: 2 }, trx));
    expect(await committed).toEqual({ n: 2 });
    expect(seen).toEqual([{ n: 2 }]);
    await stop();
  });

  it('refuses a channel name that is not a plain identifier', async () => {
    await expect(replicaA.publish('x; DROP TABLE users', {})).rejects.toThrow(/Invalid channel/);
    await expect(replicaA.subscribe('Bad-Name', () => undefined)).rejects.toThrow(/Invalid channel/);
  });
});
