import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { expect } from '@playwright/test';

/** The folder the e2e SMTP server (scripts/e2e.sh → e2e/servers/smtp-sink.py) writes messages to. */
export function mailDir(): string | undefined {
  return process.env.E2E_MAIL_DIR;
}

/** Waits until a message for `recipient` arrives over SMTP and returns its subject and text part. */
export async function waitForMail(recipient: string, { timeoutMs = 20_000 } = {}): Promise<string> {
  const dir = mailDir();
  if (!dir) throw new Error('E2E_MAIL_DIR is not set: run through scripts/e2e.sh');
  let found: string | undefined;
  await expect
    .poll(
      async () => {
        const files = (await readdir(dir)).filter((file) => file.endsWith('.txt') && file.includes(recipient));
        if (files.length === 0) return false;
        const raw = await readFile(join(dir, files.sort().at(-1)!), 'utf8');
        found = raw;
        return true;
      },
      { timeout: timeoutMs, message: `no e-mail for ${recipient} reached the SMTP server` },
    )
    .toBe(true);
  return found!;
}

/** The first link in a message that starts with `prefix`. */
export function linkIn(message: string, prefix: string): string {
  const match = message.match(new RegExp(`${prefix.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}[^\\s"<>]+`));
  if (!match) throw new Error(`no link starting with ${prefix} in:\n${message}`);
  return match[0];
}
