// operators/* (admin only) and audit/*.
import { Type } from 'typebox';
import { AppError } from '../../../errors.ts';
import type { AdminDeps } from '../deps.ts';
import { ID, listAction, listBody, listQuery, showAction } from '../../../console/list.ts';
import { ROLES } from '../permissions.ts';
import { action } from '../../../console/action.ts';

const Role = Type.Union(ROLES.map((r) => Type.Literal(r)));

export function operatorActions(deps: AdminDeps) {
  const { operators, repo } = deps;
  const auditRecord = (r: NonNullable<Awaited<ReturnType<typeof repo.auditById>>>) => ({
    id: r.id,
    operator_id: r.operator_id,
    operator_email: r.operator_email,
    at: new Date(r.at).toISOString(),
    ip: r.ip,
    action: r.action,
    target: r.target,
    outcome: r.outcome,
    reason: r.reason,
    before: r.before,
    after: r.after,
  });
  return [
    listAction(
      'operators',
      {
        sortable: ['id', 'email', 'created_at'],
        filters: { role: ROLES, status: ['active', 'disabled'] },
      },
      (query) => operators.list(query),
    ),
    showAction('operators', (id) => operators.show(id)),
    action({
      path: 'operators/create',
      permission: 'operators.create',
      writes: true,
      body: { email: Type.String({ minLength: 3, maxLength: 254 }), role: Role },
      async run(body) {
        const created = await operators.create(body);
        const { password: _secret, ...shown } = created;
        return { data: created, audit: { target: `operator:${created.id}`, after: shown } };
      },
    }),
    action({
      path: 'operators/update',
      permission: 'operators.update',
      writes: true,
      body: {
        id: ID,
        role: Type.Optional(Role),
        status: Type.Optional(Type.Union([Type.Literal('active'), Type.Literal('disabled')])),
      },
      async run(body, call) {
        const before = await operators.show(body.id);
        const after = await operators.update(call.operator.id, body.id, body);
        return { data: after, audit: { target: `operator:${body.id}`, before, after } };
      },
    }),
    action({
      path: 'operators/reset-totp',
      permission: 'operators.reset-totp',
      writes: true,
      body: { id: ID },
      async run(body, call) {
        const after = await operators.resetTotp(call.operator.id, body.id);
        return { data: after, audit: { target: `operator:${body.id}` } };
      },
    }),
    action({
      path: 'operators/reset-password',
      permission: 'operators.reset-password',
      writes: true,
      body: { id: ID },
      async run(body, call) {
        const after = await operators.resetPassword(call.operator.id, body.id);
        return { data: { password: after.password }, audit: { target: `operator:${body.id}` } };
      },
    }),
    action({
      path: 'audit/list',
      permission: 'audit.list',
      writes: false,
      body: listBody,
      async run(body) {
        const query = listQuery(body, {
          sortable: ['id'],
          filters: {
            operator_id: 'id',
            action: 'text',
            outcome: ['done', 'refused'],
            target: 'text',
            from: 'date',
            to: 'date',
          },
        });
        const { rows, total } = await repo.auditList(query);
        return {
          data: { list: rows.map(auditRecord), total, page: query.page, limit: query.limit },
        };
      },
    }),
    action({
      path: 'audit/show',
      permission: 'audit.show',
      writes: false,
      body: { id: ID },
      async run(body) {
        const row = await repo.auditById(body.id);
        if (!row) throw new AppError('admin.not_found', {}, { field: 'id' });
        return { data: auditRecord(row) };
      },
    }),
  ];
}
