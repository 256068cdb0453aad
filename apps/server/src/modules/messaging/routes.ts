// /dev/mail: the dev inbox as a page (and /dev/mail.json), so a newcomer can read the
// verification code of a registration with no mail setup. Registered only when the dev
// inbox runs, which is never in production.
import type { FastifyPluginAsync } from 'fastify';
import type { DevInbox } from './dev-inbox.ts';

const escape = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

export const devMailRoutes: FastifyPluginAsync<{ inbox: DevInbox }> = async (app, { inbox }) => {
  app.get('/dev/mail.json', { schema: { hide: true } }, async () => ({ messages: inbox.list() }));
  app.get('/dev/mail', { schema: { hide: true } }, async (_request, reply) => {
    const rows = inbox
      .list()
      .map(
        (m) => `<article><header><b>${m.channel === 'sms' ? 'SMS' : 'E-mail'}</b> to
        <code>${escape(m.to)}</code> · <time>${escape(m.received_at)}</time></header>
        <h2>${escape(m.subject)}</h2><pre>${escape(m.text)}</pre></article>`,
      )
      .join('');
    return reply.type('text/html; charset=utf-8').send(`<!doctype html><html lang="en"><head>
<meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<meta http-equiv="refresh" content="5"><title>Olive dev inbox</title>
<style>body{font:15px system-ui;background:#141414;color:#eee;max-width:720px;margin:auto;padding:16px}
h1{color:rgb(128,128,0)}article{background:#1f1f1f;border-radius:12px;padding:12px 16px;margin:12px 0}
header{color:#aaa;font-size:13px}h2{font-size:16px;margin:8px 0}pre{white-space:pre-wrap;font:inherit}</style>
</head><body><h1>Olive dev inbox</h1><p>Mail and SMS sent by this development server
(SMTP on 127.0.0.1:${inbox.port}). Refreshes every 5 s.</p>${rows || '<p>No messages yet.</p>'}</body></html>`);
  });
};
