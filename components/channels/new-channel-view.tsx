'use client';
import Link from 'next/link';
import { useRouter } from 'next/navigation';
import { AdminOnly } from '@/components/ui/admin-only';
import { PageHeader } from '@/components/ui/page-header';
import { useCreateChannel } from '@/lib/client/channels';
import { errorBody } from '@/lib/client/drf-errors';
import { ChannelForm } from './channel-form';

export function NewChannelView() {
  const router = useRouter();
  const create = useCreateChannel();
  return (
    <>
      <PageHeader title="Add a Cloud API channel"
        description="Connect a number hosted on the Cloud API. After adding it, paste its callback URL into the provider and test the credentials."
        back={<Link href="/settings/channels" className="text-slate-500 hover:text-slate-900">← Channels</Link>} />
      <AdminOnly what="add channels">
        <ChannelForm errors={errorBody(create.error)} pending={create.isPending}
          onSubmit={(values) => create.mutate(values, { onSuccess: (c) => router.push(`/settings/channels/${c.id}`) })} />
      </AdminOnly>
    </>
  );
}
