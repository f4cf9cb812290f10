// Content calls (docs/api-extensions.md "News and misc"): area codes, news, the customer
// service link and the app QR code. They go through runCommand like every other command, so
// they are logged and validated at the edge; identical concurrent calls share one request.
import type { CommandResult } from '../api.ts';
import type { CountryItem, NewsDetail, NewsItem } from '../../shared/wire.ts';
import type { EngineContext } from '../context.ts';
import { countriesReply, newsDetailReply, newsListReply } from '../ingest/schemas.ts';
import {
  areaCodes,
  customerService as customerServiceCall,
  qrCode,
} from '../../shared/wire/misc.ts';
import { newsDetail as newsDetailCall, newsList as newsListCall } from '../../shared/wire/news.ts';
import { runCommand, toCommandResult } from './run-command.ts';

export function countries(ctx: EngineContext): Promise<CommandResult<CountryItem[]>> {
  return runCommand(ctx, {
    command: 'countries',
    input: null,
    fields: {},
    secretReply: true,
    query: true,
    execute: async () =>
      toCommandResult(
        ctx,
        await ctx.rest.get(areaCodes.path),
        countriesReply,
        `reply:${areaCodes.path}`,
        (list) => ({ message: '', data: list }),
      ),
  });
}

export function newsList(ctx: EngineContext, cId?: number): Promise<CommandResult<NewsItem[]>> {
  return runCommand(ctx, {
    command: 'news-list',
    input: cId ?? null,
    fields: { cId: cId ?? null },
    secretReply: true,
    query: true,
    execute: async () => {
      const reply = await ctx.rest.post(newsListCall.path, { c_id: cId, lang: ctx.lang() });
      return toCommandResult(ctx, reply, newsListReply, `reply:${newsListCall.path}`, (page) => ({
        message: '',
        data: page.list,
      }));
    },
  });
}

export function newsDetail(ctx: EngineContext, id: number): Promise<CommandResult<NewsDetail>> {
  return runCommand(ctx, {
    command: 'news-detail',
    input: id,
    fields: { id },
    secretReply: true,
    query: true,
    execute: async () => {
      const reply = await ctx.rest.post(newsDetailCall.path, { id });
      return toCommandResult(
        ctx,
        reply,
        newsDetailReply,
        `reply:${newsDetailCall.path}`,
        (detail) => ({
          message: '',
          data: detail,
        }),
      );
    },
  });
}

/** The customer-service URL with {id} and {name} filled in ('' when none is configured). */
export function customerService(ctx: EngineContext): Promise<CommandResult<string>> {
  return runCommand(ctx, {
    command: 'customer-service',
    input: null,
    fields: {},
    query: true,
    execute: async () => {
      const { session } = ctx.store.state().session;
      const fill = (template: string): string =>
        template
          .replaceAll(
            '{id}',
            encodeURIComponent(session.userId === null ? '' : String(session.userId)),
          )
          .replaceAll('{name}', encodeURIComponent(session.account ?? ''));
      const reply = await ctx.rest.get(customerServiceCall.path);
      return toCommandResult(
        ctx,
        reply,
        customerServiceCall.reply,
        `reply:${customerServiceCall.path}`,
        (template) => ({
          message: '',
          data: fill(template),
        }),
      );
    },
  });
}

/** The QR code image for `text`, as a data: URL. */
export function appQrCode(ctx: EngineContext, text: string): Promise<CommandResult<string>> {
  return runCommand(ctx, {
    command: 'app-qrcode',
    input: text,
    fields: { length: text.length },
    secretReply: true,
    query: true,
    execute: async (): Promise<CommandResult<string>> => {
      const reply = await ctx.rest.binary(qrCode.path, { text });
      if (!reply.ok) return { ok: false, code: 'network', message: reply.message };
      if (!reply.contentType.startsWith('image/'))
        return { ok: false, code: 'server', type: 'malformed', message: 'not an image' };
      return {
        ok: true,
        message: '',
        data: `data:${reply.contentType.split(';')[0] ?? 'image/png'};base64,${toBase64(reply.bytes)}`,
      };
    },
  });
}

export function toBase64(bytes: Uint8Array): string {
  let binary = '';
  const chunk = 0x8000;
  for (let i = 0; i < bytes.length; i += chunk)
    binary += String.fromCharCode(...bytes.subarray(i, i + chunk));
  return btoa(binary);
}
