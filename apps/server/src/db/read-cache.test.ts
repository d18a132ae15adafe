import { eq, getTableName } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertChatbotRows } from '../test/chatbot-rows';
import { describeEachDatabase } from '../test/harness';
import { everyChangeHeard, otherNode, until } from '../test/other-node';
import { READ_CACHE_CHANNEL, type Database } from './client';
import type { NotificationListener } from './notifications';
import { createReadCache, NOTIFYING_TABLES, type ReadCache } from './read-cache';
import { chatbots, organizations, subscriptionTierLimits, webhookConfigs } from './schema/index';

/** Reads `key` until `load` runs again: the value was dropped (a change was heard). */
async function untilReloaded(cache: ReadCache, tables: Parameters<ReadCache['read']>[0], key: string, load: ReturnType<typeof counted>, what: string) {
  const before = load.calls;
  await until(async () => {
    await cache.read(tables, key, load);
    return load.calls > before;
  }, what);
}

/** A database whose notifications the test sends itself. */
function fakeDatabase() {
  let listener: NotificationListener | undefined;
  const database: Pick<Database, 'listen'> = {
    listen: async (_channel, next) => {
      listener = next;
      return async () => {};
    },
  };
  return {
    database,
    notify: (table: string) => listener!.onNotify(table),
    setListening: (isListening: boolean) => listener!.onListening(isListening),
  };
}

/** A load that counts its calls and returns what `value()` says now. */
function counted<T>(value: () => T) {
  const load = async () => {
    load.calls += 1;
    return value();
  };
  load.calls = 0;
  return load;
}

describe('the read cache', () => {
  it('keeps a value until its table changes; other tables leave it be', async () => {
    const fake = fakeDatabase();
    const cache = await createReadCache(fake.database);
    let name = 'first';
    const load = counted(() => name);
    expect(cache.isServing).toBe(false);
    fake.setListening(true);
    expect(await cache.read([chatbots], 'chatbot:1', load)).toBe('first');
    name = 'second';
    expect(await cache.read([chatbots], 'chatbot:1', load)).toBe('first');
    fake.notify(getTableName(organizations));
    expect(await cache.read([chatbots], 'chatbot:1', load)).toBe('first');
    expect(load.calls).toBe(1);
    fake.notify(getTableName(chatbots));
    expect(await cache.read([chatbots], 'chatbot:1', load)).toBe('second');
    expect(load.calls).toBe(2);
    await cache.close();
  });

  it('keeps at most maxEntries values, dropping the least recently read; never keeps undefined', async () => {
    const fake = fakeDatabase();
    const cache = await createReadCache(fake.database, { maxEntries: 3 });
    fake.setListening(true);
    const loads = new Map(['a', 'b', 'c', 'd'].map((key) => [key, counted(() => key)]));
    const read = (key: string) => cache.read([chatbots], key, loads.get(key)!);
    for (const key of ['a', 'b', 'c', 'a', 'd']) await read(key);
    expect(cache.size).toBe(3);
    // b was the least recently read when d came: it went, a stayed.
    for (const key of ['a', 'c', 'd', 'b']) await read(key);
    expect(Object.fromEntries([...loads].map(([key, load]) => [key, load.calls]))).toEqual({ a: 1, b: 2, c: 1, d: 1 });

    const missing = counted(() => undefined);
    await cache.read([chatbots], 'missing', missing);
    await cache.read([chatbots], 'missing', missing);
    expect(missing.calls).toBe(2);
    await cache.close();
  });

  it('does not keep a load its table changed under, nor one that outlived a stop in listening', async () => {
    const fake = fakeDatabase();
    const cache = await createReadCache(fake.database);
    fake.setListening(true);
    const changedMeanwhile = await cache.read([organizations, subscriptionTierLimits], 'tier:1', async () => {
      fake.notify(getTableName(subscriptionTierLimits));
      return 'read before the change';
    });
    expect(changedMeanwhile).toBe('read before the change');
    expect(await cache.read([organizations, subscriptionTierLimits], 'tier:1', async () => 'fresh')).toBe('fresh');

    const droppedMeanwhile = await cache.read([chatbots], 'chatbot:1', async () => {
      fake.setListening(false);
      fake.setListening(true);
      return 'read while nothing was heard';
    });
    expect(droppedMeanwhile).toBe('read while nothing was heard');
    expect(await cache.read([chatbots], 'chatbot:1', async () => 'fresh')).toBe('fresh');
    await cache.close();
  });

  it('reads the database every time while not listening, and drops everything when listening resumes', async () => {
    const fake = fakeDatabase();
    const cache = await createReadCache(fake.database);
    fake.setListening(true);
    let name = 'first';
    const load = counted(() => name);
    await cache.read([chatbots], 'chatbot:1', load);
    fake.setListening(false);
    name = 'changed while not listening';
    expect(await cache.read([chatbots], 'chatbot:1', load)).toBe(name);
    expect(await cache.read([chatbots], 'chatbot:1', load)).toBe(name);
    expect(load.calls).toBe(3);
    expect(cache.size).toBe(0);
    fake.setListening(true);
    await cache.read([chatbots], 'chatbot:1', load);
    await cache.read([chatbots], 'chatbot:1', load);
    expect(load.calls).toBe(4);
    await cache.close();
  });
});

