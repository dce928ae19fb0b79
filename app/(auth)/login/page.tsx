import type { Metadata } from 'next';
import { headers } from 'next/headers';
import { redirect } from 'next/navigation';
import { getCountries } from 'libphonenumber-js';
import { LoginView } from '@/components/auth/login-view';
import { currentSessionMember } from '@/lib/auth/current-session';

export const metadata: Metadata = { title: 'Sign in' };

/** Only same-site paths, so `?callbackUrl=` cannot send a user elsewhere after signing in. */
function safeCallback(value: string | string[] | undefined): string {
  const v = Array.isArray(value) ? value[0] : value;
  return v && v.startsWith('/') && !v.startsWith('//') && !v.startsWith('/login') ? v : '/contacts';
}

export default async function LoginPage({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  const callbackUrl = safeCallback((await searchParams).callbackUrl);
  if (await currentSessionMember()) redirect(callbackUrl);

  // Country choices for first-run setup, named in English, with the browser's region preselected.
  const names = new Intl.DisplayNames(['en'], { type: 'region' });
  const countries = getCountries().map((code) => ({ code, name: names.of(code) ?? code }))
    .sort((a, b) => a.name.localeCompare(b.name));
  const region = /^[a-z]{2,3}-([A-Z]{2})\b/i.exec((await headers()).get('accept-language') ?? '')?.[1]?.toUpperCase();
  const defaultCountry = countries.some((c) => c.code === region) ? region! : 'US';

  return <LoginView callbackUrl={callbackUrl} countries={countries} defaultCountry={defaultCountry} />;
}
