// Every request gets a logger bound to its request id. A pino child serialises its
// bindings when it is made, and most calls never log (at LOG_LEVEL=warn none of the
// successful ones do), so the child is made on the first line that will be written:
// about 3 % of a cached signed-in call's CPU otherwise (docs/benchmarks.md).
import {
  LogController,
  type FastifyBaseLogger,
  type FastifyReply,
  type FastifyRequest,
  type FastifyServerOptions,
} from 'fastify';

type Level = 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace';
type Bindings = Record<string, unknown>;
type LogFn = FastifyBaseLogger['info'];
/** What a pino logger has beyond Fastify's logger type. */
type PinoLike = FastifyBaseLogger & {
  isLevelEnabled(level: string): boolean;
  bindings(): Bindings;
};

class LazyChildLogger {
  #child: PinoLike | undefined;

  constructor(
    readonly parent: PinoLike,
    readonly ownBindings: Bindings,
    readonly options: object,
  ) {}

  get real(): PinoLike {
    return (this.#child ??= this.parent.child(this.ownBindings, this.options) as PinoLike);
  }

  get level() {
    return this.real.level;
  }
  set level(level: string) {
    this.real.level = level;
  }

  #write(level: Level, args: unknown[]) {
    if (!this.parent.isLevelEnabled(level)) return;
    const real = this.real;
    (real[level] as (...a: unknown[]) => void).apply(real, args);
  }

  fatal(...args: unknown[]) {
    this.#write('fatal', args);
  }
  error(...args: unknown[]) {
    this.#write('error', args);
  }
  warn(...args: unknown[]) {
    this.#write('warn', args);
  }
  info(...args: unknown[]) {
    this.#write('info', args);
  }
  debug(...args: unknown[]) {
    this.#write('debug', args);
  }
  trace(...args: unknown[]) {
    this.#write('trace', args);
  }
  silent() {}
  isLevelEnabled(level: string) {
    return this.parent.isLevelEnabled(level);
  }
  bindings() {
    return this.real.bindings();
  }
  child(bindings: Bindings, options?: object) {
    return this.real.child(bindings, options);
  }
}

/**
 * Fastify's `childLoggerFactory`: a request's logger that becomes a pino child on its
 * first written line. A route with a log level of its own gets the child at once.
 */
export const lazyChildLogger: NonNullable<FastifyServerOptions['childLoggerFactory']> = (
  logger,
  bindings,
  options,
) => {
  const ownLevel = 'level' in options && options.level !== undefined;
  const parent = logger as PinoLike;
  if (ownLevel || typeof parent.isLevelEnabled !== 'function')
    return logger.child(bindings, options);
  return new LazyChildLogger(parent, bindings, options) as unknown as FastifyBaseLogger &
    Record<Level, LogFn>;
};

/**
 * The access log: one line per answered request, when it is answered (method, url, client
 * address, status, milliseconds), as an HTTP server's access log is, at info (error when
 * the answer failed). Fastify's own pair of lines (`incoming request`, then
 * `request completed`) wrote twice as much, through a pino child made for every request: a
 * fifth of a cached call's CPU at `npm start`'s level (issue 33). This writes through the
 * server's logger with the request id as a field, the same JSON a child would write.
 */
export class AccessLog extends LogController {
  override incomingRequest() {}

  override requestCompleted(
    error: Error | null | undefined,
    request: FastifyRequest,
    reply: FastifyReply,
  ) {
    const log = request.server.log;
    const line = { reqId: request.id, req: request, res: reply, responseTime: reply.elapsedTime };
    if (error) log.error({ ...line, err: error }, 'request errored');
    else unredacted(log).info(line, 'request completed');
  }
}

// The answered line holds the request id, the method, url, host and client address (the
// `req` serializer's fields), the status and the time: none is a header, password, token or
// code that the logger's redaction looks for. Its wildcard paths (`*.password`) still walked
// every field of every line: a fifth of the line's cost, 5% of a cached call's (issue 33,
// profiled). So that line goes through a child of the server's logger, made once, without
// redaction; an errored line (with its error) and every other line keep it.
const unredactedOf = new WeakMap<FastifyBaseLogger, FastifyBaseLogger>();
function unredacted(log: FastifyBaseLogger) {
  let child = unredactedOf.get(log);
  if (!child) unredactedOf.set(log, (child = log.child({}, { redact: [] })));
  return child;
}
