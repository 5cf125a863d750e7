import { AccountLayout } from '@/features/accounts/components/account-layout';
import { DeviceManagementPage } from '@/features/devices/routes/device-management-page';

/** `/account/device-management`: the devices feature inside the account area's frame (composed here, not in either feature). */
export default function DeviceManagementRoute() {
  return (
    <AccountLayout title="Devices">
      <DeviceManagementPage />
    </AccountLayout>
  );
}
