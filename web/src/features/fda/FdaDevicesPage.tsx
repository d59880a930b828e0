import { useState } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import { Tabs, TabsList, TabsTrigger } from '@portal/design-system';
import { FdaRecordsPage } from './FdaRecordsPage';

type DeviceList = 'devices' | 'device-enforcement';

/**
 * /notisphere/fda-devices: public FDA device records (Notisphere_ViewFDAInformation), in two grids: device recalls and
 * device enforcement reports (the same Z-numbers, with the FDA classification).
 */
export default function FdaDevicesPage() {
  const { t } = useLingui();
  const [list, setList] = useState<DeviceList>('devices');
  return (
    <Tabs value={list} onValueChange={(v) => setList(v as DeviceList)}>
      <FdaRecordsPage
        key={list}
        list={list}
        tabs={
          <TabsList aria-label={t`FDA device records`}>
            <TabsTrigger value="devices">
              <Trans>Device recalls</Trans>
            </TabsTrigger>
            <TabsTrigger value="device-enforcement">
              <Trans>Enforcement reports</Trans>
            </TabsTrigger>
          </TabsList>
        }
      />
    </Tabs>
  );
}
