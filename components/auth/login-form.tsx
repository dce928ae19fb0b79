'use client';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { FormAlert } from '@/components/ui/form-alert';
import { TextField } from '@/components/ui/text-field';
import { signInWithPassword } from './sign-in';

export function LoginForm({ onSignedIn }: { onSignedIn: () => void }) {
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [pending, setPending] = useState(false);

  return (
    <form className="space-y-5" noValidate onSubmit={async (e) => {
      e.preventDefault();
      setPending(true);
      setError(null);
      const failure = await signInWithPassword(email.trim(), password);
      if (failure) {
        setError(failure);
        setPending(false);
      } else {
        onSignedIn();
      }
    }}>
      <FormAlert messages={error ? [error] : []} />
      <TextField label="Email" name="email" type="email" autoComplete="email" required autoFocus
        value={email} onChange={(e) => setEmail(e.target.value)} />
      <TextField label="Password" name="password" type="password" autoComplete="current-password" required
        value={password} onChange={(e) => setPassword(e.target.value)} />
      <Button type="submit" className="w-full" disabled={pending || !email || !password}>
        {pending ? 'Signing in…' : 'Sign in'}
      </Button>
    </form>
  );
}
