import { describe, expect, it } from 'vitest';
import { renderTemplate, variableCount, wireTemplate } from './variables';

const components = [
  { type: 'HEADER', format: 'TEXT', text: 'Order {{1}}' },
  { type: 'BODY', text: 'Hi {{1}}, it arrives {{2}}. Again: {{1}}' },
  { type: 'FOOTER', text: 'Bye' },
  { type: 'BUTTONS', buttons: [{ type: 'QUICK_REPLY', text: 'OK' }, { type: 'URL', text: 'Track', url: 'https://t.example/{{1}}' }] },
];

describe('template variables', () => {
  it('counts HEADER, BODY and URL-button placeholders once each', () => {
    expect(variableCount(components)).toBe(4);
    expect(variableCount([{ type: 'HEADER', format: 'IMAGE' }, { type: 'BODY', text: 'none' }])).toBe(0);
    expect(variableCount({})).toBe(0);
  });

  it('builds the wire template with the variables in order', () => {
    expect(wireTemplate({ name: 'n', language: 'es', components }, ['A', 'B', 'C', 'D'])).toEqual({
      name: 'n', language: { code: 'es' },
      components: [
        { type: 'header', parameters: [{ type: 'text', text: 'A' }] },
        { type: 'body', parameters: [{ type: 'text', text: 'B' }, { type: 'text', text: 'C' }] },
        { type: 'button', sub_type: 'url', index: '1', parameters: [{ type: 'text', text: 'D' }] },
      ],
    });
    expect(wireTemplate({ name: 'n', language: 'en', components: [{ type: 'BODY', text: 'x' }] }, [])).toEqual({ name: 'n', language: { code: 'en' } });
  });

  it('renders what the contact reads', () => {
    expect(renderTemplate(components, ['A', 'B', 'C', 'D'])).toBe('Order A\n\nHi B, it arrives C. Again: B\n\nBye');
  });
});
