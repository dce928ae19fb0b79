'use client';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { FormAlert } from '@/components/ui/form-alert';
import { PageHeader } from '@/components/ui/page-header';
import { ErrorState, LoadingState } from '@/components/ui/states';
import { SelectField, TextArea, TextField } from '@/components/ui/text-field';
import { Switch } from '@/components/webhooks/switch';
import { TIME_ZONES } from '@/lib/accounts/time-zones';
import { useAccount, useTeams, useUpdateAccount } from '@/lib/client/account';
import { errorBody, messagesAt, topMessages } from '@/lib/client/drf-errors';
import { useMe } from '@/lib/client/me';
import type { Account } from '@/lib/client/types';
import type { Country } from '@/lib/phone/countries';

const DAYS = ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'];
const SHOWN = [
  'name', 'country', 'default_timezone', 'working_hours', 'after_hours_response', 'autoclose_conversations_after', 'default_team',
  'opt_out_keywords', 'opt_in_keywords', 'opt_out_response', 'opt_in_response',
] as const;

type Day = Account['working_hours'][number];
type Values = Pick<Account, 'name' | 'country' | 'default_timezone' | 'has_working_hours' | 'after_hours_response'
  | 'inbox_add_name_before_message' | 'should_autoclose_conversations' | 'archive_conversations_when_closed'
  | 'agents_can_see_all_conversations' | 'default_team' | 'opt_out_response' | 'opt_in_response'> & {
    working_hours: Day[]; autoclose: string; opt_out_keywords: string; opt_in_keywords: string;
  };

function valuesOf(a: Account): Values {
  // Every weekday has a row in the form; days the account does not list are closed.
  const week = DAYS.map((_, day) => a.working_hours.find((d) => d.day === day)
    ?? { day, is_open: false, open_at: '09:00:00', close_at: '17:00:00' });
  return {
    name: a.name, country: a.country, default_timezone: a.default_timezone, has_working_hours: a.has_working_hours,
    working_hours: week, after_hours_response: a.after_hours_response, inbox_add_name_before_message: a.inbox_add_name_before_message,
    should_autoclose_conversations: a.should_autoclose_conversations, autoclose: a.autoclose_conversations_after?.toString() ?? '',
    archive_conversations_when_closed: a.archive_conversations_when_closed, agents_can_see_all_conversations: a.agents_can_see_all_conversations,
    default_team: a.default_team,
    // Edited as one line of words with commas between them; the API reads that text as the list.
    opt_out_keywords: a.opt_out_keywords.join(', '), opt_in_keywords: a.opt_in_keywords.join(', '),
    opt_out_response: a.opt_out_response, opt_in_response: a.opt_in_response,
  };
}

export function AccountSettingsView({ countries }: { countries: Country[] }) {
  const account = useAccount();
  const me = useMe();
  return (
    <>
      <PageHeader title="Account settings" description="How the account works: its time zone, working hours, and how conversations are handled." />
      {account.isPending || me.isPending ? <LoadingState /> : account.isError ? <ErrorState error={account.error} onRetry={() => account.refetch()} /> : (
        <AccountSettingsForm key={account.data.id} account={account.data} canEdit={me.data?.user.role === 'ADMIN'} countries={countries} />
      )}
    </>
  );
}

