import type { Role } from '@/lib/client/types';

export type NavItem = { href: string; label: string; match: string; roles?: Role[] };

export const NAV_ITEMS: NavItem[] = [
  { href: '/contacts', label: 'Contacts', match: '/contacts' },
  { href: '/inbox', label: 'Inbox', match: '/inbox' },
  { href: '/templates', label: 'Templates', match: '/templates' },
  { href: '/sandbox', label: 'Sandbox phone', match: '/sandbox' },
  { href: '/broadcasts', label: 'Broadcasts', match: '/broadcasts' },
  { href: '/flows', label: 'Flows', match: '/flows' },
  { href: '/webhooks', label: 'Webhooks', match: '/webhooks' },
  { href: '/settings/account', label: 'Settings', match: '/settings' },
  { href: '/settings/channels', label: 'Channels', match: '/settings/channels' },
  { href: '/dev/api-keys', label: 'API keys', match: '/dev', roles: ['ADMIN'] },
];
