'use client';
import { useState } from 'react';
import { signInWithPassword } from '@/components/auth/sign-in';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { FormAlert } from '@/components/ui/form-alert';
import { PageHeader } from '@/components/ui/page-header';
import { ErrorState, LoadingState } from '@/components/ui/states';
import { TextField } from '@/components/ui/text-field';
import { useUpdateProfile } from '@/lib/client/account';
import { apiFetch } from '@/lib/client/api-fetch';
import { errorBody, messagesAt, topMessages } from '@/lib/client/drf-errors';
import { useMe } from '@/lib/client/me';
import type { Me } from '@/lib/client/types';

export function ProfileView() {
  const me = useMe();
  return (
    <>
      <PageHeader title="Your profile" description="Your name and picture as teammates and contacts see them, and your password." />
      {me.isPending ? <LoadingState /> : me.isError ? <ErrorState error={me.error} onRetry={() => me.refetch()} /> : (
        <div className="space-y-6">
          <ProfileForm key={me.data.user.id} me={me.data} />
          <PasswordForm email={me.data.user.email} />
        </div>
      )}
    </>
  );
}

function ProfileForm({ me }: { me: Me }) {
  const [values, setValues] = useState({ first_name: me.user.first_name, last_name: me.user.last_name, profile_image: me.user.profile_image ?? '' });
  const [saved, setSaved] = useState(false);
  const save = useUpdateProfile();
  const errors = errorBody(save.error);
  const set = (key: keyof typeof values, value: string) => { setSaved(false); setValues((v) => ({ ...v, [key]: value })); };
  return (
    <Card title="Profile">
      <form noValidate className="space-y-5" onSubmit={(e) => {
        e.preventDefault();
        save.mutate({ ...values, profile_image: values.profile_image.trim() || null }, { onSuccess: () => setSaved(true) });
      }}>
        <FormAlert messages={topMessages(errors, ['first_name', 'last_name', 'profile_image'])} />
        <div className="grid gap-5 sm:grid-cols-2">
          <TextField label="First name" value={values.first_name} maxLength={150} errors={messagesAt(errors, ['first_name'])} onChange={(e) => set('first_name', e.target.value)} />
          <TextField label="Last name" value={values.last_name} maxLength={150} errors={messagesAt(errors, ['last_name'])} onChange={(e) => set('last_name', e.target.value)} />
        </div>
        <div className="flex items-end gap-4">
          {/* eslint-disable-next-line @next/next/no-img-element -- any host's image, by URL */}
          {values.profile_image.startsWith('https://') && <img src={values.profile_image} alt="" className="size-12 rounded-full object-cover ring-1 ring-slate-200" />}
          <TextField label="Profile image URL" type="url" className="flex-1" value={values.profile_image} errors={messagesAt(errors, ['profile_image'])}
            hint="An https address of a square picture; leave empty for none." onChange={(e) => set('profile_image', e.target.value)} />
        </div>
        <div className="flex items-center justify-end gap-3">
          <span role="status" className="text-sm text-emerald-700">{saved ? 'Profile saved.' : ''}</span>
          <Button type="submit" disabled={save.isPending}>{save.isPending ? 'Saving…' : 'Save profile'}</Button>
        </div>
      </form>
    </Card>
  );
}

function PasswordForm({ email }: { email: string }) {
  const [values, setValues] = useState({ current_password: '', new_password: '' });
  const [state, setState] = useState<{ pending: boolean; errors: ReturnType<typeof errorBody>; done: boolean }>({ pending: false, errors: null, done: false });
  return (
    <Card title="Password">
      <form noValidate className="space-y-5" onSubmit={async (e) => {
        e.preventDefault();
        setState({ pending: true, errors: null, done: false });
        try {
          await apiFetch<void>('/api/me/password', { method: 'POST', json: values });
        } catch (error) {
          setState({ pending: false, errors: errorBody(error), done: false });
          return;
        }
        // Changing the password ended every session, this one too: sign in again with the new one.
        const failed = await signInWithPassword(email, values.new_password);
        setValues({ current_password: '', new_password: '' });
        setState({ pending: false, errors: failed ? { detail: failed } : null, done: !failed });
      }}>
        <FormAlert messages={topMessages(state.errors, ['current_password', 'new_password'])} />
        <div className="grid gap-5 sm:grid-cols-2">
          <TextField label="Current password" type="password" autoComplete="current-password" value={values.current_password}
            errors={messagesAt(state.errors, ['current_password'])} onChange={(e) => setValues((v) => ({ ...v, current_password: e.target.value }))} />
          <TextField label="New password" type="password" autoComplete="new-password" value={values.new_password} hint="At least 8 characters."
            errors={messagesAt(state.errors, ['new_password'])} onChange={(e) => setValues((v) => ({ ...v, new_password: e.target.value }))} />
        </div>
        <p className="text-xs text-slate-500">Changing it signs you out everywhere else.</p>
        <div className="flex items-center justify-end gap-3">
          <span role="status" className="text-sm text-emerald-700">{state.done ? 'Password changed.' : ''}</span>
          <Button type="submit" disabled={state.pending}>{state.pending ? 'Changing…' : 'Change password'}</Button>
        </div>
      </form>
    </Card>
  );
}
