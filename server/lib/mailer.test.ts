import { mkdtempSync, readdirSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { createMailer, mailFolder } from './mailer';

const dataDir = mkdtempSync(path.join(tmpdir(), 'drape-mailer-'));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

describe('createMailer without SMTP_URL', () => {
  it('writes each message into DATA_DIR/mail, readable by its owner only', async () => {
    const mailer = createMailer({ smtpUrl: undefined, mailFrom: 'Drape <o@drape.test>', dataDir });
    const sent = await mailer.send({
      to: 'ada@example.com',
      subject: 'Your Drape order',
      text: 'Hello',
      html: '<p>Hello</p>',
      tag: 'DR-261126-ABCD',
    });
    const folder = mailFolder(dataDir);
    expect(readdirSync(folder)).toEqual([path.basename(sent.file!)]);
    expect(statSync(folder).mode & 0o777).toBe(0o700);
    expect(statSync(sent.file!).mode & 0o777).toBe(0o600);
  });
});
