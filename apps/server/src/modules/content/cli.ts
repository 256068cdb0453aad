// Operator commands for content (notices, news, help, pages, partners, banners; one
// translation per language) and customer-service contacts. The console issue adds screens
// over the same service.
import { readFile } from 'node:fs/promises';
import { countRefusal, LANGUAGE_CODES } from '@olive/protocol';
import { required, UsageError, type Command, type CliContext } from '../../commands/command.ts';
import { AppError } from '../../errors.ts';
import { systemClock } from '../../ports/clock.ts';
import { settingsRepository } from '../../db/settings.repository.ts';
import { contentRepository, type ContentKind, type ItemFields } from './content.repository.ts';
import { CONTENT_KINDS, contentService } from './content.service.ts';

type Flags = CliContext['flags'];

function service(context: CliContext) {
  const db = context.database.db;
  return contentService({
    repo: contentRepository(db),
    settings: settingsRepository(db),
    clock: systemClock,
    totals: () => Promise.reject(new Error('not used by operator commands')),
  });
}

/** Service refusals become usage errors with the field named, not a stack trace. */
async function operator<T>(run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (error) {
    if (error instanceof AppError) {
      const field = error.data?.field;
      throw new UsageError(
        error.key === 'content.not_found'
          ? 'no such item'
          : `invalid --${String(field ?? error.key).replace('_', '-')}`,
      );
    }
    throw error;
  }
}

function lang(flags: Flags, fallback?: string) {
  const value = flags.lang ?? fallback;
  if (value !== undefined && !(LANGUAGE_CODES as readonly string[]).includes(value)) {
    throw new UsageError(`--lang must be one of ${LANGUAGE_CODES.join(', ')}`);
  }
  return value;
}

function bool(flags: Flags, name: string) {
  const value = flags[name];
  if (value === undefined) return undefined;
  if (value !== 'true' && value !== 'false')
    throw new UsageError(`--${name} must be true or false`);
  return value === 'true';
}

function int(flags: Flags, name: string) {
  const value = flags[name];
  if (value === undefined) return undefined;
  // The console's bounds, read by the one parser: "-5" or "20", never "020" or " 20".
  if (countRefusal(value, { min: -1_000_000, max: 1_000_000 })) {
    throw new UsageError(`--${name} must be a whole number from -1000000 to 1000000`);
  }
  return Number(value);
}

function when(value: string | undefined) {
  if (value === undefined || value === 'now') return new Date();
  const at = new Date(value);
  if (Number.isNaN(at.getTime())) throw new UsageError('--at must be an ISO-8601 time or now');
  return at;
}

async function body(flags: Flags) {
  if (flags['body-file']) return readFile(flags['body-file'], 'utf8');
  return flags.body;
}

/** Partner logos are square; covers and banners are wide. Both go through the avatar pipeline. */
async function cover(context: CliContext, kind: string | undefined) {
  const file = context.flags.cover;
  if (!file) return undefined;
  const upload = await readFile(file);
  const size = kind === 'partner' ? { width: 256, height: 256 } : { width: 960, height: 540 };
  return operator(() => service(context).addImage(upload, size));
}

async function itemFields(context: CliContext, kind: string | undefined): Promise<ItemFields> {
  const { flags } = context;
  const fields: ItemFields = {};
  if (flags.key !== undefined) fields.key = flags.key === '' ? null : flags.key;
  if (flags.category !== undefined) fields.category = flags.category || null;
  if (flags.link !== undefined) fields.link_url = flags.link || null;
  const pinned = bool(flags, 'pinned');
  if (pinned !== undefined) fields.pinned = pinned;
  const sort = int(flags, 'sort');
  if (sort !== undefined) fields.sort = sort;
  const image = await cover(context, kind);
  if (image) fields.cover_image_id = image;
  return fields;
}

async function itemId(context: CliContext) {
  const { flags } = context;
  if (flags.id) {
    if (!/^[1-9]\d{0,17}$/.test(flags.id)) throw new UsageError('--id must be an item id');
    return flags.id;
  }
  if (flags.key) {
    const row = await contentRepository(context.database.db).findItemByKey(flags.key);
    if (!row) throw new UsageError('no item with this key');
    return row.id;
  }
  throw new UsageError('--id or --key is required');
}

const itemFlags = [
  'lang',
  'title',
  'body',
  'body-file',
  'key',
  'category',
  'link',
  'cover',
  'pinned',
  'sort',
];
const contactFlags = ['kind', 'channel', 'label', 'url', 'hours', 'sort'];

