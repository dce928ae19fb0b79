'use client';
import { useMutation } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { Button } from '@/components/ui/button';
import { FormAlert } from '@/components/ui/form-alert';
import { SelectField, TextField } from '@/components/ui/text-field';
import { localTimeZone, TIME_ZONES } from '@/lib/accounts/time-zones';
import { apiFetch } from '@/lib/client/api-fetch';
import { errorBody, messagesAt, topMessages } from '@/lib/client/drf-errors';
import type { Country } from '@/lib/phone/countries';
import { signInWithPassword } from './sign-in';

export type { Country };

const FIELDS = ['name', 'country', 'default_timezone', 'first_name', 'last_name', 'email', 'password'] as const;
type Values = Record<(typeof FIELDS)[number], string>;

/** First run: creates the account and its first admin (POST /api/setup), then signs in as them. */
export function SetupForm({ countries, defaultCountry, onSignedIn }: { countries: Country[]; defaultCountry: string; onSignedIn: () => void }) {
  const [values, setValues] = useState<Values>({
    name: '', country: defaultCountry, default_timezone: 'UTC', first_name: '', last_name: '', email: '', password: '',
  });
  // The browser's zone, once in the browser: the server that rendered the form may be elsewhere.
  useEffect(() => setValues((v) => ({ ...v, default_timezone: localTimeZone() })), []);
  const [signInError, setSignInError] = useState<string | null>(null);
  const setup = useMutation({
    mutationFn: (body: Values) => apiFetch<{ account: number; email: string }>('/api/setup', { method: 'POST', json: body }),
    onSuccess: async () => {
      const failure = await signInWithPassword(values.email.trim(), values.password);
      if (failure) setSignInError(`Your account was created, but signing in failed: ${failure}`);
      else onSignedIn();
    },
  });
  const errors = errorBody(setup.error);
  const field = (name: keyof Values) => ({
    name,
    value: values[name],
    errors: messagesAt(errors, [name]),
    onChange: (e: React.ChangeEvent<HTMLInputElement | HTMLSelectElement>) => setValues((v) => ({ ...v, [name]: e.target.value })),
  });
  const setupNoLongerOpen = setup.error && 'status' in setup.error && setup.error.status === 404;

  return (
    <form className="space-y-5" noValidate onSubmit={(e) => { e.preventDefault(); setSignInError(null); setup.mutate(values); }}>
      <FormAlert messages={setupNoLongerOpen
        ? ['This installation already has an account. Reload the page and sign in.']
        : [...topMessages(errors, FIELDS), ...(signInError ? [signInError] : [])]} />
      <fieldset className="space-y-4">
        <legend className="text-sm font-semibold text-slate-900">Your organization</legend>
        <TextField label="Account name" autoComplete="organization" required autoFocus {...field('name')} />
        <SelectField label="Country" hint="Phone numbers without a country code are read as this country's." {...field('country')}>
          {countries.map((c) => <option key={c.code} value={c.code}>{c.name}</option>)}
        </SelectField>
        <SelectField label="Time zone" hint="Times in the dashboard are shown in this zone; working hours are read on its clock." {...field('default_timezone')}>
          {TIME_ZONES.map((tz) => <option key={tz} value={tz}>{tz}</option>)}
        </SelectField>
      </fieldset>
      <fieldset className="space-y-4">
        <legend className="text-sm font-semibold text-slate-900">You, the first admin</legend>
        <div className="grid gap-4 sm:grid-cols-2">
          <TextField label="First name" autoComplete="given-name" {...field('first_name')} />
          <TextField label="Last name" autoComplete="family-name" {...field('last_name')} />
        </div>
        <TextField label="Email" type="email" autoComplete="email" required {...field('email')} />
        <TextField label="Password" type="password" autoComplete="new-password" required minLength={8}
          hint="At least 8 characters." {...field('password')} />
      </fieldset>
      <Button type="submit" className="w-full" disabled={setup.isPending || setup.isSuccess}>
        {setup.isPending ? 'Creating your account…' : setup.isSuccess && !signInError ? 'Signing in…' : 'Create account'}
      </Button>
    </form>
  );
}
