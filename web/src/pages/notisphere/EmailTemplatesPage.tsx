import { EmailTemplateList } from './emailTemplateParts';

/** The platform's email templates (Notisphere_ManageEmailTemplates): every email the product sends. */
export default function EmailTemplatesPage() {
  return <EmailTemplateList side="operator" editPath="/notisphere/email-templates/edit" />;
}
