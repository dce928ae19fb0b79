import type { z } from 'zod';
import { mask } from './crypto';
import type { ChannelRecord, CloudApiSettings } from './provider';
import { channelSettings } from './settings';
import type { Channel, ChannelShort, CloudApiSettings as CloudApiSettingsSchema } from '@/lib/openapi/schemas/messaging';
import { iso } from '@/lib/serializers/iso';

// The channel as the API embeds it in templates, and the detail form for the channel pages.
// Provider secrets are never returned whole: only masked, to show that they are set. The shapes
// are the response schemas' (lib/openapi/schemas/messaging.ts).

export type SerializedChannelShort = z.output<typeof ChannelShort>;
export type SerializedCloudApiSettings = z.output<typeof CloudApiSettingsSchema>;
export type SerializedChannel = z.output<typeof Channel>;


export function callbackPath(channelId: number): string {
  return `/api/channels/cloud-api/webhook/${channelId}`;
}

/** The embedded channel object (template list). */
export function serializeChannelShort(c: ChannelRecord): SerializedChannelShort {
  return {
    id: c.id,
    channel_id: c.channelId,
    channel_type: c.channelType,
    name: c.name,
    status: c.status,
    created_on: iso(c.createdOn),
    channel_provider: c.channelProvider,
    is_sandbox: c.isSandbox,
  };
}

export function serializeCloudApiSettings(s: CloudApiSettings, callbackUrl: string): SerializedCloudApiSettings {
  return {
    phone_number_id: s.phone_number_id,
    chat_business_account_id: s.business_account_id,
    app_id: s.app_id,
    base_url: s.base_url,
    api_version: s.api_version,
    access_token_ro: mask(s.access_token),
    app_token_ro: mask(s.app_secret),
    webhook_verify_token: mask(s.verify_token),
    service_webhook_url: callbackUrl,
    proxy_requests: false,
    webhook_set: Boolean(s.webhook_set),
  };
}

/** List and detail form: `origin` makes the absolute callback URL to paste into the provider. */
export function serializeChannel(c: ChannelRecord, origin: string): SerializedChannel {
  const settings = c.isSandbox ? null : channelSettings(c);
  const callbackUrl = c.isSandbox ? null : `${origin.replace(/\/$/, '')}${callbackPath(c.id)}`;
  return {
    ...serializeChannelShort(c),
    rate_limit: c.rateLimitPerSecond,
    templates_synced_on: iso(c.templatesSyncedOn),
    callback_url: callbackUrl,
    cloud_api_settings: settings && callbackUrl ? serializeCloudApiSettings(settings, callbackUrl) : null,
  };
}
