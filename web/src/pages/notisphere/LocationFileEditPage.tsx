import { LocationFilePage } from './LocationFilePage';

/** /notisphere/location-pre-processor/edit/:id: the operator's review of a matched job (REVIEW rows first). */
export default function LocationFileEditPage() {
  return <LocationFilePage editable />;
}
