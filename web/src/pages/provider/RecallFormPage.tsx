import { EventFormPage } from './EventFormPage';

export default function RecallFormPage() {
  return <EventFormPage type="RECALL" />;
}
