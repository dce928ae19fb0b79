import { getServerSession } from 'next-auth';
import { headers } from 'next/headers';
import { redirect } from 'next/navigation';
import { servedOverHttps } from '@/lib/auth/https';
import { nextAuthOptions } from '@/lib/auth/next-auth-options';
import { AppShell } from './app-shell';

/** Server-side gate for every dashboard page: no session (or an ended one), straight to /login. */
export async function SignedInLayout({ children }: { children: React.ReactNode }) {
  const session = await getServerSession(nextAuthOptions({ secure: servedOverHttps(await headers()) }));
  if (!session) redirect('/login');
  return <AppShell>{children}</AppShell>;
}
