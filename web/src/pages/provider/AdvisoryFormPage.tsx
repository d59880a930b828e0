import { EventFormPage } from './EventFormPage';

export default function AdvisoryFormPage() {
  return <EventFormPage type="PRODUCT DISRUPTION" />;
}
