import { describeError } from '@/lib/errors/describe';
import { sendMail } from './smtp';

/**
 * Emails a reset link when SMTP_URL is set (from SMTP_FROM, default no-reply@localhost). The link
 * is also shown to the admin, so a mail failure is logged and reported, never an error.
 */
export async function sendResetLinkEmail(to: string, url: string): Promise<boolean> {
  const smtpUrl = process.env.SMTP_URL;
  if (!smtpUrl) return false;
  try {
    await sendMail(smtpUrl, {
      from: process.env.SMTP_FROM || 'no-reply@localhost',
      to,
      subject: 'Reset your password',
      text: `An admin of your account created a link for you to choose a new password:\n\n${url}\n\nIt works once, for 24 hours.\n`,
    });
    return true;
  } catch (error) {
    console.error('[mail] reset link not sent:', describeError(error));
    return false;
  }
}
