// A pino-compatible logger shape. The client logs request metadata only: method, path, status,
// attempt, duration, error code. Never the API key, never request or response bodies.

type LogFn = (obj: Record<string, unknown>, msg?: string) => void;
export interface StudioLogger {
  debug: LogFn;
  info: LogFn;
  warn: LogFn;
  error: LogFn;
}

const noop: LogFn = () => undefined;
export const silentLogger: StudioLogger = { debug: noop, info: noop, warn: noop, error: noop };
