import type { Metadata } from 'next';
import { SetPasswordView } from '@/components/auth/set-password-view';

export const metadata: Metadata = { title: 'Choose a password' };

export default async function SetPasswordPage({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  const token = (await searchParams).token;
  return <SetPasswordView token={typeof token === 'string' ? token : ''} />;
}
