'use client';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { FormAlert } from '@/components/ui/form-alert';
import { SelectField, TextField } from '@/components/ui/text-field';
import { errorBody, messagesAt, topMessages } from '@/lib/client/drf-errors';
import { useAddMember, type AddMemberValues } from '@/lib/client/members';
import type { NewMember } from '@/lib/client/types';

const SHOWN = ['email', 'first_name', 'last_name', 'role', 'password'] as const;

/** Email, names and role; either an invitation link (default) or a password the admin sets now. */
export function AddMemberForm({ onAdded, onCancel }: { onAdded: (member: NewMember) => void; onCancel: () => void }) {
  const [values, setValues] = useState<AddMemberValues>({ email: '', first_name: '', last_name: '', role: 'AGENT', password: '' });
  const [withPassword, setWithPassword] = useState(false);
  const add = useAddMember();
  const errors = errorBody(add.error);
  const set = (key: keyof AddMemberValues, value: string) => setValues((v) => ({ ...v, [key]: value }));
  return (
    <Card title="Add a member">
      <form noValidate className="space-y-5" onSubmit={(e) => {
        e.preventDefault();
        const { password, ...rest } = values;
        add.mutate(withPassword ? { ...rest, password } : rest, { onSuccess: onAdded });
      }}>
        <FormAlert messages={topMessages(errors, SHOWN)} />
        <div className="grid gap-5 sm:grid-cols-2">
          <TextField label="Email" type="email" autoComplete="off" required value={values.email} errors={messagesAt(errors, ['email'])}
            onChange={(e) => set('email', e.target.value)} />
          <SelectField label="Role" value={values.role} errors={messagesAt(errors, ['role'])} onChange={(e) => set('role', e.target.value)}
            hint="Admins manage members, settings, channels and keys; agents work the inbox.">
            <option value="AGENT">Agent</option>
            <option value="ADMIN">Admin</option>
          </SelectField>
          <TextField label="First name" value={values.first_name} errors={messagesAt(errors, ['first_name'])} onChange={(e) => set('first_name', e.target.value)} />
          <TextField label="Last name" value={values.last_name} errors={messagesAt(errors, ['last_name'])} onChange={(e) => set('last_name', e.target.value)} />
        </div>
        <fieldset className="space-y-2 text-sm">
          <legend className="font-medium text-slate-700">Sign-in</legend>
          <label className="flex items-center gap-2">
            <input type="radio" name="sign-in" checked={!withPassword} onChange={() => setWithPassword(false)} className="accent-indigo-600" />
            Create an invitation link: the member chooses their own password
          </label>
          <label className="flex items-center gap-2">
            <input type="radio" name="sign-in" checked={withPassword} onChange={() => setWithPassword(true)} className="accent-indigo-600" />
            Set an initial password now
          </label>
        </fieldset>
        {withPassword && (
          <TextField label="Initial password" type="password" autoComplete="new-password" className="max-w-sm" value={values.password}
            hint="At least 8 characters. Tell the member to change it from their profile." errors={messagesAt(errors, ['password'])}
            onChange={(e) => set('password', e.target.value)} />
        )}
        <div className="flex justify-end gap-2">
          <Button variant="secondary" onClick={onCancel}>Cancel</Button>
          <Button type="submit" disabled={add.isPending}>{add.isPending ? 'Adding…' : 'Add member'}</Button>
        </div>
      </form>
    </Card>
  );
}
