'use client';
import Link from 'next/link';
import { useRouter } from 'next/navigation';
import { useEffect, useId, useMemo, useRef, useState } from 'react';
import { Button, ButtonLink } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { FieldErrors } from '@/components/ui/field-errors';
import { FormAlert } from '@/components/ui/form-alert';
import { PageHeader } from '@/components/ui/page-header';
import { TextField } from '@/components/ui/text-field';
import { preview, variableSlots } from '@/components/templates/template-parts';
import { TemplatePreview } from '@/components/templates/template-preview';
import type { DrfBody } from '@/lib/client/api-fetch';
import {
  contactCandidates, csvCandidates, guessMapping, metaKeys, selectRecipients, serverRecipientProblems,
  type Candidate, type Mapping, type ValueSource,
} from '@/lib/client/broadcast-recipients';
import { MAX_RECIPIENTS, useCreateBroadcast, useTagContacts } from '@/lib/client/broadcasts';
import { errorBody, messagesAt, topMessages } from '@/lib/client/drf-errors';
import { localInputToIso, localInputValue, nextHour, zoneLabel } from '@/lib/client/local-datetime';
import { useMe } from '@/lib/client/me';
import { canonicalizePhone } from '@/lib/phone/canonicalize';
import type { BroadcastWrite, ChatTemplate } from '@/lib/client/types';
import { BroadcastReview, type ReviewSummary } from './broadcast-review';
import { CsvSource, type CsvFile } from './csv-source';
import { RecipientProblems } from './recipient-problems';
import { TagSource } from './tag-source';
import { TemplatePicker } from './template-picker';

// Fields the form shows next to their inputs; errors of any other field go to the alert at the top.
const SHOWN = ['name', 'chat_template', 'recipients', 'start_on', 'contact_tags', 'has_priority'] as const;

type Source = 'csv' | 'tag';
// `at` is a wall-clock time in the account's zone; `atEdited` keeps a person's choice when that zone loads.
type Details = { name: string; when: 'now' | 'later'; at: string; atEdited?: boolean; priority: boolean; tags: string };
type ClientErrors = Partial<Record<'name' | 'chat_template' | 'recipients' | 'start_on', string[]>>;

const fmt = new Intl.NumberFormat('en-US');

/** `vip, march promo` → `[{name: 'vip'}, {name: 'march promo'}]`, blanks and repeats dropped. */
function tagList(text: string): { name: string }[] {
  return [...new Set(text.split(',').map((t) => t.trim()).filter(Boolean))].map((name) => ({ name }));
}

function Step({ n, title, children, actions }: { n: number; title: string; children: React.ReactNode; actions?: React.ReactNode }) {
  return (
    <Card title={<span className="flex items-center gap-2">
      <span aria-hidden="true" className="grid size-5 place-items-center rounded-full bg-indigo-600 text-[11px] font-semibold text-white">{n}</span>
      {title}
    </span>} actions={actions}>
      {children}
    </Card>
  );
}

function SourceSwitch({ value, onChange }: { value: Source; onChange: (s: Source) => void }) {
  const id = useId();
  const options: { value: Source; label: string }[] = [{ value: 'csv', label: 'From a CSV file' }, { value: 'tag', label: 'Contacts with a tag' }];
  return (
    <fieldset>
      <legend className="sr-only">Where the recipients come from</legend>
      <div className="inline-flex rounded-md shadow-sm ring-1 ring-inset ring-slate-300">
        {options.map((o, i) => (
          <label key={o.value} className={`cursor-pointer px-3.5 py-2 text-sm font-medium has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-offset-2 has-[:focus-visible]:outline-indigo-600
            ${i === 0 ? 'rounded-l-md' : 'rounded-r-md'} ${value === o.value ? 'bg-indigo-600 text-white' : 'bg-white text-slate-700 hover:bg-slate-50'}`}>
            <input type="radio" name={`${id}-source`} value={o.value} checked={value === o.value} onChange={() => onChange(o.value)} className="sr-only" />
            {o.label}
          </label>
        ))}
      </div>
    </fieldset>
  );
}

