import type { templateCategory } from '@/db/schema';

// Approved templates every new account gets on its sandbox channel, so it can send right away.
type Category = (typeof templateCategory.enumValues)[number];

export const SANDBOX_TEMPLATES: { name: string; language: string; category: Category; components: object[] }[] = [
  {
    name: 'hello_world', language: 'en', category: 'UTILITY',
    components: [
      { type: 'HEADER', format: 'TEXT', text: 'Hello World' },
      { type: 'BODY', text: 'Welcome and congratulations!! This message shows that your sandbox channel can send template messages.' },
      { type: 'FOOTER', text: 'Sandbox message' },
    ],
  },
  {
    name: 'welcome', language: 'en', category: 'ACCOUNT_UPDATE',
    components: [
      { type: 'BODY', text: 'Hi {{1}}, welcome to {{2}}! Reply to this message to talk to our team.' },
    ],
  },
  {
    name: 'order_update', language: 'en', category: 'SHIPPING_UPDATE',
    components: [
      { type: 'HEADER', format: 'TEXT', text: 'Order {{1}}' },
      { type: 'BODY', text: 'Hi {{1}}, your order is on its way and should arrive on {{2}}.' },
      { type: 'FOOTER', text: 'Reply STOP to opt out' },
      { type: 'BUTTONS', buttons: [{ type: 'URL', text: 'Track order', url: 'https://example.com/track/{{1}}' }] },
    ],
  },
  {
    name: 'appointment_reminder', language: 'es', category: 'APPOINTMENT_UPDATE',
    components: [
      { type: 'BODY', text: 'Hola {{1}}, te recordamos tu cita el {{2}} a las {{3}}.' },
      { type: 'BUTTONS', buttons: [{ type: 'QUICK_REPLY', text: 'Confirmar' }, { type: 'QUICK_REPLY', text: 'Reprogramar' }] },
    ],
  },
];
