// What an operator console call is (POST /api/admin/<resource>/<action>): its body's
// schema, its permission and its handler. Each module declares its own calls
// (modules/<m>/<m>.admin.ts) with `action`, `listAction` and `showAction`; the admin
// module gathers them and serves them with the session, role check and audit log around
// every one (modules/admin/routes.ts).
import { Type, type Static, type TObject, type TProperties } from 'typebox';
import type { FastifyRequest } from 'fastify';

export interface AdminCall {
  operator: { id: string; email: string; role: string; totp_enabled: boolean };
  sessionId: string;
  ip: string;
  userAgent: string | undefined;
  /** Throws (and so audits) a refusal unless the role has `permission`. */
  require(permission: string): void;
}

export interface AuditNote {
  target?: string | undefined;
  before?: unknown;
  after?: unknown;
  reason?: string | undefined;
}

export interface AdminAction<S extends TObject = TObject> {
  path: string;
  /** null: any signed-in operator (auth/*). */
  permission: string | null;
  /** Changes something: audited when done. Reads are audited only when refused. */
  writes: boolean;
  /** Allowed before TOTP is enabled (enrolment, sign-out, me). */
  enrolment?: boolean;
  /** No session needed (auth/login), the action handles its own audit. */
  open?: boolean;
  body: S;
  run(
    body: Static<S>,
    call: AdminCall,
    request: FastifyRequest,
  ): Promise<{ data: unknown; audit?: AuditNote }>;
}

/** Builds an action with its body's type inferred. */
export function action<P extends TProperties>(
  def: Omit<AdminAction<TObject<P>>, 'body'> & { body: P },
): AdminAction {
  return { ...def, body: Type.Object(def.body) } as unknown as AdminAction;
}
