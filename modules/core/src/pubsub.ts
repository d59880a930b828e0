import pg from 'pg';
import type { Knex } from 'knex';

export type LiveListener = (payload: unknown) => void;

const CHANNEL = /^[a-z][a-z0-9_]{0,62}$/;

/**
 * Live updates across replicas through PostgreSQL LISTEN/NOTIFY. An event published on any replica (or
 * inside a transaction: NOTIFY is delivered on commit, never for a rolled-back change) reaches the listeners of
 * every replica. No feature pushes live updates yet; conversations (polling today) can subscribe here and forward to
 * their clients by server-sent events. One dedicated connection per process, opened at the first subscription and
 * reopened after a failure. Payloads are JSON, under PostgreSQL's 8000-byte limit: send ids, not documents.
 */
export class LiveEvents {
  private client: pg.Client | null = null;
  private connecting: Promise<pg.Client> | null = null;
  private readonly listeners = new Map<string, Set<LiveListener>>();
  private readonly resumers = new Set<() => void>();
  private closed = false;

  private readonly connection: string | pg.ClientConfig;

  /** `connection`: the database's address; by default the one `db` was opened with. */
  constructor(
    private readonly db: Knex,
    connection?: string | pg.ClientConfig,
  ) {
    const configured = (db.client as { config: { connection?: string | pg.ClientConfig } }).config.connection;
    const settings = connection ?? configured;
    if (!settings) throw new Error('LiveEvents needs the address of the database');
    this.connection = settings;
  }

  /** Sends an event to every replica's listeners of `channel`; inside `trx`, only if it commits. */
  async publish(channel: string, payload: unknown, trx?: Knex.Transaction): Promise<void> {
    if (!CHANNEL.test(channel)) throw new Error(`Invalid channel name "${channel}"`);
    await (trx ?? this.db).raw('SELECT pg_notify(?, ?)', [channel, JSON.stringify(payload)]);
  }

  /** Calls `listener` for every event on `channel`, from any replica; answers the unsubscribe. */
  async subscribe(channel: string, listener: LiveListener): Promise<() => Promise<void>> {
    if (!CHANNEL.test(channel)) throw new Error(`Invalid channel name "${channel}"`);
    let set = this.listeners.get(channel);
    if (!set) {
      set = new Set();
      this.listeners.set(channel, set);
      await (await this.connect()).query(`LISTEN ${channel}`);
    }
    set.add(listener);
    return async () => {
      const current = this.listeners.get(channel);
      if (!current?.delete(listener) || current.size) return;
      this.listeners.delete(channel);
      await this.client?.query(`UNLISTEN ${channel}`).catch(() => undefined);
    };
  }

  /**
   * Calls `listener` each time the connection is back after a loss, once its LISTENs are in place again. Events
   * published meanwhile were never delivered here: a listener that keeps a copy of something reloads it.
   */
  onReconnect(listener: () => void): () => void {
    this.resumers.add(listener);
    return () => {
      this.resumers.delete(listener);
    };
  }

  private connect(): Promise<pg.Client> {
    if (this.client) return Promise.resolve(this.client);
    this.connecting ??= (async () => {
      const client = new pg.Client(
        typeof this.connection === 'string'
          ? { connectionString: this.connection }
          : // knex keeps the password as a hidden property, out of logs: copy it by name.
            { ...this.connection, password: this.connection.password },
      );
      client.on('notification', (n) => {
        let payload: unknown = n.payload;
        try {
          payload = n.payload === undefined ? null : JSON.parse(n.payload);
        } catch {
          // not ours: hand the text over as it came
        }
        for (const listener of this.listeners.get(n.channel) ?? []) listener(payload);
      });
      // A dropped connection forgets its LISTENs: reconnect and listen again, so a replica never goes deaf.
      const lost = () => {
        if (this.client === client) this.reconnect();
      };
      client.on('error', lost);
      client.on('end', lost);
      await client.connect();
      this.client = client;
      return client;
    })().finally(() => {
      this.connecting = null;
    });
    return this.connecting;
  }

  private reconnect(): void {
    this.client = null;
    if (this.closed) return;
    setTimeout(() => void this.relisten(), 500).unref();
  }

  private async relisten(): Promise<void> {
    if (this.closed) return;
    try {
      const client = await this.connect();
      for (const channel of this.listeners.keys()) await client.query(`LISTEN ${channel}`);
    } catch {
      this.reconnect();
      return;
    }
    for (const resume of this.resumers) resume();
  }

  async close(): Promise<void> {
    this.closed = true;
    const client = this.client;
    this.client = null;
    this.listeners.clear();
    this.resumers.clear();
    await client?.end().catch(() => undefined);
  }
}
