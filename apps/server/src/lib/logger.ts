/** The slice of pino's logger that services use, so they need not know about Fastify. */
export interface Logger {
  info(obj: object, msg?: string): void;
  warn(obj: object, msg?: string): void;
  error(obj: object, msg?: string): void;
}

/** Writes nothing: services built without a logger (tests, scripts that print their own). */
export const silentLogger: Logger = { info() {}, warn() {}, error() {} };
