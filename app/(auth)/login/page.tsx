import type { Metadata } from 'next';
import { getServerSession } from 'next-auth';
import { headers } from 'next/headers';
import { redirect } from 'next/navigation';
import { LoginView } from '@/components/auth/login-view';
import { servedOverHttps } from '@/lib/auth/https';
import { nextAuthOptions } from '@/lib/auth/next-auth-options';
import { countryChoices } from '@/lib/phone/countries';

export const metadata: Metadata = { title: 'Sign in' };

/** Only same-site paths, so `?callbackUrl=` cannot send a user elsewhere after signing in. */
function safeCallback(value: string | string[] | undefined): string {
  const v = Array.isArray(value) ? value[0] : value;
  return v && v.startsWith('/') && !v.startsWith('//') && !v.startsWith('/login') ? v : '/contacts';
}

export default async function LoginPage({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  const callbackUrl = safeCallback((await searchParams).callbackUrl);
  const requestHeaders = await headers();
  if (await getServerSession(nextAuthOptions({ secure: servedOverHttps(requestHeaders) }))) redirect(callbackUrl);

  // Country choices for first-run setup, named in English, with the browser's region preselected.
  const countries = countryChoices();
  const region = /^[a-z]{2,3}-([A-Z]{2})\b/i.exec(requestHeaders.get('accept-language') ?? '')?.[1]?.toUpperCase();
  const defaultCountry = countries.some((c) => c.code === region) ? region! : 'US';

  return <LoginView callbackUrl={callbackUrl} countries={countries} defaultCountry={defaultCountry} />;
}
