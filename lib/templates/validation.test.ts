import { describe, expect, it } from 'vitest';
import { templateDraftSchema } from './validation';

// The checks a new template goes through before the provider sees it: what it would refuse, or
// what this service could not fill when sending.

const BODY = { type: 'BODY', text: 'Hi {{1}}' };
const draft = (...components: object[]) => ({ channel: 1, name: 'order_ready', language: 'en', category: 'UTILITY', components: [BODY, ...components] });
const problems = (input: object) => {
  const parsed = templateDraftSchema.safeParse(input);
  return parsed.success ? [] : parsed.error.issues.map((i) => i.message);
};

describe('templateDraftSchema', () => {
  it('takes complete buttons and a text header', () => {
    expect(problems(draft(
      { type: 'HEADER', format: 'TEXT', text: 'Order {{1}}' },
      { type: 'BUTTONS', buttons: [
        { type: 'QUICK_REPLY', text: 'OK' }, { type: 'URL', text: 'Track', url: 'https://t.example/{{1}}' },
        { type: 'PHONE_NUMBER', text: 'Call', phone_number: '+5215512345678' },
      ] },
    ))).toEqual([]);
  });

  it('takes the samples of named placeholders, in the form the provider documents', () => {
    const named = { channel: 1, name: 'named', language: 'en', category: 'UTILITY', components: [
      { type: 'BODY', text: 'Hi {{first_name}}', example: { body_text_named_params: [{ param_name: 'first_name', example: 'Ana' }] } },
    ] };
    expect(problems(named)).toEqual([]);
  });

  it('refuses buttons without their address or number, or with a bad one', () => {
    expect(problems(draft({ type: 'BUTTONS', buttons: [
      { type: 'URL', text: 'Go' }, { type: 'URL', text: 'Bad', url: 'not a url' }, { type: 'URL', text: 'Gap', url: 'https://t.example/{{2}}' },
      { type: 'PHONE_NUMBER', text: 'Call' },
    ] }))).toEqual([
      'Button 1 ("Go"): a URL button needs its url.',
      'Button 2 ("Bad"): enter a full http(s) address, such as https://example.com/orders/{{1}}.',
      'Button 3 ("Gap"): Number the variables from {{1}} without gaps: {{1}} is missing.',
      'Button 4 ("Call"): a phone number button needs its number, such as +5215512345678.',
    ]);
  });

  it('refuses a header it could not send: empty, too long, or media', () => {
    expect(problems(draft({ type: 'HEADER', format: 'TEXT' }))).toEqual(['Header: a TEXT header needs its text.']);
    expect(problems(draft({ type: 'HEADER', text: 'x'.repeat(61) }))).toEqual(['Header: at most 60 characters.']);
    expect(problems(draft({ type: 'HEADER', format: 'IMAGE' }))).toEqual([
      'Header: only a TEXT header can be sent from here (a media header needs a file with every send).',
    ]);
  });
});
