import { randomUUID } from 'node:crypto';
import type { ChannelProvider } from '../provider';

// The sandbox accepts every send at once; its delivery statuses (sent, delivered, read) follow on
// a short timer (sandbox/status-job.ts) through the same status code path as real callbacks.
export const sandboxProvider: ChannelProvider = {
  async send(_message, claim) {
    if (!(await claim())) return { ok: false, calledOff: true };
    return { ok: true, providerId: `sandbox.${randomUUID()}` };
  },
  async testCredentials() {
    return { ok: true, reached: true, detail: 'The sandbox channel needs no credentials.' };
  },
  async fetchTemplates() {
    return null;
  },
  // Sandbox templates are reviewed by nobody: approved at once.
  async submitTemplate() {
    return { id: null, status: 'approved' };
  },
  async removeTemplate() {},
};