/**
 * The new-broadcast wizard: a template, the recipients (a CSV file read and checked here, with
 * its columns matched to the phone and each variable, or the contacts with a tag), the name,
 * when to send, priority and tags; then a review with the recipient count before anything is
 * sent. The server's errors come back next to their fields, and phones it refuses next to their
 * rows, mapped back from the index of the recipient sent.
 */
export function NewBroadcastView() {
  const router = useRouter();
  const create = useCreateBroadcast();
  const [template, setTemplate] = useState<ChatTemplate | null>(null);
  const slots = useMemo(() => (template ? variableSlots(template.components) : []), [template]);
  const parts = useMemo(() => slots.map((s) => s.part), [slots]);

  const [source, setSource] = useState<Source>('csv');
  const [csv, setCsv] = useState<CsvFile | null>(null);
  const [mapping, setMapping] = useState<Mapping>({ phone: null, variables: [] });
  const [tagInput, setTagInput] = useState('');
  const [tag, setTag] = useState('');
  const [tagVariables, setTagVariables] = useState<ValueSource[]>([]);
  const tagContacts = useTagContacts(tag);

  const [leaveOut, setLeaveOut] = useState(false);
  const [serverProblems, setServerProblems] = useState<Map<string, string[]>>(() => new Map());
  const me = useMe();
  const timeZone = me.data?.account.default_timezone;
  const country = me.data?.account.country;
  const [details, setDetails] = useState<Details>(() => ({
    name: '', when: 'now', at: localInputValue(nextHour(new Date())), priority: false, tags: '',
  }));
  // The default time was a whole hour in the browser's zone; once the account's zone is known, in that one.
  useEffect(() => {
    if (timeZone) setDetails((d) => d.atEdited ? d : { ...d, at: localInputValue(nextHour(new Date(), 30, timeZone), timeZone) });
  }, [timeZone]);
  const [clientErrors, setClientErrors] = useState<ClientErrors>({});
  const [serverErrors, setServerErrors] = useState<DrfBody | null>(null);
  const [recipientMessages, setRecipientMessages] = useState<string[]>([]);
  const [step, setStep] = useState<'edit' | 'review'>('edit');
  const sentKeys = useRef<string[]>([]);

  // A new template, file or mapping makes earlier verdicts on rows meaningless.
  const forgetVerdicts = () => {
    setServerProblems(new Map());
    setLeaveOut(false);
    setRecipientMessages([]);
  };
  const chooseTemplate = (t: ChatTemplate) => {
    setTemplate(t);
    const n = variableSlots(t.components).length;
    setMapping(guessMapping(csv?.table.header ?? [], n));
    setTagVariables(Array.from({ length: n }, (_, i) => (i === 0 ? { kind: 'field', field: 'first_name' } : { kind: 'none' })));
    setClientErrors((e) => ({ ...e, chat_template: undefined }));
    forgetVerdicts();
  };
  const chooseFile = (file: CsvFile | null) => {
    setCsv(file);
    setMapping(guessMapping(file?.table.header ?? [], slots.length));
    forgetVerdicts();
  };

  const contacts = tagContacts.data;
  // Phones read as the server reads them, each distinct spelling once (a file may have 100,000 rows
  // and is looked at again on every change of the mapping); until the account loads, only at Send.
  const readPhone = useMemo(() => {
    if (!country) return undefined;
    const read = new Map<string, ReturnType<typeof canonicalizePhone>>();
    return (phone: string) => {
      let result = read.get(phone);
      if (!result) read.set(phone, (result = canonicalizePhone(phone, country)));
      return result;
    };
  }, [country]);
  const candidates: Candidate[] = useMemo(() => {
    if (!template) return [];
    if (source === 'csv') return csv ? csvCandidates(csv.table, mapping, parts, readPhone) : [];
    return contacts ? contactCandidates(contacts, tagVariables, parts, readPhone) : [];
  }, [template, source, csv, mapping, parts, contacts, tagVariables, readPhone]);
  const selection = useMemo(() => selectRecipients(candidates, serverProblems, leaveOut), [candidates, serverProblems, leaveOut]);
  const keys = useMemo(() => contacts ? metaKeys(contacts) : [], [contacts]);

  // The preview shows the first recipient that would be sent (or the first row, problems and all).
  const sample = candidates.find((c) => c.problems.length === 0 && !serverProblems.has(c.key)) ?? candidates[0];
  const shown = template ? preview(template.components, sample?.recipient.data ?? []) : null;

  const noun = source === 'csv' ? { one: 'row', many: 'rows', column: 'Row' } : { one: 'contact', many: 'contacts', column: 'Contact' };
  const errors = serverErrors;
  const fieldErrors = (field: keyof ClientErrors | 'contact_tags') =>
    [...((clientErrors as Record<string, string[] | undefined>)[field] ?? []), ...messagesAt(errors, [field])];

  // After a refused review or send, the first field with an error takes the focus (or, when the
  // errors are about rows, the list of them).
  const [refusals, setRefusals] = useState(0);
  useEffect(() => {
    if (!refusals) return;
    const target = document.querySelector<HTMLElement>('[aria-invalid="true"]') ?? document.querySelector<HTMLElement>('[data-testid="recipient-problems"]');
    target?.scrollIntoView({ block: 'center' });
    target?.focus({ preventScroll: true });
  }, [refusals]);

  const review = () => {
    const found: ClientErrors = {};
    if (!template) found.chat_template = ['Choose a template.'];
    if (!details.name.trim()) found.name = ['Give the broadcast a name.'];
    if (details.when === 'later') {
      const at = localInputToIso(details.at, timeZone);
      if (!at) found.start_on = ['Choose the date and time to send.'];
      else if (Date.parse(at) <= Date.now()) found.start_on = ['This time has passed. Choose a later one, or send now.'];
    }
    if (template) {
      if (candidates.length === 0) {
        found.recipients = [source === 'csv' ? 'Choose a CSV file with the recipients.' : 'Load the contacts with a tag.'];
      } else if (selection.problems.length > 0 && !leaveOut) {
        found.recipients = [`Fix the ${noun.many} with problems, or leave them out.`];
      } else if (selection.recipients.length === 0) {
        found.recipients = [`No ${noun.many} are left to send to.`];
      } else if (selection.recipients.length > MAX_RECIPIENTS) {
        found.recipients = [`A broadcast takes at most ${fmt.format(MAX_RECIPIENTS)} recipients; this one has ${fmt.format(selection.recipients.length)}.`];
      }
    }
    setClientErrors(found);
    if (Object.keys(found).length) {
      setRefusals((n) => n + 1);
      return;
    }
    setServerErrors(null);
    setStep('review');
  };

  const body = (): BroadcastWrite => ({
    name: details.name.trim(),
    chat_template: template!.id,
    recipients: selection.recipients,
    start_on: details.when === 'later' ? localInputToIso(details.at, timeZone) : null,
    contact_tags: tagList(details.tags),
    has_priority: details.priority,
  });

  const send = () => {
    sentKeys.current = selection.keys;
    create.mutate(body(), {
      onSuccess: (b) => router.push(`/broadcasts/${b.id}`),
      onError: (error) => {
        const drf = errorBody(error);
        const fromServer = serverRecipientProblems(drf, sentKeys.current);
        if (fromServer.byKey.size) {
          setServerProblems(fromServer.byKey);
          setLeaveOut(false);
        }
        setRecipientMessages(fromServer.general);
        setServerErrors(drf);
        setStep('edit');
        setRefusals((n) => n + 1);
      },
    });
  };

  const summary: ReviewSummary | null = template && {
    name: details.name.trim(),
    template,
    // The numbers messaged: a repeated number gets one message (the server keeps its first row).
    count: selection.recipients.length - selection.duplicates,
    leftOut: selection.leftOut,
    duplicates: selection.duplicates,
    startOn: details.when === 'later' ? localInputToIso(details.at, timeZone) : null,
    priority: details.priority,
    tags: tagList(details.tags).map((t) => t.name),
    source: source === 'csv' ? `CSV file ${csv?.name ?? ''}` : `Contacts tagged “${tag}”`,
    noun,
    preview: shown!,
    sampleLabel: sample?.label ?? null,
  };

  if (step === 'review' && summary) {
    return (
      <>
        <PageHeader title="Review the broadcast" description="Nothing has been sent yet. Check the numbers, then send."
          back={<button type="button" onClick={() => setStep('edit')} className="text-slate-500 hover:text-slate-900">← Back to editing</button>} />
        <BroadcastReview summary={summary} pending={create.isPending} onBack={() => setStep('edit')} onSend={send} />
      </>
    );
  }

  // Per-recipient server errors show in the problems table, by row; the rest under the step.
  const recipientErrors = [...(clientErrors.recipients ?? []), ...recipientMessages];
  const serverRecipientErrors = serverProblems.size > 0;

  return (
    <>
      <PageHeader title="New broadcast" description="Send one approved template to many people, each with their own values."
        back={<Link href="/broadcasts" className="text-slate-500 hover:text-slate-900">← Broadcasts</Link>} />
      <div className="grid gap-6 lg:grid-cols-5">
        <form noValidate className="min-w-0 space-y-6 lg:col-span-3" onSubmit={(e) => { e.preventDefault(); review(); }}>
          <FormAlert messages={topMessages(errors, SHOWN)} title="The broadcast was not created" />
          {serverRecipientErrors && (
            <p role="alert" className="rounded-md border border-rose-200 bg-rose-50 px-4 py-3 text-sm text-rose-800">
              The server refused some recipients: they are listed with the {noun.many} below. Nothing was sent.
            </p>
          )}

          <Step n={1} title="Template">
            <TemplatePicker value={template} onChange={chooseTemplate} errors={fieldErrors('chat_template')} />
          </Step>

          <Step n={2} title="Recipients">
            {!template ? (
              <p className="text-sm text-slate-500">Choose a template first: its variables decide which values each recipient needs.</p>
            ) : (
              <div className="space-y-5">
                <SourceSwitch value={source} onChange={(s) => { setSource(s); forgetVerdicts(); }} />
                {source === 'csv' ? (
                  <CsvSource file={csv} mapping={mapping} slots={slots} onFile={chooseFile}
                    onMapping={(m) => { setMapping(m); forgetVerdicts(); }} />
                ) : (
                  <TagSource input={tagInput} onInput={setTagInput} onLoad={() => {
                    if (tagInput.trim() === tag) void tagContacts.refetch();
                    setTag(tagInput.trim());
                    forgetVerdicts();
                  }}
                    loading={tagContacts.isFetching && !tagContacts.data} loaded={tagContacts.loaded} error={tagContacts.error}
                    onRetry={() => tagContacts.refetch()} contactCount={contacts ? contacts.length : null} metaKeys={keys}
                    slots={slots} variables={tagVariables} onVariables={(v) => { setTagVariables(v); forgetVerdicts(); }} />
                )}
                {candidates.length > 0 && (
                  <RecipientProblems selection={selection} candidates={candidates.length} noun={noun} leaveOut={leaveOut} onLeaveOut={setLeaveOut}
                    fix={source === 'csv' ? 'Fix the file and choose it again' : 'Fill in the missing values on the contacts and load them again'} />
                )}
              </div>
            )}
            <FieldErrors messages={recipientErrors} />
          </Step>

          <Step n={3} title="Details">
            <div className="space-y-5">
              <TextField label="Name" name="name" value={details.name} maxLength={100} autoComplete="off"
                placeholder="e.g. March promo" hint="For you and your team; recipients do not see it."
                errors={fieldErrors('name')} onChange={(e) => setDetails((d) => ({ ...d, name: e.target.value }))} />
              <When details={details} timeZone={timeZone} errors={fieldErrors('start_on')} onChange={(f) => {
                setDetails(f);
                setClientErrors((e) => ({ ...e, start_on: undefined }));
              }} />
              <div className="flex items-start gap-3">
                <input id="broadcast-priority" type="checkbox" checked={details.priority} aria-describedby="broadcast-priority-hint"
                  onChange={(e) => setDetails((d) => ({ ...d, priority: e.target.checked }))} className="mt-0.5 size-4 accent-indigo-600" />
                <div className="text-sm">
                  <label htmlFor="broadcast-priority" className="font-medium text-slate-700">Priority</label>
                  <p id="broadcast-priority-hint" className="text-slate-500">
                    Also send to contacts who are in a flow or talking with an agent. Without it, they are skipped so the conversation is not interrupted.
                  </p>
                  <FieldErrors messages={messagesAt(errors, ['has_priority'])} />
                </div>
              </div>
              <TextField label="Contact tags to add" name="contact_tags" value={details.tags} autoComplete="off" placeholder="e.g. march-promo, vip"
                hint="Comma-separated. Every recipient's contact gets these tags (new contacts are created)."
                errors={fieldErrors('contact_tags')} onChange={(e) => setDetails((d) => ({ ...d, tags: e.target.value }))} />
            </div>
          </Step>

          <div className="flex items-center justify-end gap-3">
            {template && selection.recipients.length > 0 && (selection.problems.length === 0 || leaveOut) && (
              <p className="mr-auto text-sm text-slate-600" data-testid="ready-count">
                {fmt.format(selection.recipients.length - selection.duplicates)} {selection.recipients.length - selection.duplicates === 1 ? 'recipient' : 'recipients'}
                {selection.leftOut > 0 && <> ({fmt.format(selection.leftOut)} left out)</>}
                {selection.duplicates > 0 && <> ({fmt.format(selection.duplicates)} repeated)</>}
              </p>
            )}
            <ButtonLink href="/broadcasts" variant="secondary">Cancel</ButtonLink>
            <Button type="submit">Review broadcast</Button>
          </div>
        </form>

        <aside className="min-w-0 lg:col-span-2" aria-label="Preview">
          <div className="lg:sticky lg:top-6">
            <Card title="Preview">
              {shown ? (
                <>
                  <TemplatePreview preview={shown} />
                  <p className="mt-3 text-xs text-slate-500" data-testid="preview-source">
                    {sample ? <>With the values of <b className="font-medium text-slate-700">{sample.label}</b>.</>
                      : slots.length ? 'Placeholders show until recipients are added.' : 'Every recipient gets the same message.'}
                  </p>
                </>
              ) : <p className="text-sm text-slate-500">Choose a template to see the message.</p>}
            </Card>
          </div>
        </aside>
      </div>
    </>
  );
}