export const contentCommands: Record<string, Command> = {
  'content:add': {
    summary:
      `Add a content item (--kind ${CONTENT_KINDS.join('|')} --title --body|--body-file [--lang en] ` +
      '[--key] [--category] [--link] [--cover image] [--pinned] [--sort] [--publish now|ISO])',
    flags: ['kind', ...itemFlags, 'publish'],
    run: async (context) => {
      const { flags } = context;
      const kind = required(flags, 'kind') as ContentKind;
      if (!CONTENT_KINDS.includes(kind)) {
        throw new UsageError(`--kind must be one of ${CONTENT_KINDS.join(', ')}`);
      }
      const fields = await itemFields(context, kind);
      const text = (await body(flags)) ?? '';
      const id = await operator(() =>
        service(context).add({
          ...fields,
          kind,
          lang: lang(flags, 'en')!,
          title: required(flags, 'title'),
          body: text,
        }),
      );
      if (flags.publish !== undefined) {
        await operator(() => service(context).publish(id, when(flags.publish)));
      }
      return { result: { id, kind, published: flags.publish !== undefined } };
    },
  },
  'content:set': {
    summary:
      'Edit an item (--id or --key) and/or its text in one language ' +
      '(--lang with --title and/or --body|--body-file); adds that language if missing',
    flags: ['id', ...itemFlags],
    run: async (context) => {
      const { flags } = context;
      const id = await itemId(context);
      const existing = await contentRepository(context.database.db).findItem(id);
      const fields = await itemFields(context, existing?.kind);
      const text = await body(flags);
      const language = lang(flags);
      if ((flags.title !== undefined || text !== undefined) && !language) {
        throw new UsageError('--lang is required with --title or --body');
      }
      await operator(() =>
        service(context).set(id, {
          ...fields,
          ...(language ? { lang: language } : {}),
          ...(flags.title !== undefined ? { title: flags.title } : {}),
          ...(text !== undefined ? { body: text } : {}),
        }),
      );
      return { result: { id, updated: true } };
    },
  },
  'content:publish': {
    summary: 'Publish an item (--id or --key) now or at --at ISO-8601',
    flags: ['id', 'key', 'at'],
    run: async (context) => {
      const id = await itemId(context);
      const at = when(context.flags.at);
      await operator(() => service(context).publish(id, at));
      return { result: { id, published_at: at.toISOString() } };
    },
  },
  'content:unpublish': {
    summary: 'Withdraw an item (--id or --key): investors no longer see it',
    flags: ['id', 'key'],
    run: async (context) => {
      const id = await itemId(context);
      await operator(() => service(context).publish(id, null));
      return { result: { id, published_at: null } };
    },
  },
  'content:list': {
    summary: 'List every item (drafts too) with its languages (--kind to filter)',
    flags: ['kind'],
    run: async (context) => {
      const kind = context.flags.kind as ContentKind | undefined;
      if (kind && !CONTENT_KINDS.includes(kind)) throw new UsageError('unknown --kind');
      return { result: { items: await service(context).list(kind) } };
    },
  },
  'contact:add': {
    summary:
      'Add a customer-service contact (--kind group|person --channel telegram|whatsapp|email|line|phone|web ' +
      '--label --url [--hours] [--sort])',
    flags: contactFlags,
    run: async (context) => {
      const { flags } = context;
      const id = await operator(() =>
        service(context).addContact({
          kind: required(flags, 'kind') as 'group' | 'person',
          channel: required(flags, 'channel'),
          label: required(flags, 'label'),
          url: required(flags, 'url'),
          hours: flags.hours ?? '',
          sort: int(flags, 'sort') ?? 0,
        }),
      );
      return { result: { id } };
    },
  },
  'contact:set': {
    summary: 'Edit a contact (--id, any of the contact:add flags, --enabled true|false)',
    flags: ['id', ...contactFlags, 'enabled'],
    run: async (context) => {
      const { flags } = context;
      const id = required(flags, 'id');
      if (!/^[1-9]\d{0,17}$/.test(id)) throw new UsageError('--id must be a contact id');
      const fields: Record<string, unknown> = {};
      for (const name of ['kind', 'channel', 'label', 'url', 'hours'] as const) {
        if (flags[name] !== undefined) fields[name] = flags[name];
      }
      const sort = int(flags, 'sort');
      if (sort !== undefined) fields.sort = sort;
      const enabled = bool(flags, 'enabled');
      if (enabled !== undefined) fields.enabled = enabled;
      await operator(() => service(context).setContact(id, fields));
      return { result: { id, updated: true } };
    },
  },
  'contact:list': {
    summary: 'List customer-service contacts, disabled ones too',
    flags: [],
    run: async (context) => ({ result: { contacts: await service(context).allContacts() } }),
  },
};
