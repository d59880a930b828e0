import { useParams } from 'wouter';
import { EmailTemplateEditor } from './emailTemplateParts';

/** Edits one platform email template: subject and body in English and Vietnamese, placeholders, preview, test send. */
export default function EmailTemplateEditPage() {
  const { id } = useParams<{ id: string }>();
  return (
    <EmailTemplateEditor key={id} scope={{ side: 'operator', id: Number(id) }} backPath="/notisphere/email-templates" />
  );
}
