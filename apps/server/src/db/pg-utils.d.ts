/** node-postgres's value preparation (lib/utils.js), which its own types leave out. */
declare module 'pg/lib/utils.js' {
  /** A query value as node-postgres sends it: null, a Buffer (sent as binary) or text. */
  export function prepareValue(value: unknown): string | Buffer | null;
  const utils: { prepareValue: typeof prepareValue };
  export default utils;
}
