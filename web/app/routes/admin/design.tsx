import { AdminFrame } from '../../../features/design/components/admin-frame';
import { DesignStudio } from '../../../features/design/components/design-studio';

/** /admin/design: the admin-only studio (AdminOnly has already checked the role). */
export default function DesignRoute() {
  return (
    <AdminFrame>
      <DesignStudio />
    </AdminFrame>
  );
}
