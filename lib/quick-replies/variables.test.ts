import { describe, expect, it } from 'vitest';
import { fillVariables, unknownVariables } from './variables';

const contact = { first_name: 'Ana', last_name: '', phone: '+52 55 1234 5678', meta: { city: 'Puebla', plan: { tier: 'gold' } } };

describe('quick-reply variables', () => {
  it('fills contact fields, meta keys and the agent', () => {
    expect(fillVariables('Hi {{contact.first_name}} from {{ contact.city }}, {{contact.meta.city}}. {{agent.first_name}}',
      { contact, agent: { first_name: 'Bea' } })).toBe('Hi Ana from Puebla, Puebla. Bea');
  });

  it('leaves nothing of a variable without a value', () => {
    expect(fillVariables('[{{contact.last_name}}][{{contact.missing}}][{{agent.first_name}}]', { contact })).toBe('[][][]');
  });

  it('writes the text after | for a variable without a value', () => {
    expect(fillVariables('Hi {{contact.last_name | there}}, {{contact.first_name|friend}}! {{agent.first_name | the team}}', { contact }))
      .toBe('Hi there, Ana! the team');
    expect(unknownVariables('{{contact.first_name | x}} {{order.id | y}}')).toEqual(['order.id']);
  });

  it('writes an object value as JSON', () => {
    expect(fillVariables('{{contact.plan}}', { contact })).toBe('{"tier":"gold"}');
  });

  it('names the variables that are neither contact nor agent values', () => {
    expect(unknownVariables('{{contact.first_name}} {{name}} {{order.id}} {{contact.}} {{agent.email}}')).toEqual(['name', 'order.id', 'contact.']);
  });
});
