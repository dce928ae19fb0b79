import { getCountries } from 'libphonenumber-js';

export type Country = { code: string; name: string };

/** Every country a phone number can belong to, named in English, by name: for the country pickers. */
export function countryChoices(): Country[] {
  const names = new Intl.DisplayNames(['en'], { type: 'region' });
  return getCountries().map((code) => ({ code, name: names.of(code) ?? code })).sort((a, b) => a.name.localeCompare(b.name));
}
