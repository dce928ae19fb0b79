'use client';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { FormAlert } from '@/components/ui/form-alert';
import { TextField } from '@/components/ui/text-field';
import { useCreateApiKey } from '@/lib/client/api-keys';
import { errorBody, messagesAt, topMessages } from '@/lib/client/drf-errors';
import type { NewApiKey } from '@/lib/client/types';

export function CreateKeyForm({ onCreated }: { onCreated: (key: NewApiKey) => void }) {
  const [name, setName] = useState('');
  const create = useCreateApiKey();
  const errors = errorBody(create.error);
  return (
    <form className="space-y-3" onSubmit={(e) => {
      e.preventDefault();
      create.mutate(name.trim(), { onSuccess: (key) => { setName(''); onCreated(key); } });
    }}>
      <FormAlert messages={topMessages(errors, ['name'])} />
      <div className="flex flex-wrap items-start gap-3">
        <TextField label="Key name" name="name" value={name} onChange={(e) => setName(e.target.value)} required maxLength={100}
          placeholder="e.g. CRM sync" hint="Say where the key is used, so you know what breaks if you revoke it."
          errors={messagesAt(errors, ['name'])} className="min-w-64 flex-1" />
        <Button type="submit" className="mt-7" disabled={create.isPending || !name.trim()}>
          {create.isPending ? 'Creating…' : 'Create key'}
        </Button>
      </div>
    </form>
  );
}
