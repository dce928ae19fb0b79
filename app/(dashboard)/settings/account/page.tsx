import type { Metadata } from 'next';
import { AccountSettingsView } from '@/components/settings/account-settings-view';
import { countryChoices } from '@/lib/phone/countries';

export const metadata: Metadata = { title: 'Account settings' };

export default function AccountSettingsPage() {
  return <AccountSettingsView countries={countryChoices()} />;
}
