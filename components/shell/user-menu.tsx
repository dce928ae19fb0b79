'use client';
import Link from 'next/link';
import { signOut } from 'next-auth/react';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import type { Me } from '@/lib/client/types';

export function UserMenu({ me }: { me: Me | undefined }) {
  const qc = useQueryClient();
  const [leaving, setLeaving] = useState(false);
  const name = me ? `${me.user.first_name} ${me.user.last_name}`.trim() || me.user.email : '';
  return (
    <div className="border-t border-slate-200 pt-4">
      {me && (
        <div className="mb-3 min-w-0 px-1">
          <p className="truncate text-sm font-medium text-slate-900" data-testid="current-user">{name}</p>
          <p className="truncate text-xs text-slate-500">{me.user.email} · {me.user.role.toLowerCase()}</p>
          <Link href="/settings/profile" className="text-xs font-medium text-indigo-700 hover:underline">Your profile</Link>
        </div>
      )}
      <Button variant="secondary" className="w-full" disabled={leaving}
        onClick={async () => {
          setLeaving(true);
          qc.clear();
          await signOut({ callbackUrl: '/login' });
        }}>
        Sign out
      </Button>
    </div>
  );
}
