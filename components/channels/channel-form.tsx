'use client';
import { useState } from 'react';
import { Button, ButtonLink } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { FormAlert } from '@/components/ui/form-alert';
import { TextField } from '@/components/ui/text-field';
import type { DrfBody } from '@/lib/client/api-fetch';
import { messagesAt, topMessages } from '@/lib/client/drf-errors';
import type { ChannelWrite } from '@/lib/client/types';

type Values = Required<ChannelWrite>;
const FIELDS: { key: keyof Values; label: string; hint: string; secret?: boolean; placeholder?: string; inputMode?: 'url' | 'numeric' }[] = [
  { key: 'name', label: 'Name', hint: 'How the channel is called in the dashboard.' },
  { key: 'phone_number_id', label: 'Phone number ID', hint: 'The provider\'s id of the sending phone number.' },
  { key: 'business_account_id', label: 'Business account ID', hint: 'The business account that owns the number and its templates.' },
  { key: 'access_token', label: 'Access token', hint: 'A system-user token with messaging permissions. Stored encrypted, never shown again.', secret: true },
  { key: 'app_secret', label: 'App secret', hint: 'Verifies the signature of the provider\'s callbacks. Stored encrypted.', secret: true },
  { key: 'verify_token', label: 'Verify token', hint: 'Any string; enter the same one in the provider\'s callback settings.', secret: true },
  { key: 'app_id', label: 'App ID', hint: 'Optional.' },
  { key: 'base_url', label: 'Base URL', hint: 'Optional; defaults to https://graph.facebook.com.', placeholder: 'https://graph.facebook.com', inputMode: 'url' },
  { key: 'api_version', label: 'API version', hint: 'Optional; defaults to v21.0.', placeholder: 'v21.0' },
  { key: 'rate_limit', label: 'Rate limit', hint: 'Messages per second, 1 to 1000; defaults to 80.', placeholder: '80', inputMode: 'numeric' },
];
const SHOWN = FIELDS.map((f) => f.key);

export const emptyChannelForm: Values = {
  name: '', phone_number_id: '', business_account_id: '', access_token: '', app_secret: '', verify_token: '',
  app_id: '', base_url: '', api_version: '', rate_limit: '',
};

/** The cloud_api settings, flat; the API's messages show under each field, verbatim. */
export function ChannelForm({ errors, pending, onSubmit }: { errors: DrfBody | null; pending: boolean; onSubmit: (v: Values) => void }) {
  const [values, setValues] = useState<Values>(emptyChannelForm);
  return (
    <form noValidate className="space-y-6" onSubmit={(e) => { e.preventDefault(); onSubmit(values); }}>
      <FormAlert messages={topMessages(errors, SHOWN)} />
      <Card title="Cloud API settings">
        <div className="grid gap-5 sm:grid-cols-2">
          {FIELDS.map((f) => (
            <TextField key={f.key} label={f.label} name={f.key} hint={f.hint} placeholder={f.placeholder} inputMode={f.inputMode}
              type={f.secret ? 'password' : 'text'} autoComplete={f.secret ? 'new-password' : 'off'}
              value={values[f.key]} errors={messagesAt(errors, [f.key])}
              onChange={(e) => setValues((v) => ({ ...v, [f.key]: e.target.value }))} />
          ))}
        </div>
      </Card>
      <div className="flex justify-end gap-2">
        <ButtonLink href="/settings/channels" variant="secondary">Cancel</ButtonLink>
        <Button type="submit" disabled={pending}>{pending ? 'Adding…' : 'Add channel'}</Button>
      </div>
    </form>
  );
}