function AccountSettingsForm({ account, canEdit, countries }: { account: Account; canEdit: boolean; countries: Country[] }) {
  const [values, setValues] = useState(() => valuesOf(account));
  const [saved, setSaved] = useState(false);
  const save = useUpdateAccount();
  const teams = useTeams();
  const errors = errorBody(save.error);
  const set = <K extends keyof Values>(key: K, value: Values[K]) => {
    setSaved(false);
    setValues((v) => ({ ...v, [key]: value }));
  };
  const setDay = (day: number, change: Partial<Day>) => set('working_hours', values.working_hours.map((d) => (d.day === day ? { ...d, ...change } : d)));
  const dayErrors = (i: number) => messagesAt(errors, ['working_hours', i]);

  return (
    <form noValidate className="space-y-6" onSubmit={(e) => {
      e.preventDefault();
      const { autoclose, ...rest } = values;
      save.mutate({ ...rest, autoclose_conversations_after: autoclose.trim() === '' ? null : Number(autoclose) }, { onSuccess: () => setSaved(true) });
    }}>
      {!canEdit && <p className="rounded-md bg-slate-50 px-4 py-3 text-sm text-slate-600 ring-1 ring-slate-200">Only admins can change these settings.</p>}
      <FormAlert messages={topMessages(errors, SHOWN)} />
      <fieldset disabled={!canEdit} className="min-w-0 space-y-6">
        <Card title="General">
          <div className="grid gap-5 sm:grid-cols-2">
            <TextField label="Account name" value={values.name} maxLength={200} errors={messagesAt(errors, ['name'])}
              onChange={(e) => set('name', e.target.value)} />
            <SelectField label="Country" value={values.country} hint="Phone numbers without a country code are read as this country's."
              errors={messagesAt(errors, ['country'])} onChange={(e) => set('country', e.target.value)}>
              {!countries.some((c) => c.code === values.country) && <option value={values.country}>{values.country}</option>}
              {countries.map((c) => <option key={c.code} value={c.code}>{c.name}</option>)}
            </SelectField>
            <SelectField label="Time zone" value={values.default_timezone} errors={messagesAt(errors, ['default_timezone'])}
              hint="Times in the dashboard are shown in this zone; working hours are read on its clock." onChange={(e) => set('default_timezone', e.target.value)}>
              {!TIME_ZONES.includes(values.default_timezone) && <option value={values.default_timezone}>{values.default_timezone}</option>}
              {TIME_ZONES.map((tz) => <option key={tz} value={tz}>{tz}</option>)}
            </SelectField>
          </div>
        </Card>

        <Card title="Working hours">
          <div className="space-y-5">
            <Switch label="Use working hours" checked={values.has_working_hours} onChange={(on) => set('has_working_hours', on)} disabled={!canEdit}
              description="Outside them, a contact who writes gets the after-hours response, once per conversation." />
            {/* Scrolls by itself on a phone rather than widening the page. */}
            <div className="overflow-x-auto">
            <table className="w-full text-sm">
              <caption className="sr-only">Opening times per weekday</caption>
              <thead>
                <tr className="text-left text-xs text-slate-500">
                  <th className="py-1 pr-2 font-medium sm:pr-3">Day</th><th className="py-1 pr-2 font-medium sm:pr-3">Open</th>
                  <th className="py-1 pr-2 font-medium sm:pr-3">From</th><th className="py-1 font-medium">To</th>
                </tr>
              </thead>
              <tbody>
                {values.working_hours.map((d, i) => (
                  <tr key={d.day}>
                    <th scope="row" className="py-1.5 pr-2 text-left font-medium text-slate-700 sm:pr-3">
                      {/* Three letters on a phone, so that the closing time fits beside the opening time. */}
                      <span aria-hidden="true" className="sm:hidden">{DAYS[d.day].slice(0, 3)}</span>
                      <span className="sr-only sm:not-sr-only">{DAYS[d.day]}</span>
                    </th>
                    <td className="py-1.5 pr-2 sm:pr-3">
                      <input type="checkbox" aria-label={`${DAYS[d.day]} open`} checked={d.is_open} className="size-4 accent-indigo-600"
                        onChange={(e) => setDay(d.day, { is_open: e.target.checked })} />
                    </td>
                    <td className="py-1.5 pr-2 sm:pr-3">
                      <input type="time" aria-label={`${DAYS[d.day]} opens at`} value={d.open_at.slice(0, 5)} disabled={!d.is_open}
                        className="rounded-md px-1.5 py-1 ring-1 ring-slate-500 disabled:opacity-50 sm:px-2" onChange={(e) => setDay(d.day, { open_at: e.target.value })} />
                    </td>
                    <td className="py-1.5">
                      <input type="time" aria-label={`${DAYS[d.day]} closes at`} value={d.close_at.slice(0, 5)} disabled={!d.is_open}
                        className="rounded-md px-1.5 py-1 ring-1 ring-slate-500 disabled:opacity-50 sm:px-2" onChange={(e) => setDay(d.day, { close_at: e.target.value })} />
                      {dayErrors(i).length > 0 && <p className="text-xs text-rose-700">{dayErrors(i).join(' ')}</p>}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
            </div>
            <p data-testid="hours-zone" className="text-xs text-slate-500">Times are on the clock of {values.default_timezone || 'UTC'} (the time zone above), summer time included. A closing time before the opening time runs past midnight, into the next morning; the same time for both (00:00 to 00:00) is open all day.</p>
            <TextArea label="After-hours response" rows={3} value={values.after_hours_response} maxLength={4096}
              errors={messagesAt(errors, ['after_hours_response'])} hint="Leave empty to send nothing."
              onChange={(e) => set('after_hours_response', e.target.value)} />
          </div>
        </Card>

        <Card title="Opting out of marketing">
          <div className="space-y-5">
            <p className="text-sm text-slate-600">
              A contact who writes one of these words, alone, gets no more MARKETING templates (from broadcasts, flows or the
              API) until they write an opt-in word. Case, accents and punctuation do not matter. Replies and other templates
              still reach them.
            </p>
            <div className="grid gap-5 sm:grid-cols-2">
              <TextField label="Opt-out words" value={values.opt_out_keywords} errors={messagesAt(errors, ['opt_out_keywords'])}
                hint="Separated by commas. Leave empty to turn keywords off." onChange={(e) => set('opt_out_keywords', e.target.value)} />
              <TextField label="Opt-in words" value={values.opt_in_keywords} errors={messagesAt(errors, ['opt_in_keywords'])}
                hint="Separated by commas." onChange={(e) => set('opt_in_keywords', e.target.value)} />
            </div>
            <TextArea label="Opt-out confirmation" rows={2} value={values.opt_out_response} maxLength={4096}
              errors={messagesAt(errors, ['opt_out_response'])} hint="Sent when a contact opts out. Leave empty to send nothing."
              onChange={(e) => set('opt_out_response', e.target.value)} />
            <TextArea label="Opt-in confirmation" rows={2} value={values.opt_in_response} maxLength={4096}
              errors={messagesAt(errors, ['opt_in_response'])} hint="Sent when a contact opts back in. Leave empty to send nothing."
              onChange={(e) => set('opt_in_response', e.target.value)} />
          </div>
        </Card>

        <Card title="Conversations">
          <div className="space-y-5">
            <SelectField label="Default team" value={values.default_team?.toString() ?? ''} errors={messagesAt(errors, ['default_team'])}
              hint="New inbound conversations go to this team (by its strategy) when the contact has no default assignees."
              onChange={(e) => set('default_team', e.target.value ? Number(e.target.value) : null)}>
              <option value="">No team: leave new conversations unassigned</option>
              {teams.data?.map((t) => <option key={t.id} value={t.id}>{t.name} ({t.assignment_strategy.replace('_', ' ').toLowerCase()})</option>)}
            </SelectField>
            <Switch label="Agents see all conversations" checked={values.agents_can_see_all_conversations} disabled={!canEdit}
              onChange={(on) => set('agents_can_see_all_conversations', on)}
              description="When off, an agent sees only conversations assigned to them or to their teams." />
            <Switch label="Add the agent's name before each message" checked={values.inbox_add_name_before_message} disabled={!canEdit}
              onChange={(on) => set('inbox_add_name_before_message', on)} description="Messages sent from the inbox start with the sender's name in bold." />
            <Switch label="Close idle conversations automatically" checked={values.should_autoclose_conversations} disabled={!canEdit}
              onChange={(on) => set('should_autoclose_conversations', on)} />
            <TextField label="Close after (hours without messages)" type="number" min={1} max={32767} inputMode="numeric" className="max-w-xs"
              value={values.autoclose} errors={messagesAt(errors, ['autoclose_conversations_after'])}
              onChange={(e) => set('autoclose', e.target.value)} />
            <Switch label="Archive conversations when closed" checked={values.archive_conversations_when_closed} disabled={!canEdit}
              onChange={(on) => set('archive_conversations_when_closed', on)} />
          </div>
        </Card>
      </fieldset>
      {canEdit && (
        <div className="flex items-center justify-end gap-3">
          <span role="status" className="text-sm text-emerald-700">{saved ? 'Settings saved.' : ''}</span>
          <Button type="submit" disabled={save.isPending}>{save.isPending ? 'Saving…' : 'Save settings'}</Button>
        </div>
      )}
    </form>
  );
}
