import { FdaRecordsPage } from './FdaRecordsPage';

/** /notisphere/fda-devices: public FDA device recalls (Notisphere_ViewFDAInformation). */
export default function FdaDevicesPage() {
  return <FdaRecordsPage list="devices" />;
}
