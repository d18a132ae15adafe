import pg from 'pg';
import { RepeatedTexts, RESULT_TYPE_CHANGED } from './statement-reuse';

/**
 * Repeated statements on PostgreSQL as named prepared statements: node-postgres parses a named statement once per
 * connection and from then on only binds and executes it, so PostgreSQL no longer parses and analyses the chat turn's
 * statement (a dozen CTEs, about 0.2 ms of its CPU) on every turn (decisions/0058-prepared-statements.md).
 *
 * A text is named at its second use; at most MAX_NAMED_TEXTS texts are named in a process (node-postgres keeps a
 * connection's statements for the connection's life), later ones stay unnamed. A named statement whose table changed
 * shape ("cached plan must not change result type") gets a new name, parsed afresh, and the statement runs again.
 */
export const MAX_NAMED_TEXTS = 200;

export class StatementNames {
  readonly #names = new Map<string, string>();
  readonly #repeated = new RepeatedTexts();
  #next = 1;

  /** The name `text` runs under (undefined: unnamed, its first use or past the limit). */
  nameFor(text: string): string | undefined {
    const name = this.#names.get(text);
    if (name !== undefined) return name;
    // Past the limit no text is named, so none is worth remembering either.
    return this.#names.size < MAX_NAMED_TEXTS && this.#repeated.repeated(text) ? this.rename(text) : undefined;
  }

  /** A new name for `text`: its old one is left to the connections that prepared it. */
  rename(text: string): string {
    const name = `parley_s${this.#next++}`;
    this.#names.set(text, name);
    return name;
  }
}

type Callback = (error: Error | null, result?: unknown) => void;
type QueryConfig = { text: string; name?: string; values?: unknown[] };

const isPlainConfig = (config: unknown): config is QueryConfig =>
  typeof config === 'object' &&
  config !== null &&
  typeof (config as QueryConfig).text === 'string' &&
  !(config as QueryConfig).name &&
  typeof (config as { submit?: unknown }).submit !== 'function';

/** The pool's client class: a query whose text repeats runs as a named statement. */
export function namingClient(names: StatementNames): typeof pg.Client {
  return class NamingClient extends pg.Client {
    // node-postgres's overloads (promise or callback, values or not) all pass through here.
    override query(config: unknown, values?: unknown, callback?: unknown): never {
      const query = super.query.bind(this) as (config: unknown, values?: unknown, callback?: unknown) => never;
      const name = isPlainConfig(config) ? names.nameFor(config.text) : undefined;
      if (!name) return query(config, values, callback);
      const text = (config as QueryConfig).text;
      const done = (typeof values === 'function' ? values : callback) as Callback | undefined;
      const args = typeof values === 'function' ? undefined : values;
      const again = () => ({ ...(config as QueryConfig), name: names.rename(text) });
      if (done) {
        query({ ...(config as QueryConfig), name }, args, (error: (Error & { code?: string }) | null, result: unknown) => {
          if (error?.code === RESULT_TYPE_CHANGED) query(again(), args, done);
          else done(error, result);
        });
        return undefined as never;
      }
      return (query({ ...(config as QueryConfig), name }, args) as Promise<unknown>).catch((error: Error & { code?: string }) => {
        if (error.code === RESULT_TYPE_CHANGED) return query(again(), args);
        throw error;
      }) as never;
    }
  };
}