describeEachDatabase('the read cache across nodes', (ctx, driver) => {
  let other: ReturnType<typeof otherNode>;
  let cache: ReadCache;
  beforeAll(async () => {
    other = otherNode(ctx().database);
    cache = await createReadCache(ctx().database);
  });
  afterAll(async () => {
    await cache?.close();
    await other?.close();
  });
  /** A chatbot's name through the cache. */
  const chatbotName = (id: string) =>
    cache.read([chatbots], `name:${id}`, async () => (await ctx().database.db.select().from(chatbots).where(eq(chatbots.id, id)))[0]?.name);

  it('every table it may cache announces its changes (migration 0030); a webhook’s rate window does not', async () => {
    const { database } = ctx();
    const { rows } = await database.executeSql(
      `SELECT c.relname AS table FROM pg_trigger t JOIN pg_class c ON c.oid = t.tgrelid JOIN pg_proc p ON p.oid = t.tgfoid
        WHERE p.proname = 'parley_notify_read_cache' AND NOT t.tgisinternal`,
    );
    expect((rows as { table: string }[]).map((row) => row.table).sort()).toEqual(NOTIFYING_TABLES.map((table) => getTableName(table)).sort());

    const { organizationId } = await insertChatbotRows(database.db);
    const [config] = await database.db
      .insert(webhookConfigs)
      .values({ organizationId, name: 'hook', url: 'https://hooks.example/x', eventTypes: ['message.created'], secretEncrypted: 'x', secretHint: 'abcd' })
      .returning();
    expect(cache.isServing).toBe(true);
    const heardSoFar = () => everyChangeHeard(cache, other);
    await heardSoFar();
    const listeners = counted(() => 'listeners');
    await cache.read([webhookConfigs], `listeners:${organizationId}`, listeners);
    // The delivery worker's write is not announced.
    await other.query('UPDATE webhook_configs SET rate_window_count = rate_window_count + 1 WHERE id = $1', [config!.id]);
    await heardSoFar();
    await cache.read([webhookConfigs], `listeners:${organizationId}`, listeners);
    expect(listeners.calls).toBe(1);
    await other.query('UPDATE webhook_configs SET is_active = false WHERE id = $1', [config!.id]);
    await untilReloaded(cache, [webhookConfigs], `listeners:${organizationId}`, listeners, 'the webhook change is heard');
  });

  it('sees a change another node made once its notification arrives; a load the change overtook is not kept', async () => {
    const { database } = ctx();
    const { chatbot } = await insertChatbotRows(database.db, { chatbot: { name: 'Before' } });
    expect(cache.isServing).toBe(true);
    expect(await chatbotName(chatbot.id)).toBe('Before');
    await other.query('UPDATE chatbots SET name = $1 WHERE id = $2', ['After', chatbot.id]);
    await until(async () => (await chatbotName(chatbot.id)) === 'After', 'the renamed chatbot is read');

    // A load that read the row, then saw another node change it before it ended: what it read is not kept.
    const probe = counted(() => 'probe');
    await cache.read([chatbots], `probe:${chatbot.id}`, probe);
    const overtaken = await cache.read([chatbots], `overtaken:${chatbot.id}`, async () => {
      const [row] = await database.db.select().from(chatbots).where(eq(chatbots.id, chatbot.id));
      await other.query('UPDATE chatbots SET name = $1 WHERE id = $2', ['Overtaken', chatbot.id]);
      await untilReloaded(cache, [chatbots], `probe:${chatbot.id}`, probe, 'the change is heard');
      return row!.name;
    });
    expect(overtaken).toBe('After');
    const [row] = await database.db.select().from(chatbots).where(eq(chatbots.id, chatbot.id));
    expect(await cache.read([chatbots], `overtaken:${chatbot.id}`, async () => row!.name)).toBe('Overtaken');
  });

  it('sees this process’s own change as soon as the change returns, not when the listener hears of it', async () => {
    const { database } = ctx();
    const { chatbot } = await insertChatbotRows(database.db);
    // Without the pooled connections' LISTEN, a few in a hundred of these read the name from before the change.
    for (let i = 0; i < 40; i += 1) {
      await chatbotName(chatbot.id);
      await database.db
        .update(chatbots)
        .set({ name: `Name ${i}` })
        .where(eq(chatbots.id, chatbot.id));
      expect(await chatbotName(chatbot.id)).toBe(`Name ${i}`);
    }
  });

  if (driver === 'postgres')
    it('hears another node’s change once, from its listening connection, whatever the pooled connections open; its own at once', async () => {
      const { database } = ctx();
      const heard: string[] = [];
      const stop = await database.listen(READ_CACHE_CHANNEL, { onNotify: (payload) => heard.push(payload), onListening: () => {} });
      // Each of the pool's 4 connections open, then each to the server and back: a notification waiting for one
      // arrives before its answer.
      const everyPooledConnection = () => Promise.all(Array.from({ length: 4 }, () => database.executeSql('SELECT pg_sleep(0.02)')));
      await everyPooledConnection();
      await other.query(`SELECT pg_notify('${READ_CACHE_CHANNEL}', 'theirs')`);
      await everyPooledConnection();
      await database.executeSql(`SELECT pg_notify('${READ_CACHE_CHANNEL}', 'ours')`);
      expect(heard).toContain('ours');
      await other.query(`SELECT pg_notify('${READ_CACHE_CHANNEL}', 'last')`);
      await until(() => heard.includes('last'), 'the last notification is heard');
      // Ours twice: from the connection that sent it, then in commit order from the listening connection.
      expect(heard).toEqual(['theirs', 'ours', 'ours', 'last']);
      await stop();
    });

  // The embedded database has no connection to lose.
  if (driver === 'postgres')
    it('while its connection is down, every read goes to the database; once it listens again, it serves again', async () => {
      const { database } = ctx();
      const { chatbot } = await insertChatbotRows(database.db, { chatbot: { name: 'Before' } });
      const load = counted(async () => (await database.db.select().from(chatbots).where(eq(chatbots.id, chatbot.id)))[0]!.name);
      const read = async () => cache.read([chatbots], `name:${chatbot.id}`, load);
      await read();
      await other.query(
        `SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = current_database() AND application_name = 'parley listen parley_cache'`,
      );
      await until(() => !cache.isServing, 'the cache stops serving');
      await other.query('UPDATE chatbots SET name = $1 WHERE id = $2', ['Changed while down', chatbot.id]);
      // Right away, with nothing heard: straight from the database.
      expect(await read()).toBe('Changed while down');
      expect(await read()).toBe('Changed while down');
      const whileDown = load.calls;
      expect(whileDown).toBe(3);
      await until(() => cache.isServing, 'the cache listens again');
      expect(await read()).toBe('Changed while down');
      expect(await read()).toBe('Changed while down');
      expect(load.calls).toBe(whileDown + 1);
    });
});
