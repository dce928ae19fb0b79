'use client';
import { useQuery } from '@tanstack/react-query';
import { useRouter } from 'next/navigation';
import { useState } from 'react';
import { Button, ButtonLink } from '@/components/ui/button';
import { FormAlert } from '@/components/ui/form-alert';
import { LoadingState } from '@/components/ui/states';
import { TextField } from '@/components/ui/text-field';
import { apiFetch } from '@/lib/client/api-fetch';
import { errorBody, messagesAt, topMessages } from '@/lib/client/drf-errors';
import type { MemberLinkInfo } from '@/lib/client/types';
import { AuthCard } from './auth-card';
import { signInWithPassword } from './sign-in';

/** An invitation or reset link: the member chooses a password, then is signed in with it. */
export function SetPasswordView({ token }: { token: string }) {
  const router = useRouter();
  const link = useQuery({
    queryKey: ['member-link', token],
    queryFn: () => apiFetch<MemberLinkInfo>(`/api/member-link?token=${encodeURIComponent(token)}`),
    enabled: Boolean(token), retry: false,
  });
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const [state, setState] = useState<{ pending: boolean; errors: ReturnType<typeof errorBody> }>({ pending: false, errors: null });

  if (!token || link.isError) {
    return (
      <AuthCard title="This link does not work" subtitle="It may have been used already or have expired.">
        <p className="text-sm text-slate-600">Ask an admin of your account for a new link (Settings → Members → Reset link).</p>
        <ButtonLink href="/login" variant="secondary" className="mt-4 w-full">Go to sign-in</ButtonLink>
      </AuthCard>
    );
  }
  if (link.isPending) return <AuthCard title="Choose a password"><LoadingState /></AuthCard>;
  const info = link.data;
  return (
    <AuthCard title={info.purpose === 'INVITE' ? `Welcome${info.first_name ? `, ${info.first_name}` : ''}` : 'Choose a new password'}
      subtitle={`For ${info.email}`}>
      <form noValidate className="space-y-5" onSubmit={async (e) => {
        e.preventDefault();
        if (password !== confirm) {
          setState({ pending: false, errors: { confirm: ['The two passwords differ.'] } });
          return;
        }
        setState({ pending: true, errors: null });
        try {
          await apiFetch('/api/member-link', { method: 'POST', json: { token, password } });
        } catch (error) {
          setState({ pending: false, errors: errorBody(error) });
          return;
        }
        const failed = await signInWithPassword(info.email, password);
        if (failed) router.push('/login');
        else router.push('/inbox');
      }}>
        <FormAlert messages={topMessages(state.errors, ['password', 'confirm'])} />
        <TextField label="Password" type="password" autoComplete="new-password" value={password} hint="At least 8 characters."
          errors={messagesAt(state.errors, ['password'])} onChange={(e) => setPassword(e.target.value)} />
        <TextField label="Repeat the password" type="password" autoComplete="new-password" value={confirm}
          errors={messagesAt(state.errors, ['confirm'])} onChange={(e) => setConfirm(e.target.value)} />
        <Button type="submit" className="w-full" disabled={state.pending}>{state.pending ? 'Saving…' : 'Set password and sign in'}</Button>
      </form>
    </AuthCard>
  );
}
