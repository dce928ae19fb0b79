'use client';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { FormAlert } from '@/components/ui/form-alert';
import { SelectField, TextField } from '@/components/ui/text-field';
import { personName } from '@/components/people/person-name';
import { useCreateApiKey } from '@/lib/client/api-keys';
import { useMe } from '@/lib/client/me';
import { useMembers } from '@/lib/client/members';
import { errorBody, messagesAt, topMessages } from '@/lib/client/drf-errors';
import type { NewApiKey } from '@/lib/client/types';

export function CreateKeyForm({ onCreated }: { onCreated: (key: NewApiKey) => void }) {
  const [name, setName] = useState('');
  // '' is the admin making the key; a key for another member acts with that member's role.
  const [user, setUser] = useState('');
  const create = useCreateApiKey();
  const me = useMe();
  const members = useMembers();
  const others = (members.data ?? []).filter((m) => m.is_active && m.id !== me.data?.user.id);
  const errors = errorBody(create.error);
  return (
    <form className="space-y-3" onSubmit={(e) => {
      e.preventDefault();
      create.mutate({ name: name.trim(), user: user ? Number(user) : undefined }, { onSuccess: (key) => { setName(''); setUser(''); onCreated(key); } });
    }}>
      <FormAlert messages={topMessages(errors, ['name', 'user'])} />
      <div className="flex flex-wrap items-start gap-3">
        <TextField label="Key name" name="name" value={name} onChange={(e) => setName(e.target.value)} required maxLength={100}
          placeholder="e.g. CRM sync" hint="Say where the key is used, so you know what breaks if you revoke it."
          errors={messagesAt(errors, ['name'])} className="min-w-64 flex-1" />
        <SelectField label="Acts as" name="user" value={user} onChange={(e) => setUser(e.target.value)} className="min-w-56"
          hint="The key has this member's role: an agent's key cannot change settings." errors={messagesAt(errors, ['user'])}>
          <option value="">You{me.data ? ` (${personName(me.data.user)})` : ''}</option>
          {others.map((m) => <option key={m.id} value={m.id}>{personName(m)} · {m.role.charAt(0) + m.role.slice(1).toLowerCase()}</option>)}
        </SelectField>
        <Button type="submit" className="mt-7" disabled={create.isPending || !name.trim()}>
          {create.isPending ? 'Creating…' : 'Create key'}
        </Button>
      </div>
    </form>
  );
}
