import { PageHeader } from "../features/common/PageHeader";
import { PrivacyTools } from "../features/privacy/PrivacyTools";

/** /admin/privacy: the owner's tools for what is held about a person (R39). */
export default function PrivacyPage() {
  return (
    <>
      <PageHeader title="Privacy" description="Export or erase what is held about a person" />
      <PrivacyTools />
    </>
  );
}
