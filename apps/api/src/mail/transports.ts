import { mkdir, rename, rm, writeFile } from "node:fs/promises";
import { join } from "node:path";
import type { Transporter } from "nodemailer";
import { messageFilePrefix } from "./written-messages.js";

// nodemailer (about 70 ms to load) is imported with the first message, not at start-up.
let nodemailerLoading: Promise<typeof import("nodemailer")> | undefined;
const nodemailer = () => (nodemailerLoading ??= import("nodemailer").then((module) => module.default ?? module));

/** One message as the outbox holds it (R17). */
export interface DeliverableMail {
  id: number;
  kind: string;
  to: string;
  subject: string;
  text: string;
  html: string;
  attachments: { filename: string; contentType: string; content: string }[];
  replyTo?: string;
  /** The message's own header fields (List-Unsubscribe…); ours come last so they cannot be overridden. */
  headers?: Record<string, string>;
}

export interface MailTransport {
  readonly name: "smtp" | "files";
  send(mail: DeliverableMail, from: string): Promise<void>;
  close?(): void;
}

function toNodemailer(mail: DeliverableMail, from: string) {
  return {
    from,
    to: mail.to,
    subject: mail.subject,
    text: mail.text,
    html: mail.html,
    attachments: mail.attachments.map((a) => ({ filename: a.filename, contentType: a.contentType, content: a.content })),
    ...(mail.replyTo ? { replyTo: mail.replyTo } : {}),
    headers: { ...mail.headers, "X-Tearoom-Outbox-Id": String(mail.id), "X-Tearoom-Kind": mail.kind },
  };
}

/** Delivers through the SMTP server in `SMTP_URL` (smtp://user:pass@host:587, smtps://…). */
export function createSmtpTransport(url: string): MailTransport {
  let transporter: Transporter | undefined;
  return {
    name: "smtp",
    async send(mail, from) {
      transporter ??= (await nodemailer()).createTransport(url);
      await transporter.sendMail(toNodemailer(mail, from));
    },
    close: () => transporter?.close(),
  };
}

/**
 * Writes each message as a complete .eml file a developer can open in any mail program. The file
 * is named after the outbox row, so a retried delivery overwrites rather than duplicates, and is
 * written to a temporary name first so a reader never sees half a message.
 */
export function createFileTransport(dir: string): MailTransport {
  let composer: Transporter | undefined;
  return {
    name: "files",
    async send(mail, from) {
      composer ??= (await nodemailer()).createTransport({ streamTransport: true, buffer: true });
      const info = await composer.sendMail(toNodemailer(mail, from));
      const safeKind = mail.kind.replace(/[^a-z0-9-]/gi, "-");
      const file = join(dir, `${messageFilePrefix(mail.id)}${safeKind}.eml`);
      const tmp = `${file}.tmp`;
      // R27: messages hold guests' details; only the server's user may read them.
      const write = () => writeFile(tmp, info.message as Buffer, { mode: 0o600 });
      // The folder is made when missing, not checked before every message.
      try {
        await write().catch(async (err: NodeJS.ErrnoException) => {
          if (err.code !== "ENOENT") throw err;
          await mkdir(dir, { recursive: true, mode: 0o700 });
          await write();
        });
        await rename(tmp, file);
      } catch (err) {
        // R41: a full disk leaves no half message behind, nor the space it took; the send is retried.
        await rm(tmp, { force: true }).catch(() => undefined);
        throw err;
      }
    },
  };
}
