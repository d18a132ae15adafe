// Zod reads this global configuration when it loads. `jitless` skips its `new Function` probe: the server's
// Content-Security-Policy refuses eval, and the browser would report that refusal as a violation on every page load,
// drowning the real reports in Security Monitoring. (An external file: the CSP forbids inline scripts.)
globalThis.__zod_globalConfig = Object.assign(globalThis.__zod_globalConfig || {}, { jitless: true });
