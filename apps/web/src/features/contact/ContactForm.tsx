import "../../styles/mantine-forms";
import { Button, NativeSelect } from "@mantine/core";
import { ENQUIRY_TYPE_LABELS, ENQUIRY_TYPES, type EnquiryType } from "@tearoom/domain";
import { useToast } from "@tearoom/ui";
import { failureText, postJson } from "../../lib/http";
import formClasses from "../forms/Forms.module.css";
import { GrowingTextarea } from "../forms/GrowingTextarea";
import { Honeypot } from "../forms/Honeypot";
import { usePublicForm } from "../forms/use-public-form";
import { ContactFields } from "../forms/ContactFields";

interface Draft {
  name: string;
  email: string;
  phone: string;
  enquiryType: EnquiryType | "";
  message: string;
}

const EMPTY: Draft = { name: "", email: "", phone: "", enquiryType: "", message: "" };

/** The contact form (spec sections 3–5, 8): idle, Sending..., then a toast; posts to /api/contact. */
export function ContactForm() {
  const { toast } = useToast();
  const form = usePublicForm({
    schema: "contact",
    initialValues: EMPTY,
    honeypot: true,
    toInput: (draft) => ({ ...draft, enquiryType: draft.enquiryType || undefined }),
    onValid: async (data) => {
      await postJson("/api/contact", data);
      toast({ title: "Message Sent", description: "Thank you for your enquiry. We'll be in touch soon." });
      form.reset();
    },
    onFailure: (error) => {
      toast({ title: "Error", description: failureText("There was a problem sending your message. Please try again.", error), variant: "destructive" });
    },
  });
  const { values: draft, errors, setField: set } = form;

  return (
    <form {...form.formProps} className={formClasses.form} aria-label="Contact form">
      <div className={formClasses.grid}>
        <ContactFields values={draft} errors={errors} set={set} phoneOptional />
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
      <Honeypot {...form.honeypotProps} />
      <Button type="submit" size="lg" disabled={form.pending}>
        {form.pending ? "Sending..." : "Send Message"}
      </Button>
    </form>
  );
}
