import { ProviderError, type ChannelProvider, type ChannelRecord, type CloudApiSettings, type OutboundMessage, type ProviderTemplate } from '../provider';
import { UNREACHABLE } from './network-error';
import { cloudError, cloudRequest, isRetryable, isThrottled, unreadableSuccess } from './http';

// The WhatsApp Cloud API wire format against the channel's base URL:
//   POST {base}/{version}/{phone_number_id}/messages                 template, text and interactive sends
//   GET  {base}/{version}/{phone_number_id}                          credential check
//   GET  {base}/{version}/{business_account_id}/message_templates    template sync, paged

const TEMPLATE_FIELDS = 'id,name,language,status,category,components,rejected_reason';
const MAX_TEMPLATE_PAGES = 200;

/** Cloud API recipients are digits only (the wa_id form). */
function recipient(e164: string): string {
  return e164.replace(/\D/g, '');
}

export function sendBody(message: OutboundMessage): object {
  const base = {
    messaging_product: 'whatsapp', recipient_type: 'individual', to: recipient(message.to), biz_opaque_callback_data: message.reference,
  };
  if (message.kind === 'text') return { ...base, type: 'text', text: { preview_url: false, body: message.body } };
  if (message.kind === 'interactive') return { ...base, type: 'interactive', interactive: message.interactive };
  if (message.kind === 'media') {
    const { type, link, filename } = message.media;
    // Audio takes no caption; only a document carries its file name.
    const caption = type !== 'audio' && message.caption ? { caption: message.caption } : {};
    return { ...base, type, [type]: { link, ...caption, ...(type === 'document' ? { filename } : {}) } };
  }
  return { ...base, type: 'template', template: message.template };
}

/** The provider's next-page link, followed only on the configured host. */
function nextPage(next: unknown, root: string, origin: string): string | null {
  if (typeof next !== 'string' || !next) return null;
  let url: URL;
  try {
    url = new URL(next, root);
  } catch {
    throw new ProviderError('Template sync failed: the provider\'s next-page link is not a URL.');
  }
  return url.origin === origin ? url.toString() : null;
}

export function cloudApiProvider(channel: ChannelRecord, s: CloudApiSettings): ChannelProvider {
  const root = `${s.base_url.replace(/\/+$/, '')}/${s.api_version}`;
  return {
    async send(message, claim) {
      const res = await cloudRequest(`${root}/${s.phone_number_id}/messages`, s.access_token, {
        method: 'POST', body: sendBody(message), hold: claim,
      });
      if (res.calledOff) return { ok: false, calledOff: true };
      const id = (res.json?.messages as { id?: string }[] | undefined)?.[0]?.id;
      if (res.status !== null && res.status >= 200 && res.status < 300 && id) return { ok: true, providerId: id };
      const { code, message: text } = cloudError(res);
      if (res.mayHaveArrived) return { ok: false, uncertain: true, code, message: text };
      return { ok: false, retry: isRetryable(res, code), throttled: isThrottled(res, code), code, message: text };
    },

    async testCredentials() {
      const res = await cloudRequest(`${root}/${s.phone_number_id}?fields=display_phone_number,verified_name`, s.access_token);
      if (res.status === 200 && res.json) {
        return {
          ok: true, reached: true, detail: 'The credentials work.',
          display_phone_number: String(res.json.display_phone_number ?? ''), verified_name: String(res.json.verified_name ?? ''),
        };
      }
      // No answer at all says nothing about the credentials.
      if (res.status === null) return { ok: false, reached: false, detail: res.error ?? UNREACHABLE };
      // A success that is not the Cloud API's answer is no verdict on the credentials either.
      const unreadable = unreadableSuccess(res);
      if (unreadable) return { ok: false, reached: true, detail: `${unreadable} The credentials were not checked.` };
      const { code, message } = cloudError(res);
      // A server error (or a gateway's page in its place) is the provider's trouble, not a verdict on them.
      if (res.status >= 500) {
        return { ok: false, reached: true, detail: `The provider could not answer (${code}): ${message}. The credentials were not checked; try again later.` };
      }
      return { ok: false, reached: true, detail: `The provider refused the credentials (${code}): ${message}` };
    },

    async submitTemplate(template) {
      const res = await cloudRequest(`${root}/${s.business_account_id}/message_templates`, s.access_token, { method: 'POST', body: template });
      if (res.status === null) throw new ProviderError(res.error ?? UNREACHABLE);
      const unreadable = unreadableSuccess(res);
      if (unreadable) throw new ProviderError(unreadable);
      if (res.status < 200 || res.status >= 300 || !res.json) {
        const { code, message } = cloudError(res);
        throw new ProviderError(`The provider refused the template (${code}): ${message}`);
      }
      return { id: res.json.id ? String(res.json.id) : null, status: String(res.json.status ?? 'PENDING') };
    },

    async removeTemplate(name) {
      const res = await cloudRequest(`${root}/${s.business_account_id}/message_templates?name=${encodeURIComponent(name)}`, s.access_token, { method: 'DELETE' });
      if (res.status === null) throw new ProviderError(res.error ?? UNREACHABLE);
      // Already gone at the provider is what was asked for.
      if ((res.status < 200 || res.status >= 300) && res.status !== 404) {
        const { code, message } = cloudError(res);
        throw new ProviderError(`The provider refused to delete the template (${code}): ${message}`);
      }
    },

    async fetchTemplates() {
      const out: ProviderTemplate[] = [];
      const origin = new URL(root).origin;
      let url: string | null = `${root}/${s.business_account_id}/message_templates?limit=100&fields=${TEMPLATE_FIELDS}`;
      for (let page = 0; url && page < MAX_TEMPLATE_PAGES; page++) {
        const res = await cloudRequest(url, s.access_token);
        if (res.status === null) throw new ProviderError(`Template sync failed. ${res.error ?? UNREACHABLE}`);
        const unreadable = unreadableSuccess(res);
        if (unreadable) throw new ProviderError(`Template sync failed. ${unreadable}`);
        if (res.status !== 200 || !res.json) {
          const { code, message } = cloudError(res);
          throw new ProviderError(`Template sync failed (${code}): ${message}`);
        }
        const data = res.json.data ?? [];
        if (!Array.isArray(data)) throw new ProviderError('Template sync failed: the provider\'s answer has no template list.');
        out.push(...(data as ProviderTemplate[]));
        url = nextPage((res.json.paging as { next?: unknown } | undefined)?.next, root, origin);
      }
      return out;
    },
  };
}
