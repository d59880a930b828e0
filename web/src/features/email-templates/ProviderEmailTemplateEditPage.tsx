import { useParams } from 'wouter';
import { EmailTemplateEditor } from './emailTemplateParts';

/** Edits the provider's own version of a template (the route's id is the template key). */
export default function ProviderEmailTemplateEditPage() {
  const { id } = useParams<{ id: string }>();
  return <EmailTemplateEditor key={id} scope={{ side: 'provider', key: id }} backPath="/provider/email-templates" />;
}
