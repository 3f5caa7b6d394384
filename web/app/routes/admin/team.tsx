import { AddAdmin } from '../../../features/auth/components/add-admin';
import { AdminFrame } from '../../../features/design/components/admin-frame';

/** /admin/team: an admin adds another administrator (AdminOnly has already checked the role). */
export default function TeamRoute() {
  return (
    <AdminFrame>
      <AddAdmin />
    </AdminFrame>
  );
}
