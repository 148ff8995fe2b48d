type Fields = Record<string, unknown>;

// A log must not hand out what opens an account or an order: link tokens in paths and token=/key= values.
const SECRETS: [RegExp, string][] = [
  [/(\/order-status\/|\/api\/guest\/orders\/)[A-Za-z0-9_-]+/g, "$1[redacted]"],
  [/(^|[^A-Za-z0-9_])((?:token|key)=)[^&\s"'#\\]+/gi, "$1$2[redacted]"],
];

export function redactSecrets(text: string): string {
  return SECRETS.reduce((acc, [pattern, replacement]) => acc.replace(pattern, replacement), text);
}

function serialize(fields: Fields): Fields {
  const out: Fields = {};
  for (const [k, v] of Object.entries(fields)) {
    out[k] =
      v instanceof Error
        ? { name: v.name, message: v.message, stack: v.stack, cause: v.cause instanceof Error ? v.cause.message : undefined }
        : v;
  }
  return out;
}

function write(level: "info" | "warn" | "error", msg: string, fields: Fields = {}): void {
  if (process.env.LOG_LEVEL === "silent") return;
  const line = redactSecrets(JSON.stringify({ time: new Date().toISOString(), level, msg, ...serialize(fields) }));
  if (level === "error") console.error(line);
  else if (level === "warn") console.warn(line);
  else console.log(line);
}

export const logger = {
  info: (msg: string, fields?: Fields) => write("info", msg, fields),
  warn: (msg: string, fields?: Fields) => write("warn", msg, fields),
  error: (msg: string, fields?: Fields) => write("error", msg, fields),
};
