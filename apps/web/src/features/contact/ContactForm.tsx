import "../../styles/mantine-forms";
import { Button, NativeSelect, TextInput } from "@mantine/core";
import { ENQUIRY_TYPE_LABELS, ENQUIRY_TYPES, type EnquiryType } from "@tearoom/domain";
import { useToast } from "@tearoom/ui";
import { useRef, useState, type FormEvent } from "react";
import { failureText, postJson } from "../../lib/http";
import { checkForm, prefetchFormSchemas } from "../forms/check-form";
import { focusFirstError } from "../forms/focus-first-error";
import formClasses from "../forms/Forms.module.css";
import { GrowingTextarea } from "../forms/GrowingTextarea";
import { Honeypot } from "../forms/Honeypot";

interface Draft {
  name: string;
  email: string;
  phone: string;
  enquiryType: EnquiryType | "";
  message: string;
  website: string;
}

const EMPTY: Draft = { name: "", email: "", phone: "", enquiryType: "", message: "", website: "" };

/** The contact form (spec sections 3–5, 8): idle, Sending..., then a toast; posts to /api/contact. */
export function ContactForm() {
  const { toast } = useToast();
  const [draft, setDraft] = useState<Draft>(EMPTY);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [sending, setSending] = useState(false);
  const formRef = useRef<HTMLFormElement>(null);

  const set = <K extends keyof Draft>(key: K, value: Draft[K]) => {
    setDraft((d) => ({ ...d, [key]: value }));
    setErrors((e) => (e[key] ? { ...e, [key]: "" } : e));
  };

  async function submit(e: FormEvent) {
    e.preventDefault();
    if (sending) return;
    const failed = (error: unknown) => {
      toast({ title: "Error", description: failureText("There was a problem sending your message. Please try again.", error), variant: "destructive" });
    };
    const checked = await checkForm("contact", { ...draft, enquiryType: draft.enquiryType || undefined }).catch(failed);
    if (!checked) return;
    if (!checked.ok) {
      setErrors(checked.errors);
      focusFirstError(formRef.current);
      return;
    }
    setSending(true);
    try {
      await postJson("/api/contact", checked.data);
      toast({ title: "Message Sent", description: "Thank you for your enquiry. We'll be in touch soon." });
      setDraft(EMPTY);
      setErrors({});
    } catch (error) {
      failed(error);
    } finally {
      setSending(false);
    }
  }

  return (
    <form method="post" ref={formRef} className={formClasses.form} onSubmit={submit} onFocus={prefetchFormSchemas} noValidate aria-label="Contact form">
      <div className={formClasses.grid}>
        <TextInput label="Name" required autoComplete="name" value={draft.name} onChange={(e) => set("name", e.currentTarget.value)} error={errors.name} />
        <TextInput label="Email" type="email" required autoComplete="email" value={draft.email} onChange={(e) => set("email", e.currentTarget.value)} error={errors.email} />
        <TextInput label="Phone (optional)" type="tel" autoComplete="tel" value={draft.phone} onChange={(e) => set("phone", e.currentTarget.value)} error={errors.phone} />
        <NativeSelect
          label="Enquiry type"
          required
          value={draft.enquiryType}
          onChange={(e) => set("enquiryType", e.currentTarget.value as EnquiryType)}
          data={[{ value: "", label: "Select an enquiry type" }, ...ENQUIRY_TYPES.map((t) => ({ value: t, label: ENQUIRY_TYPE_LABELS[t] }))]}
          error={errors.enquiryType}
        />
        <GrowingTextarea
          className={formClasses.full}
          label="Message"
          required
          rows={5}
          value={draft.message}
          onChange={(e) => set("message", e.currentTarget.value)}
          error={errors.message}
        />
      </div>
      <Honeypot value={draft.website} onChange={(v) => set("website", v)} />
      <Button type="submit" size="lg" disabled={sending}>
        {sending ? "Sending..." : "Send Message"}
      </Button>
    </form>
  );
}
