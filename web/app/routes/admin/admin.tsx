import { Navigate } from 'react-router';
import { Loading } from '../../../components/states';
import { useUser } from '../../../features/auth/api/get-user';
import { AdminAuthCard } from '../../../features/auth/components/admin-auth-card';

/** /admin: admins go to the design area, shoppers home, visitors see the admin card. */
export default function AdminRoute() {
  const { data: user, isPending } = useUser();
  if (isPending) return <Loading />;
  if (user?.isAdmin) return <Navigate to="/admin/design" replace />;
  if (user?.id) return <Navigate to="/" replace />;
  return <AdminAuthCard />;
}