function When({ details, timeZone, onChange, errors }: {
  details: Details; timeZone?: string; onChange: (f: (d: Details) => Details) => void; errors: string[];
}) {
  const id = useId();
  return (
    <fieldset aria-describedby={errors.length ? `${id}-errors` : undefined}>
      <legend className="text-sm font-medium text-slate-700">When</legend>
      <div className="mt-2 space-y-2">
        <label className="flex items-center gap-2 text-sm text-slate-700">
          <input type="radio" name={`${id}-when`} checked={details.when === 'now'} onChange={() => onChange((d) => ({ ...d, when: 'now' }))}
            className="size-4 accent-indigo-600" />
          Send now
        </label>
        <label className="flex items-center gap-2 text-sm text-slate-700">
          <input type="radio" name={`${id}-when`} checked={details.when === 'later'} onChange={() => onChange((d) => ({ ...d, when: 'later' }))}
            className="size-4 accent-indigo-600" />
          Schedule for later
        </label>
        {details.when === 'later' && (
          <div className="pl-6">
            <TextField label="Send at" type="datetime-local" className="max-w-60" value={details.at}
              min={localInputValue(new Date(), timeZone)} errors={errors}
              hint={`In the account's time zone (${zoneLabel(timeZone, new Date(localInputToIso(details.at, timeZone) ?? Date.now()))}).`}
              onChange={(e) => onChange((d) => ({ ...d, at: e.target.value, atEdited: true }))} />
          </div>
        )}
      </div>
      {details.when === 'now' && <FieldErrors id={`${id}-errors`} messages={errors} />}
    </fieldset>
  );
}
