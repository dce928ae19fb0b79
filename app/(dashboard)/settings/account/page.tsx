import type { Metadata } from 'next';
import { AccountSettingsView } from '@/components/settings/account-settings-view';

export const metadata: Metadata = { title: 'Account settings' };

export default function AccountSettingsPage() {
  return <AccountSettingsView />;
}
