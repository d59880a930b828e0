import { EmailTemplateList } from '../notisphere/emailTemplateParts';

/** The templates of the mail a provider's own users receive, which it may override (Provider_ManageEmailTemplates). */
export default function ProviderEmailTemplatesPage() {
  return <EmailTemplateList side="provider" editPath="/provider/email-templates/edit" />;
}
