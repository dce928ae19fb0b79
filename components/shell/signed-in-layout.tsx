import { redirect } from 'next/navigation';
import { currentSessionMember } from '@/lib/auth/current-session';
import { AppShell } from './app-shell';

/** Server-side gate for every dashboard page: no current session, straight to /login. */
export async function SignedInLayout({ children }: { children: React.ReactNode }) {
  if (!(await currentSessionMember())) redirect('/login');
  return <AppShell>{children}</AppShell>;
}
