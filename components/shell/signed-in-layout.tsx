import { getServerSession } from 'next-auth';
import { redirect } from 'next/navigation';
import { nextAuthOptions } from '@/lib/auth/next-auth-options';
import { AppShell } from './app-shell';

/** Server-side gate for every dashboard page: no session, straight to /login. */
export async function SignedInLayout({ children }: { children: React.ReactNode }) {
  const session = await getServerSession(nextAuthOptions());
  if (!session) redirect('/login');
  return <AppShell>{children}</AppShell>;
}
