'use client';
import { useQuery } from '@tanstack/react-query';
import { useRouter } from 'next/navigation';
import { ErrorState, LoadingState } from '@/components/ui/states';
import { apiFetch } from '@/lib/client/api-fetch';
import { AuthCard } from './auth-card';
import { LoginForm } from './login-form';
import { SetupForm, type Country } from './setup-form';

export function LoginView({ callbackUrl, countries, defaultCountry }: { callbackUrl: string; countries: Country[]; defaultCountry: string }) {
  const router = useRouter();
  const setup = useQuery({ queryKey: ['setup'], queryFn: () => apiFetch<{ needed: boolean }>('/api/setup'), staleTime: Infinity });
  const onSignedIn = () => {
    router.replace(callbackUrl);
    router.refresh();
  };

  if (setup.isPending) return <AuthCard title="Engage"><LoadingState /></AuthCard>;
  if (setup.isError) return <AuthCard title="Engage"><ErrorState error={setup.error} onRetry={() => setup.refetch()} /></AuthCard>;
  if (setup.data.needed) {
    return (
      <AuthCard title="Set up your account" subtitle="Welcome! Create your organization and its first admin to get started.">
        <SetupForm countries={countries} defaultCountry={defaultCountry} onSignedIn={onSignedIn} />
      </AuthCard>
    );
  }
  return (
    <AuthCard title="Sign in to Engage" subtitle="Use the email and password of your account.">
      <LoginForm onSignedIn={onSignedIn} />
    </AuthCard>
  );
}
