'use client';
import { useRouter } from 'next/navigation';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { FormAlert } from '@/components/ui/form-alert';
import { TextField } from '@/components/ui/text-field';
import { Switch } from '@/components/webhooks/switch';
import { useDeleteChannel, useUpdateChannel } from '@/lib/client/channels';
import { errorBody, messagesAt, topMessages } from '@/lib/client/drf-errors';
import type { Channel } from '@/lib/client/types';
import { ConfirmButton } from '@/components/ui/confirm-button';

// The provider settings that are not secret: shown as stored, sent only when changed (a change to
// any of them re-checks the channel with the provider, as new credentials do).
const SETTINGS = [
  { key: 'phone_number_id', label: 'Phone number ID', hint: 'The provider\'s id of the sending phone number.' },
  { key: 'business_account_id', label: 'Business account ID', hint: 'The business account that owns the number and its templates.' },
  { key: 'app_id', label: 'App ID', hint: 'Optional.' },
  { key: 'base_url', label: 'Base URL', hint: 'The Cloud API\'s address, such as https://graph.facebook.com.' },
  { key: 'api_version', label: 'API version', hint: 'Such as v21.0.' },
] as const;
type SettingKey = (typeof SETTINGS)[number]['key'];

const SECRETS = [
  { key: 'access_token', label: 'Access token' },
  { key: 'app_secret', label: 'App secret' },
  { key: 'verify_token', label: 'Verify token' },
] as const;

/** ADMIN: edit a channel. Secrets are never shown back: a field left blank keeps the stored value. */
export function ChannelEditCard({ channel }: { channel: Channel }) {
  const router = useRouter();
  const update = useUpdateChannel(channel.id);
  const remove = useDeleteChannel(channel.id);
  const cloud = channel.cloud_api_settings;
  const stored: Record<SettingKey, string> = {
    phone_number_id: cloud?.phone_number_id ?? '', business_account_id: cloud?.chat_business_account_id ?? '', app_id: cloud?.app_id ?? '',
    base_url: cloud?.base_url ?? '', api_version: cloud?.api_version ?? '',
  };
  const [values, setValues] = useState({
    name: channel.name, rate_limit: String(channel.rate_limit), access_token: '', app_secret: '', verify_token: '', ...stored,
  });
  const [saved, setSaved] = useState(false);
  const errors = errorBody(update.error ?? remove.error);
  const set = (key: keyof typeof values, value: string) => { setSaved(false); setValues((v) => ({ ...v, [key]: value })); };
  const on = channel.status !== 'INACTIVE';
  return (
    <Card title="Edit channel">
      <form noValidate className="space-y-5" onSubmit={(e) => {
        e.preventDefault();
        const { rate_limit, ...rest } = values;
        // As the server stores them (a base URL without its trailing slash), so an unchanged one is not sent again.
        const asStored = (key: SettingKey) => (key === 'base_url' ? values[key].trim().replace(/\/+$/, '') : values[key].trim());
        const same = (key: SettingKey) => asStored(key) === stored[key];
        const changed = Object.fromEntries(SETTINGS.filter((f) => cloud && !same(f.key)).map((f) => [f.key, values[f.key]]));
        const body = { name: rest.name, access_token: rest.access_token, app_secret: rest.app_secret, verify_token: rest.verify_token, ...changed };
        update.mutate({ ...body, rate_limit: rate_limit.trim() === '' ? '' : Number(rate_limit) }, {
          onSuccess: () => { setSaved(true); setValues((v) => ({ ...v, access_token: '', app_secret: '', verify_token: '' })); },
        });
      }}>
        <FormAlert messages={topMessages(errors, ['name', 'rate_limit', ...SECRETS.map((s) => s.key), ...(cloud ? SETTINGS.map((f) => f.key) : [])])} />
        <Switch label="Switched on" checked={on} disabled={update.isPending}
          description="When off, nothing is sent through this channel: sends are refused with a reason."
          onChange={(next) => update.mutate({ status: next ? 'ACTIVE' : 'INACTIVE' })} />
        <div className="grid gap-5 sm:grid-cols-2">
          <TextField label="Channel name" value={values.name} maxLength={150} errors={messagesAt(errors, ['name'])} onChange={(e) => set('name', e.target.value)} />
          <TextField label="Rate limit (messages per second)" type="number" min={1} max={1000} value={values.rate_limit}
            errors={messagesAt(errors, ['rate_limit'])} onChange={(e) => set('rate_limit', e.target.value)} />
          {cloud && SETTINGS.map((f) => (
            <TextField key={f.key} label={f.label} value={values[f.key]} hint={f.hint} errors={messagesAt(errors, [f.key])}
              inputMode={f.key === 'base_url' ? 'url' : undefined} onChange={(e) => set(f.key, e.target.value)} />
          ))}
          {!channel.is_sandbox && SECRETS.map((s) => (
            <TextField key={s.key} label={`New ${s.label.toLowerCase()}`} type="password" autoComplete="off" value={values[s.key]}
              hint="Leave blank to keep the stored one; it is never shown back." errors={messagesAt(errors, [s.key])}
              onChange={(e) => set(s.key, e.target.value)} />
          ))}
        </div>
        <div className="flex flex-wrap items-center justify-between gap-3">
          {!channel.is_sandbox ? (
            <ConfirmButton variant="danger" disabled={remove.isPending} title={`Delete the channel "${channel.name}"?`} confirmLabel="Delete channel"
              body="Its messages keep their history; nothing more can be sent through it."
              // Awaited rather than a per-call onSuccess: the refetch that follows the delete can unmount this card first.
              onConfirm={() => void remove.mutateAsync().then(() => router.push('/settings/channels'), () => {})}>Delete channel</ConfirmButton>
          ) : <span />}
          <span className="flex items-center gap-3">
            <span role="status" className="text-sm text-emerald-700">{saved ? 'Channel saved.' : ''}</span>
            <Button type="submit" disabled={update.isPending}>{update.isPending ? 'Saving…' : 'Save channel'}</Button>
          </span>
        </div>
      </form>
    </Card>
  );
}
