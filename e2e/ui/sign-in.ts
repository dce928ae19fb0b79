import { expect, type Page } from '@playwright/test';

/** Signs in through the login form and waits for the dashboard's first page (Contacts). */
export async function signIn(page: Page, email: string, password: string) {
  await page.goto('/login');
  await page.getByLabel('Email', { exact: true }).fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page).toHaveURL(/\/contacts$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Contacts' })).toBeVisible();
}
