'use client';
import Link from 'next/link';
import { usePathname, useRouter, useSearchParams } from 'next/navigation';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { PageHeader } from '@/components/ui/page-header';
import { EmptyState, ErrorState, LoadingState, Spinner } from '@/components/ui/states';
import { inputClass } from '@/components/ui/text-field';
import { useSandboxMessages } from '@/lib/client/messages';
import { PhoneThread } from './phone-thread';
import { ReplyForm } from './reply-form';

/**
 * The sandbox phone: act as a contact. The number lives in the URL (?phone=); what it received on
 * the sandbox channel refreshes every 1.5 s, and replies go in as that contact.
 */
export function SandboxPhoneView() {
  const router = useRouter();
  const pathname = usePathname();
  const params = useSearchParams();
  const phone = params.get('phone')?.trim() ?? '';
  const [input, setInput] = useState(phone);
  const messages = useSandboxMessages(phone);

  return (
    <>
      <PageHeader title="Sandbox phone"
        description="Play the part of a contact: see what a number received on the sandbox channel and reply as that contact. Nothing leaves this service." />
      <form className="mb-4 flex flex-wrap items-end gap-3" onSubmit={(e) => {
        e.preventDefault();
        const next = input.trim();
        router.replace(next ? `${pathname}?phone=${encodeURIComponent(next)}` : pathname, { scroll: false });
      }}>
        <div className="min-w-56 max-w-xs flex-1">
          <label htmlFor="sandbox-phone" className="block text-sm font-medium text-slate-700">Phone number</label>
          <input id="sandbox-phone" type="tel" value={input} onChange={(e) => setInput(e.target.value)} placeholder="+5255…"
            autoComplete="off" className={`${inputClass} mt-1.5`} />
        </div>
        <Button type="submit" variant="secondary">Open phone</Button>
      </form>

      {!phone ? (
        <Card><EmptyState title="Enter a phone number">
          Open any number to play a customer: what you write from it arrives in the Inbox as that contact's message. Templates sent
          to a number from <Link href="/templates" className="underline">Templates</Link> arrive here.
        </EmptyState></Card>
      ) : (
        <div className="mx-auto max-w-xl">
          <Card flush title={<span>Phone <span className="font-mono" data-testid="sandbox-number">{phone}</span></span>}
            actions={messages.isFetching && !messages.isPending ? <Spinner className="size-4 text-slate-400" /> : undefined}>
            {messages.isPending ? <LoadingState /> : messages.isError
              ? <div className="p-4"><ErrorState error={messages.error} onRetry={() => messages.refetch()} /></div>
              : <PhoneThread messages={messages.data.results} total={messages.data.count} />}
            <ReplyForm phone={phone} messages={messages.data?.results ?? []} />
          </Card>
        </div>
      )}
    </>
  );
}
