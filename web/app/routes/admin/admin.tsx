import { Navigate } from 'react-router';
import { ErrorState, Loading } from '../../../components/states';
import { useUser } from '../../../features/auth/api/get-user';
import { AdminAuthCard } from '../../../features/auth/components/admin-auth-card';

/** /admin: admins go to the design area, shoppers home, visitors see the admin card. */
export default function AdminRoute() {
  const { data: user, isPending, isError, refetch } = useUser();
  if (isPending) return <Loading />;
  // A session that could not be checked (server down, offline) is not a visitor's: no login card.
  if (isError && !user) {
    return <ErrorState message="The server could not be reached." onRetry={() => void refetch()} />;
  }
  if (user?.isAdmin) return <Navigate to="/admin/design" replace />;
  if (user?.id) return <Navigate to="/" replace />;
  return <AdminAuthCard />;
}
