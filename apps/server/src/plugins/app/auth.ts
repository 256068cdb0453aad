// Who is calling is decided by the bearer token alone. The `userid` header is only
// checked against it: a mismatch is code 10000 with tologin 1, never a switch of user.
// Routes declare `config: { auth: true }` to require a signed-in caller.
import type { FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { TOKEN_HEADER, USER_ID_HEADER } from '@olive/protocol';
import { NotSignedInError } from '../../errors.ts';

declare module 'fastify' {
  interface FastifyContextConfig {
    auth?: boolean;
  }
  interface FastifyRequest {
    caller: { userId: string; sessionId: string } | null;
  }
}

export function bearerToken(header: string | undefined): string | null {
  const match = /^Bearer\s+(\S+)$/i.exec(header ?? '');
  return match?.[1] ?? null;
}

/**
 * What this plugin needs of the sessions (a port declared by its consumer: the auth
 * module's session service provides it, and plugins never import a module).
 */
export interface SessionResolver {
  resolve(
    token: string,
    meta: { readonly ip?: string; readonly userAgent?: string | undefined },
  ): Promise<ResolvedCaller | null>;
  /** The same answer without waiting when it is in memory; undefined when it is not. */
  resolveNow?(token: string): ResolvedCaller | null | undefined;
}

type ResolvedCaller = { sessionId: string; userId: string; rotatedToken?: string };

/**
 * Sets who calls, or returns the refusal; the `userid` header may only agree with the
 * token. (Not a closure made per call: tsx names each one it makes, at a cost.)
 */
function admit(
  request: FastifyRequest,
  reply: FastifyReply,
  session: ResolvedCaller | null,
  required: boolean,
): NotSignedInError | undefined {
  if (!session) return required ? new NotSignedInError() : undefined;
  const claimed = request.headers[USER_ID_HEADER];
  if (typeof claimed === 'string' && claimed !== '' && claimed !== session.userId) {
    return new NotSignedInError('error.session_mismatch');
  }
  if (session.rotatedToken) reply.header('Authorization', `Bearer ${session.rotatedToken}`);
  request.caller = { userId: session.userId, sessionId: session.sessionId };
  return undefined;
}

export default fp<{ sessions: SessionResolver }>(
  async (app, { sessions }) => {
    app.decorateRequest('caller', null);
    // After i18n's preValidation (so the 10000 message is translated) and before the
    // body is validated (so a visitor learns to sign in, not that a field is missing).
    // A callback hook: a session in memory (a crowd's steady call) is decided without a
    // promise; one that must be read or rotated is waited for (issue 33).
    app.addHook('preValidation', (request, reply, done) => {
      // The console's calls carry operator tokens, resolved by the admin module.
      if (request.url.startsWith('/api/admin/')) return done();
      const required = request.routeOptions.config.auth === true;
      const token = bearerToken(request.headers[TOKEN_HEADER]);
      if (!token) return done(required ? new NotSignedInError() : undefined);
      const now = sessions.resolveNow?.(token);
      if (now !== undefined) return done(admit(request, reply, now, required));
      // Read only if the session is rotated (request.ip walks the proxy chain each time).
      sessions
        .resolve(token, {
          get ip() {
            return request.ip;
          },
          get userAgent() {
            return request.headers['user-agent'];
          },
        })
        .then((session) => done(admit(request, reply, session, required)), done);
    });
  },
  { name: 'olive-auth', dependencies: ['olive-i18n'] },
);
